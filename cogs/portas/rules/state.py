"""PORTAS's state plumbing: the state copy, and events, transitions, shuffles and shared actions built fast.

Split from the engine (``rules/__init__.py``, which they serve) because they are about CPython's
costs, not PORTAS's rules: each builds exactly what the plain code would
(``tests/portas/engine/test_fast_paths.py`` compares them with a plain reference
engine), only faster, since the strong AI's rollouts run millions of moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import JSON, Event, State, Transition

copy_state: Callable[[State], State] = dict.copy
"""The copy a move starts from: the top level only (copy-on-write).

A move copies each container it changes as it changes it and shares the rest
with the input state, which is never mutated; a deep copy per move would cost
more than the move itself, and the strong AI's rollouts make millions.
"""

# # ``Event`` and ``Transition`` are frozen dataclasses: their generated
# ``__init__`` sets every field through ``object.__setattr__``: a fifth of
# a move (docs/performance.md).  These build the very same instances (same class,
# same fields, equal and printable as usual) by filling ``__dict__`` directly.

_new_instance = object.__new__


def _event(kind: str, args: dict[str, Any]) -> Event:
    """``Event(kind, args)`` (public), built without the frozen-dataclass ``__init__``."""
    event = _new_instance(Event)
    fields = event.__dict__
    fields["kind"] = kind
    fields["args"] = args
    fields["to"] = None
    return event


def _transition(state: State, events: tuple[Event, ...]) -> Transition:
    """``Transition(state, events)``, built without the frozen-dataclass ``__init__``."""
    transition = _new_instance(Transition)
    fields = transition.__dict__
    fields["state"] = state
    fields["events"] = events
    return transition


def _shuffle(items: list[Any], getrandbits: Any) -> None:
    """``random.Random.shuffle`` inlined: the same swaps from the same bits, without two calls per card.

    Identical output to ``rng.shuffle(items)`` (CPython's Fisher-Yates with
    ``_randbelow_with_getrandbits``), so a seed still deals the same game.
    """
    steps = _SHUFFLE_STEPS.get(len(items)) or _shuffle_steps(len(items))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _randbelow(n: int, getrandbits: Any) -> int:
    """``random.Random.randrange(n)`` for ``n > 0``: the same bits give the same number, minus its argument checks."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """(position, positions to choose from, bits per draw) for each swap of a ``length``-item shuffle."""
    steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    _SHUFFLE_STEPS[length] = steps
    return steps


_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


class _Port(dict):  # type: ignore[type-arg]
    """A port action as :func:`legal` returns it: built once, shared, read-only.

    Allocating a fresh 3-key dict per legal action was about a third of
    ``legal``'s cost, and ``legal`` runs before every move of every rollout.
    These are real ``dict``s (equal to, and JSON-encoded like, the plain
    ``{"type": "port", ...}`` they stand for); changing one raises instead of
    silently changing every later ``legal`` list, and copies are plain dicts.
    ``apply`` skips re-validating their shape: they are well-formed by
    construction.
    """

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("PORTAS legal actions are shared and read-only: change a copy, dict(action)")

    __setitem__ = __delitem__ = __ior__ = _read_only  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))

    def __copy__(self) -> dict[str, JSON]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, JSON]:
        return dict(self)


