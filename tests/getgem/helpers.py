"""Shared helpers for the GETGEM tests: build exact positions, play random games, check invariants."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from bot.engine import Event
from cogs.getgem import rules as R
from cogs.getgem.cards import ELEMENTS


def build(
    n: int = 2,
    hands: Sequence[Sequence[str]] = (),
    *,
    discard: Sequence[str] = (),
    decl: dict[int, Sequence[str]] | None = None,
    elements: dict[str, int] | None = None,
    deck_top: Sequence[str] = (),
    turn: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """A state in ``turn``'s action phase (after its draw) with exactly these cards.

    Cards are named by type; ids are taken lowest first.  ``deck_top`` lists
    the next cards drawn, in order.  Every other card goes to the deck, so all
    cards stay accounted for.
    """
    s = R.new(n, seed, options)
    cat = s["cat"]
    pool: dict[str, list[int]] = {}
    for cid, t in enumerate(cat):
        pool.setdefault(t, []).append(cid)

    def take(t: str) -> int:
        return pool[t].pop(0)

    hand_ids = [[take(t) for t in h] for h in hands] + [[] for _ in range(n - len(hands))]
    discard_ids = [take(t) for t in discard]
    decl_ids = [[] for _ in range(n)]
    for seat, types in (decl or {}).items():
        decl_ids[seat] = [take(t) for t in types]
    top_ids = [take(t) for t in deck_top]
    rest = sorted(c for ids in pool.values() for c in ids)
    random.Random(seed).shuffle(rest)
    s.update(
        hands=hand_ids,
        discard=discard_ids,
        decl=decl_ids,
        deck=rest + top_ids[::-1],
        elements={g: (elements or {}).get(g) for g in ELEMENTS},
        known=[[[] for _ in range(n)] for _ in range(n)],
        turn=turn,
        turn_no=1,
        phase="action",
        peeped=False,
        pending=None,
        endq=[],
        log=[],
    )
    return s


def types(s: dict[str, Any], seat: int) -> list[str]:
    return sorted(s["cat"][c] for c in s["hands"][seat])


def ids_of(s: dict[str, Any], seat: int, t: str) -> list[int]:
    return sorted(c for c in s["hands"][seat] if s["cat"][c] == t)


def act(s: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
    tn = R.apply(s, seat, action)
    return tn.state, list(tn.events)


def play_card(s: dict[str, Any], seat: int, t: str, mode: str | None = None) -> tuple[dict[str, Any], list[Event]]:
    """Play the (canonical) card of type ``t`` from ``seat``'s hand."""
    action: dict[str, Any] = {"type": "play", "card": ids_of(s, seat, t)[0]}
    if mode:
        action["mode"] = mode
    return act(s, seat, action)


def pick_type(s: dict[str, Any], seat: int, t: str) -> tuple[dict[str, Any], list[Event]]:
    """Apply the legal ``pick`` whose card has type ``t``."""
    for a in R.legal(s, seat):
        if a["type"] == "pick" and s["cat"][a["card"]] == t:
            return act(s, seat, a)
    raise AssertionError(f"no legal pick of {t}: {R.legal(s, seat)}")


def picks(s: dict[str, Any], seat: int) -> list[str]:
    return sorted(s["cat"][a["card"]] for a in R.legal(s, seat) if a["type"] == "pick")


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def accounted(s: dict[str, Any]) -> None:
    """Every basic card is in exactly one place; the three elements are in the centre or with a seat."""
    places: list[int] = list(s["deck"]) + list(s["discard"])
    for h in s["hands"]:
        places += h
    for d in s["decl"]:
        places += d
    assert sorted(places) == list(range(len(s["cat"]))), "cards lost or duplicated"
    assert set(s["elements"]) == set(ELEMENTS)
    assert all(v is None or 0 <= v < s["n"] for v in s["elements"].values())


def random_game(
    n: int, seed: int, options: dict[str, Any] | None = None, max_steps: int = 20000
) -> Iterator[tuple[dict[str, Any], int, dict[str, Any], list[Event], dict[str, Any]]]:
    """Yield (state_before, seat, action, events, state_after) for a random legal game."""
    s = R.new(n, seed, options)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(max_steps):
        if R.result(s) is not None:
            return
        seat = rng.choice(R.to_act(s))
        action = rng.choice(R.legal(s, seat))
        tn = R.apply(s, seat, action)
        yield s, seat, action, list(tn.events), tn.state
        s = tn.state
    raise AssertionError("game did not end")


class LeakChecker:
    """Tracks, from the events and views one seat legitimately received, which cards it has seen where.

    A fact ``(card, holder)`` is earned when the seat sees ``card`` enter or sit
    in ``holder``'s hand: a private event addressed to it (a steal it suffered,
    a push it made, a peek), a public reveal/take-back/dig, or a Full Exchange
    that handed its own previous hand (which it saw in its own view) to the
    other player.  Any card the seat's view places in another hand must be
    backed by such a fact; otherwise the view leaked.
    """

    def __init__(self, seat: int, first_view: dict[str, Any]) -> None:
        self.seat = seat
        self.facts: set[tuple[int, int]] = set()
        self.my_hand = list(first_view["hand"])

    def observe(self, events: list[Event], view_after: dict[str, Any]) -> None:
        me = self.seat
        for e in events:
            if not e.visible_to(me):
                continue
            a = e.args
            if e.kind == "stolen" and a["victim"] == me:
                self.facts.add((a["card"], a["seat"]))
            elif e.kind == "pushed" and a["seat"] == me:
                self.facts.add((a["card"], a["target"]))
            elif e.kind == "peeked" and a["seat"] == me:
                self.facts.update((c, a["target"]) for c in a["cards"])
            elif e.kind == "reveal":
                self.facts.update((c, a["seat"]) for c in a["cards"])
            elif e.kind in ("takeback", "dig"):
                self.facts.add((a["card"], a["seat"]))
            elif e.kind == "exchange" and me in (a["seat"], a["target"]):
                other = a["target"] if a["seat"] == me else a["seat"]
                self.facts.update((c, other) for c in self.my_hand)
            elif e.kind == "exchange":  # whole hands moved: what was seen in one is now in the other
                x, y = a["seat"], a["target"]
                swapped = {(c, y if h == x else x) for c, h in self.facts if h in (x, y)}
                self.facts |= swapped
            elif e.kind == "new_game":
                self.facts.clear()
        self.my_hand = list(view_after["hand"])

    def check(self, view: dict[str, Any]) -> None:
        assert view["seat"] == self.seat
        for other, cards in enumerate(view["known"]):
            if other == self.seat:
                assert cards == []
            for c in cards:
                assert (c, other) in self.facts, f"seat {self.seat} sees card {c} in seat {other}'s hand unearned"
