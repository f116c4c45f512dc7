"""Builders for hand-made Eminit states and small play helpers for the tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.engine import Event, State
from cogs.eminit import cards, rules


class Pool:
    """Hands out card ids by kind, each id once."""

    def __init__(self) -> None:
        self.free = {kind: [i for i, k in enumerate(cards.KIND) if k == kind] for kind, _ in cards.CATALOGUE}

    def take(self, kind: str) -> int:
        return self.free[kind].pop(0)

    def rest(self) -> list[int]:
        return sorted(i for ids in self.free.values() for i in ids)


def build(
    n: int = 4,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    field: Sequence[tuple[str, int]] = (),
    deck_top: Sequence[str] = (),
    deck: bool = True,
    treasures: Sequence[Sequence[str]] | None = None,
    phase: str = "gathering",
    seat: int = 0,
    step: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    skip: Sequence[bool] | None = None,
) -> State:
    """A consistent state: the given cards where asked, the rest in the deck.

    ``field`` is (kind, placed_by) with slots 1, 2, …; ``deck_top`` lists the
    next cards drawn, first first.  ``deck=False`` puts every unassigned card in
    the discard pile instead (an empty deck).  Without ``step`` the seat's
    gathering ``main`` step (already drawn) or scramble ``flip`` step is set.
    """
    s = rules.new(n, 0, options)
    pool = Pool()
    s["hands"] = [[pool.take(k) for k in hand] for hand in (hands or [[] for _ in range(n)])]
    s["field"] = [
        {"slot": i + 1, "card": pool.take(kind), "by": by, "known": [by]} for i, (kind, by) in enumerate(field)
    ]
    s["next_slot"] = len(field) + 1
    s["treasures"] = [[pool.take(k) for k in t] for t in (treasures or [[] for _ in range(n)])]
    top = [pool.take(k) for k in deck_top]
    rest = pool.rest()
    if deck:
        s["deck"] = rest + list(reversed(top))
        s["discard"] = []
    else:
        s["deck"] = list(reversed(top))
        s["discard"] = rest
    s["skip"] = list(skip or [False] * n)
    s["phase"] = phase
    s["seat"] = seat
    s["turn"] = 1
    s["cast"] = False
    s["contest"] = None
    s["queue"] = []
    s["last_contest"] = None
    s["log"] = []
    s["result"] = None
    if step is None:
        step = {"kind": "main" if phase == "gathering" else "flip", "seat": seat}
    s["step"] = step
    assert sorted(all_cards(s)) == list(range(cards.DECK_SIZE))
    return s


def all_cards(s: State) -> list[int]:
    """Every card id wherever it is; a consistent state lists 0..59 once each."""
    out = list(s["deck"]) + list(s["discard"])
    out += [c for h in s["hands"] for c in h]
    out += [c for t in s["treasures"] for c in t]
    out += [e["card"] for e in s["field"]]
    if s["contest"] is not None:
        out.append(s["contest"]["card"])
        out += [a["card"] for a in s["contest"]["answers"] if a is not None and a["card"] is not None]
    return out


def card(s: State, seat: int, kind: str) -> int:
    """The lowest id of ``kind`` in ``seat``'s hand (what legal actions offer)."""
    return min(c for c in s["hands"][seat] if cards.kind(c) == kind)


def slot_of(s: State, kind: str) -> int:
    return next(e["slot"] for e in s["field"] if cards.kind(e["card"]) == kind)


def kinds(ids: Sequence[int]) -> list[str]:
    return sorted(cards.kind(c) for c in ids)


class Game:
    """A state plus the events so far, with one-line actions for scenarios."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.events: list[Event] = []

    def do(self, seat: int, type: str, /, **kw: Any) -> list[Event]:
        t = rules.apply(self.s, seat, {"type": type, **kw})
        self.s = t.state
        self.events.extend(t.events)
        assert sorted(all_cards(self.s)) == list(range(cards.DECK_SIZE))
        return list(t.events)

    def declare(self, seat: int, kind: str, /, **aim: int) -> None:
        self.do(seat, "declare", card=card(self.s, seat, kind))
        if aim:
            self.do(seat, "aim", **aim)

    def kinds_of(self, kind: str) -> list[dict[str, Any]]:
        return [e.args for e in self.events if e.kind == kind]


def random_game(n: int, seed: int, *, check=None, max_steps: int = 5000) -> State:
    """Random legal play to the end; ``check(state, events)`` runs after each step."""
    rng = random.Random(seed)
    s = rules.new(n, seed)
    for _ in range(max_steps):
        if rules.result(s) is not None:
            return s
        seat = rng.choice(rules.to_act(s))
        action = rng.choice(rules.legal(s, seat))
        t = rules.apply(s, seat, action)
        if check is not None:
            check(s, t)
        s = t.state
    raise AssertionError("random game did not end")
