"""Promotion's own numbers for the shared tests and benchmarks (read by :mod:`tests.gamekit`)."""

from __future__ import annotations

from typing import Any

from bot.engine import Result, State
from tests.robustness.leaks.leak_secrets import clone


def _hidden(state: State, seat: int) -> Any:
    """What ``seat`` cannot see in ``state``."""
    return [p for s, p in enumerate(state["picks"]) if s != seat], state["rng"]


def _swaps(state: State, audience: int | None) -> list[State]:
    """Before the reveal another seat's row pick is secret: try every other row for each such seat."""
    out = []
    if state.get("revealed"):
        return out
    for seat, pick in enumerate(state["picks"]):
        if pick is None or seat == audience:
            continue
        for row in (1, 2, 3, 4):
            if row != pick:
                twin = clone(state)
                twin["picks"][seat] = row
                out.append(twin)
    return out


def _depends(view: dict, seat: int, names: list[str], legal: list[dict]) -> tuple[str, list[str]] | None:
    from cogs.promotion.render.words import card, side_label, sides_of
    from cogs.promotion.rules import postcard

    if seat not in view["to_act"]:
        return None
    pending = view.get("pending")
    if view["phase"] == "choose" and pending is not None and pending["kind"] == "change":  # whose card to take
        return "change", [f"{names[a['seat']]}'s {card(a['suit'], view['field'][a['seat']][a['suit']])}"
                          for a in legal if a["type"] == "change"]
    if view["phase"] != "pick":
        return None
    sides = sides_of(view)
    facts = [f"{side_label(postcard.facing(sides, s, view['r']))} → {names[s]}" for s in range(4)]
    side = postcard.facing(sides, seat, view["r"])
    for row in (2, 3, 4):  # each row's effect for you, as the cards lie (on its button)
        moves = []
        for suit in side.row(row):
            old = view["field"][seat][suit]
            higher = [c for c in view["supply"][suit] if c > old]
            moves.append(f"{card(suit, old)}→{min(higher) if higher else '—'}")
        facts.append(" ".join(moves))
    return "pick", facts


LEAK_SAMPLE = {0: (1, 6, 17), 1: (2, 15, 20, 24)}
PICTURES_HAVE_WORDS = False  # its postcard: one picture for every language
PICTURE_RUNS = ((4, 1, {}), (4, 2, {"postcard": "paired_v1", "row1_first": True}))
TEACHING_OPTIONS = ("orient_each_round", "row1_first", "change_pick", "max_rounds")
STRONG_MOVE_KINDS = frozenset({"pick", "orient"})
PLACEMENTS = (
    # no points; the King first, the others share a place; shared Kings; max_rounds is a draw
    (Result((2,), (0.0,) * 4, "king"), [1, 1, 0, 1]),
    (Result((0, 3), (0.0,) * 4, "king"), [0, 1, 1, 0]),
    (Result((), (0.0,) * 4, "max_rounds"), [0, 0, 0, 0]),
)
LOAD_SHARE = 0.1
LOAD_SEATS = 4
REQUEST_TABLES = (4,)
BOARD_VIEW_TABLES = (4,)
AI_RATING_TABLES = (("strong", "normal", "easy", "normal"), ("strong", "normal", "easy", "easy"))
AI_RATING_GAMES = 120
AI_STRENGTH_MATCHUPS = (("strong", "normal", "normal", "easy"), ("strong", "normal", "normal", "normal"))
README_PICTURE = (4, 7, 40)
FLOW_RULES = {}
FLOW_DEPENDS = _depends
SECRET_SWAPS = _swaps
HIDDEN = _hidden
REVIEW_LOSS_SEATS = 4  # seeded games hold picks that lose at once (the review must call them so)

SIMULTANEOUS_CHOICES = True  # every seat picks its row in secret each round
