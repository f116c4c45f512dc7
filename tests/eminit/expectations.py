"""Eminit's Treasure's own numbers for the shared tests and benchmarks (read by :mod:`tests.gamekit`)."""

from __future__ import annotations

from typing import Any

from bot import i18n
from bot.engine import Result, State
from tests.eminit import review_positions
from tests.robustness.leaks.leak_secrets import clone

_EN = i18n.translator("en")


def _hidden(state: State, seat: int) -> Any:
    """What ``seat`` cannot see in ``state``."""
    others = [sorted(h) for s, h in enumerate(state["hands"]) if s != seat]
    unseen_field = [e["card"] for e in state["field"] if seat not in e["known"]]
    return others, state["deck"], unseen_field


def _decision_kind(state: State, seat: int, legal: list[dict]) -> str:
    """The decision's sub-step, for the AI's coverage checks."""
    return str(state["step"]["kind"])


def _swaps(state: State, audience: int | None) -> list[State]:
    """A face-down field card the audience has not seen, swapped with a deck or hand card it cannot see."""
    out = []
    hidden_field = [i for i, e in enumerate(state["field"]) if audience is None or audience not in e["known"]]
    contest = state.get("contest")
    busy = {contest["card"]} if contest else set()
    for i in hidden_field[:2]:
        card = state["field"][i]["card"]
        pools: list[tuple[str, int | None]] = [("deck", None)] + [
            ("hands", o) for o in range(len(state["hands"])) if o != audience
        ]
        for where, owner in pools:
            pool = state["deck"] if where == "deck" else state["hands"][owner]
            other = next((c for c in pool if c != card and c not in busy), None)
            if other is None:
                continue
            twin = clone(state)
            twin["field"][i]["card"] = other
            tpool = twin["deck"] if where == "deck" else twin["hands"][owner]
            tpool[tpool.index(other)] = card
            out.append(twin)
            break
    return out


def _depends(view: dict, seat: int, names: list[str], legal: list[dict]) -> tuple[str, list[str]] | None:
    from cogs.eminit.cards import kind
    from cogs.eminit.render.words import mark, who

    contest = view["contest"]
    if contest is None or view["step"]["kind"] != "declare" or seat not in view["to_act"]:
        return None
    facts = [_EN(f"eminit.card.{kind(contest['card'])}"), who(contest["flipper"], names)]
    mine = contest["mine"]
    if mine is not None and mine["card"] is not None and not mine["done"]:  # aiming a declared Reflect / False Info
        return "aim", [*facts, "<t:"]
    if view["options"].get("declarations", "live") == "live":
        facts += [_EN(f"eminit.board.seat_{st}", who=who(i, names)) for i, st in enumerate(contest["seats"])]
    else:
        done = " ".join(mark(i) for i in range(view["n"]) if contest["answered"][i])
        facts.append(_EN("eminit.board.answered", seats=done or _EN("eminit.board.nobody")))
    facts.append("<t:")  # the time left, as Discord's relative timestamp
    return "declare", facts


LEAK_SAMPLE = {0: (1, 2, 3, 4, 5, 14, 16, 20, 21), 1: (2, 8, 18, 24)}
CARD_KEYS = frozenset({"card", "cards", "hand", "discard", "treasures", "took", "gave"})
PICTURE_RUNS = ((3, 1, {}), (4, 2, {"declarations": "sealed"}))
PICTURES_MOSTLY_KEPT = True
TEACHING_OPTIONS = ("hand_size", "first_player", "draw_per_turn", "quota_extra", "points_gold")
STRONG_MOVE_KINDS = frozenset({"declare", "flip"})
PLACEMENTS = (
    # the winner, then by banked treasure; a tie at the top is a draw placed by treasure
    (Result((1,), (3.0, 7.0, 3.0, 5.0), "victory_check"), [2, 0, 2, 1]),
    (Result((), (6.0, 6.0, 2.0), "victory_check"), [0, 0, 1]),
)
LOAD_SHARE = 0.15
LOAD_SEATS = 3
REQUEST_TABLES = (3, 5)
BOARD_VIEW_TABLES = (3, 5)
AI_RATING_TABLES = (("strong", "normal", "easy"),)
AI_RATING_GAMES = 150
AI_STRENGTH_MATCHUPS = (("strong", "normal", "easy"), ("strong", "normal", "normal", "easy"))
README_PICTURE = (4, 2, 70)
FLOW_RULES = {"declare_timeout_s": 600}
FLOW_DEPENDS = _depends
SECRET_SWAPS = _swaps
HIDDEN = _hidden
DECISION_KIND = _decision_kind
REVIEW_POSITIONS = review_positions.positions  # last-scramble choices that clearly lose, built by hand

SIMULTANEOUS_CHOICES = True  # a contest asks every other seat for a hidden declaration at once
