"""PORTAS's guided first game (``/portas learn``): the curated deal, the AI, the steps.

The learner (seat 0) starts against one AI of the normal level whose moves are seeded
(:data:`SEED`): with the same clicks, every run is the same game.  The deal was chosen so that,
played plainly, the learner sees a port that would overshoot refused, a draw back to 4, a
treasure taken by each side with the other's cards lost, forced passes and the end by two
passes, in about a dozen moves of theirs.  Each step reads only the learner's view and the
public events (PORTAS hides nothing but deck order).  A learner who plays otherwise still hears
every rule: a step that never came is recapped at the end.
"""

from __future__ import annotations

from typing import Any

from bot.engine import State
from bot.gameui import Moment, Step

from . import rules
from .game import ID
from .render import FIRST_PAGE

LEARNER = 0
SEATS = 2
AI_LEVEL = "normal"
SEED = 4401
OPTIONS: dict[str, Any] = {"first_player": "seat0"}  # the learner starts; the rest are the defaults

DEAL = {
    "treasures": [11, 14, 13, 15, 12],
    "decks": [
        [2, 3, 4, 2, 3, 1, 5, 5, 2, 4, 1, 1, 6, 6],
        [6, 3, 6, 5, 5, 2, 4, 3, 4, 1, 1, 2, 2, 1],
    ],
    "first": LEARNER,
}
"""Treasures and decks, the top last: 12 and 15 open; the learner holds 1 1 6 6, the AI 1 2 2 1."""

PARTS: dict[str, tuple[str, ...]] = {
    f"{ID}.teach.setup": (f"{ID}.teach.setup", f"{ID}.teach.first_player.random"),
    f"{ID}.teach.turn": (f"{ID}.teach.turn", f"{ID}.teach.overshoot.illegal", f"{ID}.teach.pass_rule.forced"),
    f"{ID}.teach.end": (f"{ID}.teach.end", f"{ID}.teach.tiebreak.treasures_then_last"),
}
"""The words the default rules add to a statement of the first page (:data:`FIRST_PAGE`): each is explained too."""

STATEMENTS = tuple(part for key in FIRST_PAGE for part in PARTS.get(key, (key,)))
"""The first rules page (``/game rules portas`` with the default rules), statement by statement."""

CONNECTIVES = (f"{ID}.teach.ours", f"{ID}.teach.more")
"""The page's words that state no rule: "(our reading)" and the pointer to the readings."""


def deal(options: dict[str, Any]) -> State:
    """The curated first state, built by the engine (:func:`cogs.portas.rules.from_deal`)."""
    return rules.from_deal(DEAL, SEED, options)


def _blocked(m: Moment) -> dict[str, Any] | None:
    """A hand card that would push an open treasure past its value, if the learner holds one now."""
    hand = m.view["hands"][m.seat]
    for t in m.view["open"]:
        for card in sorted(set(hand), reverse=True):
            if t["total"] + card > t["value"] and t["total"] > 0:
                return {"card": card, "treasure": t["value"], "total": t["total"]}
    return None


def _took(m: Moment, by_learner: bool) -> bool:
    """A take this change: the learner's, or the other's with some of the learner's cards lost there."""
    e = m.find("took")
    if e is None or (e.args["seat"] == m.seat) != by_learner:
        return False
    return by_learner or e.args["lost"] > 0


def _took_fields(m: Moment) -> dict[str, Any]:
    e = m.find("took")
    assert e is not None
    return {"seat": e.args["seat"], "treasure": e.args["value"], "points": e.args["points"], "lost": e.args["lost"]}


def _passed_fields(m: Moment) -> dict[str, Any]:
    e = m.find("passed")
    assert e is not None
    return {"seat": e.args["seat"]}


STEPS = (
    Step(f"{ID}.learn.welcome", lambda m: True,
         explains=(f"{ID}.rules", f"{ID}.teach.setup", f"{ID}.teach.first_player.random"),
         fields=lambda m: {"seat": 1 - m.seat}),
    Step(f"{ID}.learn.port", lambda m: m.asked, explains=(f"{ID}.teach.turn",)),
    Step(f"{ID}.learn.draw", lambda m: m.asked and m.view["deck_sizes"][m.seat] < 10,
         explains=(f"{ID}.teach.turn",)),
    Step(f"{ID}.learn.overshoot", lambda m: m.asked and _blocked(m) is not None,
         explains=(f"{ID}.teach.overshoot.illegal",), recap=f"{ID}.learn.overshoot.recap",
         fields=lambda m: _blocked(m) or {}),
    Step(f"{ID}.learn.take_theirs", lambda m: _took(m, by_learner=False), explains=(f"{ID}.teach.take",),
         fields=_took_fields),
    Step(f"{ID}.learn.take_yours", lambda m: _took(m, by_learner=True), explains=(f"{ID}.teach.take",),
         recap=f"{ID}.learn.take.recap", fields=_took_fields),
    Step(f"{ID}.learn.pass", lambda m: m.find("passed") is not None, explains=(f"{ID}.teach.pass_rule.forced",),
         recap=f"{ID}.learn.pass.recap", fields=_passed_fields),
    Step(f"{ID}.learn.end", lambda m: m.over,
         explains=(f"{ID}.teach.end", f"{ID}.teach.tiebreak.treasures_then_last")),
)
