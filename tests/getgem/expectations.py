"""GETGEM's own numbers for the shared tests and benchmarks (read by :mod:`tests.gamekit`)."""

from __future__ import annotations

from typing import Any

from bot import i18n
from bot.engine import Result, State
from tests.robustness.leaks.leak_secrets import clone

_EN = i18n.translator("en")


def _hidden(state: State, seat: int) -> Any:
    """What ``seat`` cannot see in ``state``."""
    return [sorted(h) for s, h in enumerate(state["hands"]) if s != seat], state["deck"]


def _decision_kind(state: State, seat: int, legal: list[dict]) -> str:
    """The decision's sub-step, for the AI's coverage checks."""
    pending = state["pending"]
    return pending["kind"] if pending else "main"


def _swaps(state: State, audience: int | None) -> list[State]:
    """A card of another hand the audience has not seen, swapped with a deck card of another type."""
    cat = state["cat"]
    out = []
    for owner, hand in enumerate(state["hands"]):
        if owner == audience:
            continue
        known = set(state["known"][audience][owner]) if audience is not None else set()
        for card in hand:
            if card in known:
                continue
            other = next((d for d in reversed(state["deck"]) if cat[d] != cat[card]), None)
            if other is None:
                continue
            twin = clone(state)
            h = twin["hands"][owner]
            h[h.index(card)] = other
            d = twin["deck"]
            d[d.index(other)] = card
            out.append(twin)
            break
    return out


def _depends(view: dict, seat: int, names: list[str], legal: list[dict]) -> tuple[str, list[str]] | None:
    from cogs.getgem.render.words import effect_name

    pending = view["pending"]
    if pending is None or seat not in view["to_act"]:
        return None
    if pending["kind"] == "target":  # whom to play it on: each player's hand size, beside their name
        others = [a["seat"] for a in legal if a["type"] == "target"]
        return "target", [f"{names[o]} ({view['hand_sizes'][o]} in hand)" for o in others]
    if pending["kind"] != "barrier":
        return None
    return "barrier", [effect_name(_EN, pending["effect"]), names[pending["by"]]]


LEAK_SAMPLE = {0: (0, 2, 3, 7, 22, 23, 24), 1: (1, 2, 3, 9, 22)}
CARD_KEYS = frozenset({"card", "cards", "hand", "known", "discard", "decl", "taken", "picked"})
PICTURE_RUNS = ((3, 1, {"match_play": True, "match_target": 5}), (5, 3, {}))
PICTURES_MOSTLY_KEPT = True
OPTION_CONTEXT = {"match_play": True}  # the match target is read only in match play
TEACHING_OPTIONS = ("first_player", "match_play", "max_turns")
STRONG_MOVE_KINDS = frozenset({"barrier", "main"})
PLACEMENTS = (
    # a single game: 1 point to each winner; a shared victory check; the turn cap is a draw
    (Result((2,), (0.0, 0.0, 1.0), "victory_check"), [1, 1, 0]),
    (Result((0, 2), (1.0, 0.0, 1.0, 0.0), "victory_check"), [0, 1, 0, 1]),
    (Result((), (0.0, 0.0, 0.0), "turn_cap"), [0, 0, 0]),
    # match play: rated once, by the final standing of match points
    (Result((1,), (2.0, 5.0, 3.0, 2.0, 0.0), "victory_check"), [2, 0, 1, 2, 3]),
)
LOAD_SHARE = 0.15
LOAD_SEATS = 3
REQUEST_TABLES = (2, 5)
BOARD_VIEW_TABLES = (3, 5)
AI_RATING_TABLES = (("strong", "normal", "easy"),)
AI_RATING_GAMES = 150
AI_STRENGTH_MATCHUPS = (("strong", "easy"), ("strong", "normal"), ("normal", "easy"), ("strong", "normal", "easy"))
README_PICTURE = (4, 3, 45)
README_JAPANESE = True
FLOW_RULES = {"barrier_timeout_s": 120}
FLOW_DEPENDS = _depends
SECRET_SWAPS = _swaps
HIDDEN = _hidden
DECISION_KIND = _decision_kind
REVIEW_LOSS_SEATS = 3  # seeded three-seat games hold steals and pushes that lose at once (the review must call them so)
SHORT_GAME = {"max_turns": 15}  # ends as a draw after 15 turns, steals and Barriers on the way
