"""GETGEM's guided first game (``/getgem learn``): the seeded deal, the AI, the steps.

The learner (seat 0, the host) starts against one AI of the normal level.  The deal is the one
``rules.new`` shuffles from :data:`SEED`, chosen because played plainly (the first choice offered
each time) it meets every card kind of the deck, a Barrier used and a Barrier question, the 3-gem
steal and element take offered, a declaration, its take-backs and a victory check the learner
wins, in about forty clicks; the AI's moves are seeded too, so every run with the same clicks is
the same game.  Each step reads only the learner's own view and the events they may see.  What
the learner's own play did not meet (the hand limit, in the plain play) is recapped at the end.

The statements are the first rules page's (:data:`cogs.getgem.render.rulestext.FIRST_PAGE`, declared there only);
its cards and turn paragraphs hold many rules each, named ``<key>#<part>`` (the page's key, then the rule,
:data:`PARTS`), so each is explained by its own step.
"""

from __future__ import annotations

from typing import Any

from bot.engine import State
from bot.gameui import Moment, Step

from . import rules
from .cards import CURSE, ELEMENTS, RAINBOW, SPENDABLE_GEMS
from .game import ID
from .render.rulestext import FIRST_PAGE

LEARNER = 0
SEATS = 2
AI_LEVEL = "normal"
SEED = 277
OPTIONS: dict[str, Any] = {"first_player": "host"}  # the learner (the host's seat) starts
RECAPPED = (f"{ID}.learn.limit",)
"""The steps the plain play (the first choice each time) never meets: said at the end as recaps."""
PER_CHANGE = 2
"""Lines said at most after one change: the start alone would otherwise say seven."""

PARTS: dict[str, tuple[str, ...]] = {
    f"{ID}.teach.setup": (f"{ID}.teach.setup", f"{ID}.teach.first.random"),
    f"{ID}.teach.cards": tuple(f"{ID}.teach.cards#{part}" for part in
                                ("gems", "elements", "actions", "halves", "barrier")),
    f"{ID}.teach.turn": tuple(f"{ID}.teach.turn#{part}" for part in
                               ("draw", "act", "cards", "gem3", "element", "declare", "takeback", "limit",
                                "rainbow", "curse")),
    f"{ID}.teach.end": (f"{ID}.teach.end", f"{ID}.teach.max_turns"),
}
"""How a statement of the first page (:data:`FIRST_PAGE`) splits into the rules the steps explain: its parts
(``<key>#<part>``) and the words the default rules add to it (the first player, the turn cap)."""

STATEMENTS = tuple(part for key in FIRST_PAGE for part in PARTS.get(key, (key,)))
"""The first rules page (``/game rules getgem`` with the default rules), statement by statement."""

CONNECTIVES = (f"{ID}.teach.ours", f"{ID}.teach.more", f"{ID}.teach.match.false")
"""The page's words that state no rule ("(our reading)", the pointer to the readings, the match line when off)."""


def deal(options: dict[str, Any]) -> State:
    """The seeded first state: ``rules.new`` with :data:`SEED` and the learner starting."""
    return rules.new(SEATS, SEED, options)


def _hand_types(m: Moment) -> list[str]:
    hand = m.view.get("hand") or []
    return [m.view["cat"][c] for c in hand]


def _meets(kind: str) -> Any:
    """The learner holds a card of ``kind``, or sees one played."""

    def when(m: Moment) -> bool:
        return kind in _hand_types(m) or any(
            e.kind == "play" and e.args.get("card_type") == kind for e in m.events
        )

    return when


def _my_phase(m: Moment) -> bool:
    """The learner's own action phase, no question pending."""
    return m.asked and m.view["turn"] == m.seat and m.view["pending"] is None and m.view["phase"] == "action"


def _can_gem3(m: Moment) -> bool:
    return _my_phase(m) and sum(1 for t in _hand_types(m) if t in SPENDABLE_GEMS) >= 3


def _can_element(m: Moment) -> bool:
    types = _hand_types(m)
    return _my_phase(m) and any(types.count(g) >= 2 and m.view["elements"][g] != m.seat for g in ELEMENTS)


def _can_declare(m: Moment) -> bool:
    """What ``legal.can_declare`` asks, from the learner's view: 3 cards showing every gem with their elements."""
    types = _hand_types(m)
    if not _my_phase(m) or len(types) < 3 or m.view["decl"][m.seat]:
        return False
    missing = [g for g in ELEMENTS if m.view["elements"][g] != m.seat]
    naturals = sum(1 for g in missing if g in types)
    rainbows = 0 if CURSE in types else types.count(RAINBOW)
    return min(3, naturals + rainbows) >= len(missing)


def _seen(kind: str) -> Any:
    return lambda m: m.find(kind) is not None


def _asked(kind: str) -> Any:
    return lambda m: m.asked and (m.view["pending"] or {}).get("kind") == kind


def _card(kind: str, explains: tuple[str, ...]) -> Step:
    """A card kind's line, said when the learner first meets one (or at the end, if they never do)."""
    key = f"{ID}.learn.card.{kind}"
    return Step(key, _meets(kind), explains=explains, recap=key)


ACTION = (f"{ID}.teach.turn#cards", f"{ID}.teach.cards#actions")
"""What an action card's line explains: it is played for its effect, in the action phase."""

STEPS = (
    Step(f"{ID}.learn.welcome", lambda m: True,
         explains=(f"{ID}.rules", f"{ID}.teach.setup", f"{ID}.teach.first.random"),
         fields=lambda m: {"seat": 1 - m.seat}),
    Step(f"{ID}.learn.turn", _my_phase, explains=(f"{ID}.teach.turn#draw", f"{ID}.teach.turn#act"),
         fields=lambda m: {"end_label": f"{ID}.control.end"}),  # the button's own words, in the reader's language
    _card(RAINBOW, (f"{ID}.teach.turn#rainbow",)),
    _card(CURSE, (f"{ID}.teach.turn#curse",)),
    _card("steal", ACTION),
    _card("exchange", ACTION),
    _card("arm", ACTION),
    _card("push_peep", (*ACTION, f"{ID}.teach.cards#halves")),
    _card("push_barrier", (*ACTION, f"{ID}.teach.cards#halves", f"{ID}.teach.cards#barrier")),
    Step(f"{ID}.learn.gems", lambda m: any(t in ELEMENTS for t in _hand_types(m)),
         explains=(f"{ID}.teach.cards#gems", f"{ID}.teach.cards#elements")),
    Step(f"{ID}.learn.barrier_ask", _asked("barrier"), explains=(f"{ID}.teach.cards#barrier",),
         recap=f"{ID}.learn.barrier_ask.recap"),
    Step(f"{ID}.learn.gem3", lambda m: _can_gem3(m) or _seen("gem3")(m), explains=(f"{ID}.teach.turn#gem3",),
         recap=f"{ID}.learn.gem3"),
    Step(f"{ID}.learn.element", lambda m: _can_element(m) or _seen("element")(m),
         explains=(f"{ID}.teach.turn#element",), recap=f"{ID}.learn.element"),
    Step(f"{ID}.learn.declare", _can_declare, explains=(f"{ID}.teach.turn#declare",),
         recap=f"{ID}.learn.declare"),
    Step(f"{ID}.learn.takeback", _seen("takeback"), explains=(f"{ID}.teach.turn#takeback",),
         recap=f"{ID}.learn.takeback"),
    Step(f"{ID}.learn.limit", _asked("limit"), explains=(f"{ID}.teach.turn#limit",), recap=f"{ID}.learn.limit"),
    Step(f"{ID}.learn.reveal", _seen("reveal"), explains=(f"{ID}.teach.end",), recap=f"{ID}.learn.reveal"),
    Step(f"{ID}.learn.end", lambda m: m.over, explains=(f"{ID}.teach.max_turns",),
         fields=lambda m: {"turns": m.view["opts"]["max_turns"]}),
)
