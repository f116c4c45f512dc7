"""What a PORTAS seat sees, and the full states consistent with it (for the strong AI).

PORTAS hides only the order of the decks: every seat, and a spectator, sees
the same.  Split from the engine (``rules/``) so the engine's moves and its views read
separately; ``rules.view`` adds who is to act.
"""

from __future__ import annotations

import marshal

from bot.engine import JSON, State, View, draw_rng

_PUBLIC_KEYS = (
    "game",
    "options",
    "first",
    "turn",
    "hands",
    "open",
    "taken",
    "scores",
    "passes",
    "last_taker",
    "recent",
    "result",
)


def view(state: State, seat: int | None, to_act: list[int]) -> View:
    """Everything but deck order: PORTAS hides nothing else, so every seat sees the same.

    Adds ``viewer``, ``to_act``, ``deck_sizes``, ``deck_cards`` (each deck's
    remaining cards in value order), ``treasures_left`` and ``treasure_pool``
    (unrevealed treasure values, sorted).  Returns fresh containers: callers
    may keep or change the view without touching the state.
    """
    out: View = _deep_copy({key: state[key] for key in _PUBLIC_KEYS})
    out["viewer"] = seat
    out["to_act"] = to_act
    out["deck_sizes"] = [len(deck) for deck in state["decks"]]
    out["deck_cards"] = [sorted(deck) for deck in state["decks"]]
    out["treasures_left"] = len(state["treasure_deck"])
    out["treasure_pool"] = sorted(state["treasure_deck"])
    return out


def determinize(view: View, seat: int, seed: int) -> State:
    """A full state matching ``view``: the unknown deck orders are shuffled from ``seed``.

    Only orders are hidden in PORTAS, so every sample has the same contents
    as the real state; the strong AI still must not see the real order.
    """
    holder: State = {"rng": seed}
    rng = draw_rng(holder)
    state: State = {key: _deep_copy(view[key]) for key in _PUBLIC_KEYS}
    decks = [list(cards) for cards in view["deck_cards"]]
    for deck in decks:
        rng.shuffle(deck)
    treasure_deck = list(view["treasure_pool"])
    rng.shuffle(treasure_deck)
    state["decks"] = decks
    state["treasure_deck"] = treasure_deck
    state["rng"] = holder["rng"]
    return state


def _deep_copy(value: JSON) -> JSON:
    """A deep copy of JSON data with no shared parts, done in C: twice as fast as a recursive copy.

    Every board render and every AI decision takes a view, so this is on the
    click path (docs/performance.md).  marshal format 2 writes no back-references,
    so containers shared inside the state (copy-on-write) come out as
    independent copies, as a caller changing its view expects.
    """
    return marshal.loads(marshal.dumps(value, 2))
