"""Rebuild a finished game, step by step, from its seed, its options and its action log.

A replay never reads stored snapshots: ``rules.new(seats, seed, options)``
and then ``rules.apply`` for every logged action, in version order.  That is
the engine contract's promise (same seed + same actions = same game) put to
use, and it means the action log alone is the game's record: if a replay
disagrees with what players saw, the engine is not deterministic, which the
tests catch.

Pure and Discord-free: the handlers turn :class:`Step` states into boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, Event, RuleError, State


class ReplayError(Exception):
    """The log cannot be replayed: a gap in versions, or an action the engine refuses."""


@dataclass(frozen=True)
class Step:
    """The game after ``number`` logged actions (0 = the deal, before anyone moved)."""

    number: int
    state: State
    seat: int | None = None  # who acted to get here
    action: Action | None = None
    events: tuple[Event, ...] = ()

    def public_events(self) -> list[Event]:
        """What the channel saw of this move: events addressed to nobody in particular."""
        return [e for e in self.events if e.to is None]


def rebuild(
    rules: Any,
    num_seats: int,
    seed: int,
    options: Mapping[str, Any] | None,
    log: Sequence[Mapping[str, Any]],
    first: State | None = None,
) -> list[Step]:
    """Every state of the game, in order: ``[deal, after action 1, ..., after action N]``.

    ``log`` rows are the store's action rows (``version``, ``seat``, ``payload``);
    versions must run 1, 2, ... without a gap, or the replay would silently
    skip a move.  ``first``: the deal when it is not ``rules.new``'s (a tutorial's curated one).
    """
    state = rules.new(num_seats, seed, dict(options or {})) if first is None else first
    steps = [Step(0, state)]
    for expected, row in enumerate(sorted(log, key=lambda r: r["version"]), start=1):
        if row["version"] != expected:
            raise ReplayError(f"action log jumps from version {expected - 1} to {row['version']}")
        seat = int(row["seat"])
        action = row["payload"]
        try:
            transition = rules.apply(state, seat, action)
        except RuleError as exc:
            raise ReplayError(f"action {expected} ({action!r} by seat {seat}) refused: {exc.code}") from exc
        state = transition.state
        steps.append(Step(expected, state, seat, action, tuple(transition.events)))
    return steps


def public_views(rules: Any, steps: Sequence[Step]) -> list[Any]:
    """The spectator view at every step: exactly what the channel board was drawn from."""
    return [rules.view(step.state, None) for step in steps]


def finished(rules: Any, steps: Sequence[Step]) -> bool:
    """True when the last step is the end of the game by the rules (so hidden cards may be shown)."""
    return bool(steps) and rules.result(steps[-1].state) is not None
