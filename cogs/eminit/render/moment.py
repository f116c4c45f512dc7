"""Every contest as a post in the channel's history (``GameRender.moment``).

The board shows only the last contest; a table that wants to know, ten
minutes later, who bluffed and how the treasure went to ③ scrolls up to a
post made when it happened.  A post is built from the public events of one
committed change and nothing else, so it can only say what the rules have
already shown everyone: the flipped card (face up once flipped), the
declarations as they are revealed at resolution (never before: in a live
window only *that* someone declared is public, and no ``revealed`` event
exists until the window closes), and who receives the card.

A change closes a contest when it holds a ``received`` event (one per
contest, emitted right after its ``revealed`` events); an interrupt flipped
from the field is a short contest nobody receives.  One change can close
more than one (a False Info extra flip when no one has a card left resolves
at once), so the post may hold several blocks.  A contest nobody declared
in is left out when its card simply goes to the flipper's points
or hand (:data:`QUIET_OUTCOMES`), which the board shows: two thirds of a
game's posts said only "Nobody declared".  An acquired effect (Time Skip,
Big Release, Supply) is still told: it changes what comes next.
"""

from __future__ import annotations

from bot.engine import Event
from bot.i18n import Tr

from .. import cards
from ..game import ID
from .words import card, who

QUIET_OUTCOMES = ("scored", "hand")
"""Outcomes of an undeclared contest that are no moment: the card went where the board shows it."""
ACQUIRED = ("time_skip", "big_release", "supply")
"""Cards whose receiver gets an effect instead of the card (``cards.ACQUIRED_EFFECT``), each told its own way."""


def moment(events: list[Event], names: list[str], tr: Tr) -> str | None:
    """The post for the contests ``events`` close, or None when they close none."""
    blocks: list[str] = []
    declarations: list[str] = []
    nobody = False
    for event in events:
        if event.to is not None:
            continue  # never a private event, even if handed one
        a = event.args
        if event.kind == "revealed":
            declarations.append(f"{len(declarations) + 1}. {_declaration(a, names, tr)}")
        elif event.kind == "no_declarations":
            nobody = True
        elif event.kind == "received":
            if declarations or a["outcome"] not in QUIET_OUTCOMES:
                blocks.append(_contest(a, declarations, nobody, names, tr))
            declarations, nobody = [], False
        elif event.kind == "interrupt_flipped":
            key = f"{ID}.moment.interrupt" if a.get("again", True) else f"{ID}.moment.interrupt_last"
            blocks.append(tr(key, slot=a["slot"], card=card(a["card"], tr), who=who(a["seat"], names)))
    return "\n\n".join(blocks) or None


def _contest(a: dict, declarations: list[str], nobody: bool, names: list[str], tr: Tr) -> str:
    """Heading, the declarations in resolution order, then who receives the card and what it does."""
    common = {"slot": a.get("slot"), "card": card(a["card"], tr), "who": who(a.get("flipper"), names)}
    if a.get("extra"):
        heading = tr(f"{ID}.moment.heading_extra", by=who(a.get("by"), names), **common)
    else:
        heading = tr(f"{ID}.moment.heading", **common)
    lines = [heading]
    if declarations:
        lines.append(tr(f"{ID}.moment.order"))
        lines += declarations
    elif nobody:
        lines.append(tr(f"{ID}.moment.nobody"))
    lines.append(_receiver(a, names, tr))
    return "\n".join(lines)


def _declaration(a: dict, names: list[str], tr: Tr) -> str:
    """One revealed declaration and what it did (``contest._resolve``'s ``effect``)."""
    return tr(
        f"{ID}.moment.decl.{a['effect']}",
        who=who(a["seat"], names),
        decl=card(a["card"], tr),
        target=who(a.get("target_seat"), names),
        slot=a.get("target_slot"),
    )


def _receiver(a: dict, names: list[str], tr: Tr) -> str:
    """Who receives the card: points, a card for the hand, or the effect they now undergo."""
    common = {"who": who(a["seat"], names), "card": card(a["card"], tr)}
    outcome = a["outcome"]
    if outcome == "scored":
        return tr(f"{ID}.moment.scored", points=a.get("points", 0), **common)
    if outcome == "hand":
        return tr(f"{ID}.moment.hand", **common)
    kind = cards.kind(a["card"])
    if kind == "supply" and not a.get("discard"):
        return tr(f"{ID}.moment.effect_none", **common)
    key = f"{ID}.moment.effect.{kind}" if kind in ACQUIRED else f"{ID}.moment.effect"
    return tr(key, count=a.get("discard", 0), **common)
