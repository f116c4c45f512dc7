"""Shared helpers for the Promotion tests: staged positions and random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from bot.engine import Event, State
from cogs.promotion import rules
from cogs.promotion.rules.postcard import SUITS

# A low, all-distinct position: seat s holds 5+s of every suit except where noted.
LOW = [
    {"S": 5, "H": 7, "D": 5, "C": 5},
    {"S": 6, "H": 8, "D": 6, "C": 6},
    {"S": 7, "H": 9, "D": 7, "C": 7},
    {"S": 8, "H": 5, "D": 8, "C": 8},
]

# At r=0 seat s faces side (0 - s) % 4: seat 0 A (SPIN90°), seat 1 D (Wild!), seat 2 C (Change!),
# seat 3 B (Down!).  Seat 3 plays Down! while seats 1 and 2 play Wild! and Change! and seat 0 row 4.
DOWN = [
    {"S": 10, "H": 10, "D": 10, "C": 5},  # three-way tie for highest
    {"S": 7, "H": 5, "D": 6, "C": 8},  # ♣8 is highest, and ♣5-7 are all held: nothing lower
    {"S": 8, "H": 11, "D": 8, "C": 7},  # ♥11 down: 10 is held -> 9
    {"S": 5, "H": 7, "D": 7, "C": 6},  # plays Down!
]
DOWN_PICKS = [4, 1, 1, 1]

# Seat 3 plays Down! (B at r=0); seat 0 ties ♠8/♥8, and ♥5-7 are all held: only ♠ can go down.
DODGE = [
    {"S": 8, "H": 8, "D": 5, "C": 6},
    {"S": 5, "H": 5, "D": 6, "C": 7},
    {"S": 6, "H": 6, "D": 7, "C": 8},
    {"S": 9, "H": 7, "D": 8, "C": 5},
]
# Seat 0 ties ♠8/♥8/♦8; ♠5-7 are held (cannot go down), ♥7 and ♦5 are in the supply.
TWO_OF_THREE = [
    {"S": 8, "H": 8, "D": 8, "C": 5},
    {"S": 5, "H": 5, "D": 6, "C": 6},
    {"S": 6, "H": 6, "D": 7, "C": 7},
    {"S": 7, "H": 9, "D": 9, "C": 8},
]


def staged(
    fields: list[dict[str, int]],
    *,
    r: int = 0,
    parent: int = 0,
    options: dict | None = None,
) -> State:
    """A round-1 state in the pick phase with the given field cards (supply = the rest of 5..13).

    Targeted tests start here instead of replaying set-up, so each test shows
    exactly the cards its rule is about.
    """
    st = rules.new(4, 0, options)
    held: dict[str, set[int]] = {s: set() for s in SUITS}
    for field in fields:
        assert set(field) == set(SUITS)
        for suit, value in field.items():
            assert value not in held[suit], f"{suit}{value} dealt twice"
            held[suit].add(value)
    st.update(
        phase="pick",
        round=1,
        first_parent=parent,
        parent=parent,
        r=r,
        row_suit=list(SUITS),
        named=list(SUITS),
        field=[dict(f) for f in fields],
        supply={s: [v for v in range(5, 14) if v not in held[s]] for s in SUITS},
    )
    return st


def pick_all(state: State, picks: list[int]) -> tuple[State, list[Event]]:
    """Everyone picks (seat order); returns the state after the reveal and all events."""
    events: list[Event] = []
    for seat, row in enumerate(picks):
        t = rules.apply(state, seat, {"type": "pick", "row": row})
        state = t.state
        events.extend(t.events)
    return state, events


def by_kind(events: list[Event], kind: str) -> list[dict]:
    """The arguments of ``events`` of one kind, in order."""
    return [e.args for e in events if e.kind == kind]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


Chooser = Callable[[State, int, list, random.Random], dict]


def random_chooser(state: State, seat: int, legal: list, rng: random.Random) -> dict:
    return rng.choice(legal)


def play(
    seed: int,
    options: dict | None = None,
    chooser: Chooser = random_chooser,
    repick: float = 0.0,
) -> Iterator[tuple[State, int, dict, State, tuple[Event, ...]]]:
    """Random legal play from ``new``; yields (before, seat, action, after, events) per step.

    ``repick`` is the chance that, during a pick, a seat that already picked
    changes its pick instead of a waiting seat picking (it may until the reveal).
    """
    rng = random.Random(seed)
    state = rules.new(4, seed, options)
    while rules.result(state) is None:
        seats = rules.to_act(state)
        seat = rng.choice(seats)
        if state["phase"] == "pick" and repick and rng.random() < repick:
            done = [s for s in range(4) if state["picks"][s] is not None]
            if done:
                seat = rng.choice(done)
        legal = rules.legal(state, seat)
        action = chooser(state, seat, legal, rng)
        t = rules.apply(state, seat, action)
        yield state, seat, action, t.state, t.events
        state = t.state


def final(seed: int, options: dict | None = None) -> State:
    state = rules.new(4, seed, options)
    for step in play(seed, options):
        state = step[3]
    return state
