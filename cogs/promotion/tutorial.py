"""Promotion's guided first game (``/promotion learn``): the seeded game, three AIs, the steps.

The learner (seat 0) plays with three AIs of the normal level.  With the default rules only the
row suits and the first parent are drawn (the field cards are the parents' choices), so the "deal"
is ``rules.new`` with :data:`SEED`, chosen because played plainly (the first choice offered each
time) the learner meets the set-up, the postcard laid and turned, secret picks, all four row-1
specials, rows raising suits and a King they take themselves, in about ten clicks; the AI's moves
are seeded too.  Each step reads only the learner's view and the events they may see; what their play did
not meet is recapped at the end.

The statements are the first rules page's (:data:`..render.rulestext.FIRST_PAGE`, declared
there only), each said by its variant in force with the default rules; the row-1 and rows-2–4
paragraphs hold several rules each, named ``<key>#<part>`` (:data:`PARTS`).
"""

from __future__ import annotations

from typing import Any

from bot.engine import State
from bot.gameui import Moment, Step

from . import rules
from .game import ID
from .render.rulestext import FIRST_PAGE

LEARNER = 0
SEATS = rules.SEATS
AI_LEVEL = "normal"
SEED = 714
OPTIONS: dict[str, Any] = {}  # the default rules
PER_CHANGE = 3
"""Lines said at most after one change (the rest wait for the next)."""

PARTS: dict[str, tuple[str, ...]] = {
    f"{ID}.teach.setup": (f"{ID}.teach.setup.dealt",),
    f"{ID}.teach.round": (),  # a heading ("A round."): a connective
    f"{ID}.teach.orient": (f"{ID}.teach.orient.on",),
    f"{ID}.teach.pick": (f"{ID}.teach.pick.change",),
    f"{ID}.teach.reveal": (f"{ID}.teach.reveal.together",),
    f"{ID}.teach.row1": tuple(f"{ID}.teach.row1#{part}" for part in ("spin", "down", "change", "wild")),
    f"{ID}.teach.rows": (f"{ID}.teach.rows#clash", f"{ID}.teach.rows#raise"),
}
"""How a statement of the first page (:data:`FIRST_PAGE`) is said with the default rules (its variant in force)
and split into the rules the steps explain (``<key>#<part>``)."""

STATEMENTS = tuple(part for key in FIRST_PAGE for part in PARTS.get(key, (key,)))
"""The first rules page (``/game rules promotion`` with the default rules), statement by statement."""

CONNECTIVES = (f"{ID}.teach.ours", f"{ID}.teach.more", f"{ID}.teach.round")
"""The page's words that state no rule ("(our reading)", the pointer to the readings, "A round.")."""


def deal(options: dict[str, Any]) -> State:
    """The seeded first state: ``rules.new`` with :data:`SEED`."""
    return rules.new(SEATS, SEED, options)


def _seen(*kinds: str) -> Any:
    return lambda m: any(e.kind in kinds for e in m.events)


def _clash(m: Moment) -> bool:
    return any(e.kind == "row" and e.args["clashes"] for e in m.events)


def _phase(*phases: str) -> Any:
    return lambda m: m.view["phase"] in phases


def _special(event: str, part: str) -> Step:
    key = f"{ID}.learn.{part}"
    return Step(key, _seen(event), explains=(f"{ID}.teach.row1#{part}",), recap=key)


STEPS = (
    Step(f"{ID}.learn.welcome", lambda m: True, explains=(f"{ID}.rules",)),
    Step(f"{ID}.learn.setup", _phase("suit", "name"), explains=(f"{ID}.teach.setup.dealt",),
         recap=f"{ID}.learn.setup"),
    Step(f"{ID}.learn.orient", _seen("oriented", "turned"), explains=(f"{ID}.teach.orient.on",),
         recap=f"{ID}.learn.orient"),
    Step(f"{ID}.learn.pick", lambda m: m.asked and m.view["phase"] == "pick",
         explains=(f"{ID}.teach.pick.change",), recap=f"{ID}.learn.pick"),
    Step(f"{ID}.learn.reveal", _seen("revealed"), explains=(f"{ID}.teach.reveal.together",),
         recap=f"{ID}.learn.reveal"),
    _special("spin", "spin"),
    Step(f"{ID}.learn.down", _seen("down_move", "down_none"), explains=(f"{ID}.teach.row1#down",),
         recap=f"{ID}.learn.down"),
    _special("change", "change"),
    _special("wild", "wild"),
    Step(f"{ID}.learn.clash", _clash, explains=(f"{ID}.teach.rows#clash",), recap=f"{ID}.learn.clash"),
    Step(f"{ID}.learn.raise", _seen("raise"), explains=(f"{ID}.teach.rows#raise",),
         recap=f"{ID}.learn.raise"),
    Step(f"{ID}.learn.end", lambda m: m.over, explains=(f"{ID}.teach.end",),
         fields=lambda m: {"rounds": m.view["options"]["max_rounds"]}),
)
