"""Eminit's Treasure's guided first game (``/eminit learn``): a short curated deal, two AIs, the steps.

The learner (seat 0) starts against two AIs of the normal level, seeded (:data:`SEED`).  The deal
is short -- 24 of the 60 cards (:data:`DEAL`), built by the engine's own
:func:`cogs.eminit.rules.from_deal` -- and was chosen so that, played plainly (the first choice
offered each time), the learner casts a magic card, flips, is asked to declare, sees Suck,
Reflect, Nullify and False Info take effect (and a declaration nullified), a card nobody claims,
and receives a treasure, a magic card and an acquired effect, in under twenty clicks.  Each step
reads only the learner's view and the events they may see; what their play did not meet is
recapped at the end.

The statements are the first rules page's (:data:`cogs.eminit.render.FIRST_PAGE`, declared there only);
its scramble and receiving paragraphs hold several rules each, named ``<key>#<part>`` (:data:`PARTS`).
"""

from __future__ import annotations

from typing import Any

from bot.engine import State
from bot.gameui import Moment, Step

from . import cards, rules
from .render import FIRST_PAGE

LEARNER = 0
SEATS = 3
AI_LEVEL = "normal"
SEED = 4401
OPTIONS: dict[str, Any] = {"first_player": "host"}  # the learner (the host's seat) starts
RECAPPED = ("eminit.learn.effect.bluff", "eminit.learn.interrupt_flipped")
"""The steps the plain play (the first choice each time) never meets: said at the end as recaps."""
PER_CHANGE = 2
"""Lines said at most after one change (the rest wait for the next)."""

DEAL = {
    "hands": [[8, 45, 9, 10, 5], [2, 35, 37, 40, 46], [49, 0, 20, 16, 11]],
    "deck": [26, 47, 59, 58, 7, 13, 41, 31, 22],
    "first": LEARNER,
}
"""Hands and deck (the top last), card ids of :mod:`cogs.eminit.cards`: 24 of the 60 cards, every kind but
the Ancient Treasure."""

DEAL_KINDS = frozenset(cards.KIND[c] for c in [*DEAL["deck"], *(c for h in DEAL["hands"] for c in h)])
"""The card kinds in play: each is explained when the learner meets it, or at the end."""

PARTS: dict[str, tuple[str, ...]] = {
    "eminit.first.scramble": tuple(f"eminit.first.scramble#{part}" for part in
                                   ("flip", "declare", "order", "suck", "reflect", "nullify", "false_info",
                                    "bluff")),
    "eminit.first.receive": tuple(f"eminit.first.receive#{part}" for part in
                                  ("scored", "hand", "effect", "interrupt")),
}
"""How a statement of the first page (:data:`FIRST_PAGE`) splits into the rules the steps explain
(``<key>#<part>``)."""

STATEMENTS = tuple(part for key in FIRST_PAGE for part in PARTS.get(key, (key,)))
"""The first rules page (``/game rules eminit`` with the default rules), statement by statement."""

CONNECTIVES = ("eminit.first.more",)
"""The page's words that state no rule (the pointer to the readings)."""


def deal(options: dict[str, Any]) -> State:
    """The curated first state (:func:`cogs.eminit.rules.from_deal`)."""
    return rules.from_deal(DEAL, SEED, options)


def _meets(kind: str) -> Any:
    """The learner holds a card of ``kind``, or sees one cast, flipped, revealed or received."""

    def when(m: Moment) -> bool:
        if any(cards.KIND[c] == kind for c in m.view.get("hand") or []):
            return True
        return any(isinstance(e.args.get("card"), int) and cards.KIND[e.args["card"]] == kind for e in m.events)

    return when


def _revealed(effect: str) -> Any:
    return lambda m: any(e.kind == "revealed" and e.args["effect"] == effect for e in m.events)


def _revealed_fields(effect: str) -> Any:
    def fields(m: Moment) -> dict[str, Any]:
        e = next(e for e in m.events if e.kind == "revealed" and e.args["effect"] == effect)
        return {"seat": e.args["seat"], "target": e.args.get("target_seat")}

    return fields


def _received(outcome: str) -> Any:
    return lambda m: any(e.kind == "received" and e.args["outcome"] == outcome for e in m.events)


def _step_is(kind: str, phase: str | None = None) -> Any:
    def when(m: Moment) -> bool:
        step = m.view.get("step") or {}
        return m.asked and step.get("kind") == kind and (phase is None or m.view["phase"] == phase)

    return when


def _contest(m: Moment) -> bool:
    """A contest is on (the flipper waits while the others declare; the learner is asked in others' flips)."""
    return (m.view.get("step") or {}).get("kind") == "declare"


def _card(kind: str) -> Step:
    """A card kind's line, said when the learner first meets one (or at the end, if they never do)."""
    key = f"eminit.learn.card.{kind}"
    return Step(key, _meets(kind), recap=key)


def _points(m: Moment) -> dict[str, Any]:
    o = m.view["options"]
    return {"gold": o["points_gold"], "ancient": o["points_ancient"], "eminit": o["points_eminit"]}


STEPS = (
    Step("eminit.learn.welcome", lambda m: True, explains=("eminit.rules", "eminit.first.source", "eminit.first.setup"),
         fields=lambda m: {"cards": len(DEAL["deck"]) + sum(len(h) for h in DEAL["hands"])}),
    Step("eminit.learn.gathering", _step_is("main", "gathering"), explains=("eminit.first.gathering",)),
    Step("eminit.learn.scramble", lambda m: m.find("scramble") is not None, explains=("eminit.first.scramble#flip",),
         recap="eminit.learn.scramble"),
    Step("eminit.learn.declare", _contest, explains=("eminit.first.scramble#declare", "eminit.first.scramble#order"),
         recap="eminit.learn.declare"),
    Step("eminit.learn.effect.suck", _revealed("suck"), explains=("eminit.first.scramble#suck",),
         recap="eminit.learn.card.suck", fields=_revealed_fields("suck")),
    Step("eminit.learn.effect.reflect", _revealed("reflect"), explains=("eminit.first.scramble#reflect",),
         recap="eminit.learn.card.reflect", fields=_revealed_fields("reflect")),
    Step("eminit.learn.effect.nullify", _revealed("nullified"), explains=("eminit.first.scramble#nullify",),
         recap="eminit.learn.card.nullify", fields=_revealed_fields("nullified")),
    Step("eminit.learn.effect.false_info", _revealed("false_info"), explains=("eminit.first.scramble#false_info",),
         recap="eminit.learn.card.false_info", fields=_revealed_fields("false_info")),
    Step("eminit.learn.effect.bluff", _revealed("bluff"), explains=("eminit.first.scramble#bluff",),
         recap="eminit.learn.bluff.recap", fields=_revealed_fields("bluff")),
    Step("eminit.learn.nobody", lambda m: m.find("no_declarations") is not None,
         explains=("eminit.first.unclaimed",), recap="eminit.learn.nobody"),
    Step("eminit.learn.received.scored", _received("scored"), explains=("eminit.first.receive#scored",),
         recap="eminit.learn.received.scored"),
    Step("eminit.learn.received.hand", _received("hand"), explains=("eminit.first.receive#hand",),
         recap="eminit.learn.received.hand"),
    Step("eminit.learn.received.effect", _received("effect"), explains=("eminit.first.receive#effect",),
         recap="eminit.learn.received.effect"),
    Step("eminit.learn.interrupt_flipped", lambda m: m.find("interrupt_flipped") is not None,
         explains=("eminit.first.receive#interrupt",), recap="eminit.learn.interrupt_flipped"),
    Step("eminit.learn.end", lambda m: m.over, explains=("eminit.first.end",), fields=_points),
    # the kinds in play, after the moments (with two lines a change, they wait for a quiet one)
    *(_card(kind) for kind in (*cards.MAGIC, *cards.INTERRUPTS, *cards.TREASURES) if kind in DEAL_KINDS),
)
