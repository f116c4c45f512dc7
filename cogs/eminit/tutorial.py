"""Eminit's Treasure's guided first game (``/eminit learn``): a short curated deal, two AIs, the steps.

The learner (seat 0) starts against two AIs of the normal level, seeded (:data:`SEED`).  The deal
is short -- 24 of the 60 cards (:data:`DEAL`), built by the engine's own
:func:`.rules.from_deal` -- and was chosen so that, played plainly (the first choice
offered each time), the learner casts a magic card, flips, is asked to declare, sees Suck,
Reflect, Nullify and False Info take effect (and a declaration nullified), a card nobody claims,
and receives a treasure, a magic card and an acquired effect, in under twenty clicks.  Each step
reads only the learner's view and the events they may see; what their play did not meet is
recapped at the end.

The statements are the first rules page's (:data:`.render.rulestext.FIRST_PAGE`, declared there only);
its scramble and receiving paragraphs hold several rules each, named ``<key>#<part>`` (:data:`PARTS`).
"""

from __future__ import annotations

from typing import Any

from bot.engine import State
from bot.gameui import Moment, Step

from . import cards, rules
from .game import ID
from .render.rulestext import FIRST_PAGE

LEARNER = 0
SEATS = 3
AI_LEVEL = "normal"
SEED = 4401
OPTIONS: dict[str, Any] = {"first_player": "host"}  # the learner (the host's seat) starts
RECAPPED = (f"{ID}.learn.effect.bluff", f"{ID}.learn.interrupt_flipped")
"""The steps the plain play (the first choice each time) never meets: said at the end as recaps."""
PER_CHANGE = 2
"""Lines said at most after one change (the rest wait for the next)."""

DEAL = {
    "hands": [[8, 45, 9, 10, 5], [2, 35, 37, 40, 46], [49, 0, 20, 16, 11]],
    "deck": [26, 47, 59, 58, 7, 13, 41, 31, 22],
    "first": LEARNER,
}
"""Hands and deck (the top last), card ids of :mod:`.cards`: 24 of the 60 cards, every kind but
the Ancient Treasure."""

DEAL_KINDS = frozenset(cards.KIND[c] for c in [*DEAL["deck"], *(c for h in DEAL["hands"] for c in h)])
"""The card kinds in play: each is explained when the learner meets it, or at the end."""

PARTS: dict[str, tuple[str, ...]] = {
    f"{ID}.first.scramble": tuple(f"{ID}.first.scramble#{part}" for part in
                                   ("flip", "declare", "order", "suck", "reflect", "nullify", "false_info",
                                    "bluff")),
    f"{ID}.first.receive": tuple(f"{ID}.first.receive#{part}" for part in
                                  ("scored", "hand", "effect", "interrupt")),
}
"""How a statement of the first page (:data:`FIRST_PAGE`) splits into the rules the steps explain
(``<key>#<part>``)."""

STATEMENTS = tuple(part for key in FIRST_PAGE for part in PARTS.get(key, (key,)))
"""The first rules page (``/game rules eminit`` with the default rules), statement by statement."""

CONNECTIVES = (f"{ID}.first.more",)
"""The page's words that state no rule (the pointer to the readings)."""


def deal(options: dict[str, Any]) -> State:
    """The curated first state (:func:`.rules.from_deal`)."""
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
    key = f"{ID}.learn.card.{kind}"
    return Step(key, _meets(kind), recap=key)


def _points(m: Moment) -> dict[str, Any]:
    o = m.view["options"]
    return {"gold": o["points_gold"], "ancient": o["points_ancient"], "eminit": o["points_eminit"]}


STEPS = (
    Step(f"{ID}.learn.welcome", lambda m: True, explains=(f"{ID}.rules", f"{ID}.first.source", f"{ID}.first.setup"),
         fields=lambda m: {"cards": len(DEAL["deck"]) + sum(len(h) for h in DEAL["hands"])}),
    Step(f"{ID}.learn.gathering", _step_is("main", "gathering"), explains=(f"{ID}.first.gathering",)),
    Step(f"{ID}.learn.scramble", lambda m: m.find("scramble") is not None, explains=(f"{ID}.first.scramble#flip",),
         recap=f"{ID}.learn.scramble"),
    Step(f"{ID}.learn.declare", _contest, explains=(f"{ID}.first.scramble#declare", f"{ID}.first.scramble#order"),
         recap=f"{ID}.learn.declare"),
    Step(f"{ID}.learn.effect.suck", _revealed("suck"), explains=(f"{ID}.first.scramble#suck",),
         recap=f"{ID}.learn.card.suck", fields=_revealed_fields("suck")),
    Step(f"{ID}.learn.effect.reflect", _revealed("reflect"), explains=(f"{ID}.first.scramble#reflect",),
         recap=f"{ID}.learn.card.reflect", fields=_revealed_fields("reflect")),
    Step(f"{ID}.learn.effect.nullify", _revealed("nullified"), explains=(f"{ID}.first.scramble#nullify",),
         recap=f"{ID}.learn.card.nullify", fields=_revealed_fields("nullified")),
    Step(f"{ID}.learn.effect.false_info", _revealed("false_info"), explains=(f"{ID}.first.scramble#false_info",),
         recap=f"{ID}.learn.card.false_info", fields=_revealed_fields("false_info")),
    Step(f"{ID}.learn.effect.bluff", _revealed("bluff"), explains=(f"{ID}.first.scramble#bluff",),
         recap=f"{ID}.learn.bluff.recap", fields=_revealed_fields("bluff")),
    Step(f"{ID}.learn.nobody", lambda m: m.find("no_declarations") is not None,
         explains=(f"{ID}.first.unclaimed",), recap=f"{ID}.learn.nobody"),
    Step(f"{ID}.learn.received.scored", _received("scored"), explains=(f"{ID}.first.receive#scored",),
         recap=f"{ID}.learn.received.scored"),
    Step(f"{ID}.learn.received.hand", _received("hand"), explains=(f"{ID}.first.receive#hand",),
         recap=f"{ID}.learn.received.hand"),
    Step(f"{ID}.learn.received.effect", _received("effect"), explains=(f"{ID}.first.receive#effect",),
         recap=f"{ID}.learn.received.effect"),
    Step(f"{ID}.learn.interrupt_flipped", lambda m: m.find("interrupt_flipped") is not None,
         explains=(f"{ID}.first.receive#interrupt",), recap=f"{ID}.learn.interrupt_flipped"),
    Step(f"{ID}.learn.end", lambda m: m.over, explains=(f"{ID}.first.end",), fields=_points),
    # the kinds in play, after the moments (with two lines a change, they wait for a quiet one)
    *(_card(kind) for kind in (*cards.MAGIC, *cards.INTERRUPTS, *cards.TREASURES) if kind in DEAL_KINDS),
)
