"""Each contest told to every player in their DM, from where they sat (``GameRender.outcome``).

The channel's post (:mod:`.moment`) tells the table what happened; a player
who declared a Reflect wants to know, where their buttons are, what *their*
card did ("Your Reflect did nothing: ③'s Nullify came before you in
resolution order"), and one who only pressed Done who got the card.  Every
seat took part in a contest (each one chose to declare or not), so each gets
one line per contest.  Built from the public ``revealed`` / ``received``
events of the change only: what the rules have already shown everyone.
"""

from __future__ import annotations

from bot.engine import Event
from bot.i18n import Tr

from .. import cards
from ..game import ID
from .words import card, who

CHANGES_RECEIVER = ("suck", "reflect")
"""Declaration effects that set who receives the flipped card (the last one in resolution order wins)."""


def outcome(events: list[Event], seat: int, names: list[str], tr: Tr) -> list[str]:
    """``seat``'s line for each contest ``events`` close (``received``), in order; [] when they close none."""
    lines: list[str] = []
    revealed: list[dict] = []
    for event in events:
        if event.to is not None:
            continue  # public events only: every seat may know them
        if event.kind == "revealed":
            revealed.append(event.args)
        elif event.kind == "received":
            lines.append(_line(revealed, event.args, seat, names, tr))
            revealed = []
    return lines


def _line(order: list[dict], received: dict, seat: int, names: list[str], tr: Tr) -> str:
    """What ``seat``'s declaration (or none) did in one contest, then who got the card."""
    got = _received(received, seat, names, tr)
    mine = next((i for i, line in enumerate(order) if line["seat"] == seat), None)
    if not order:
        return tr(f"{ID}.outcome.nobody", outcome=got)
    if mine is None:
        return tr(f"{ID}.outcome.watched", outcome=got)
    line = order[mine]
    decl = card(line["card"], tr)
    effect = line["effect"]
    if effect == "nullified":
        nullifier = next(e for e in order[:mine] if e["effect"] == "nullify")
        return tr(f"{ID}.outcome.nullified", decl=decl, who=who(nullifier["seat"], names), outcome=got)
    if effect in CHANGES_RECEIVER:
        later = [e for e in order[mine + 1 :] if e["effect"] in CHANGES_RECEIVER]
        if later:
            by = later[-1]
            return tr(f"{ID}.outcome.overridden", decl=decl, who=who(by["seat"], names), by=card(by["card"], tr),
                      outcome=got)
        return tr(f"{ID}.outcome.decided", decl=decl, outcome=got)
    return tr(f"{ID}.outcome.{effect}", decl=decl, slot=line.get("target_slot"), outcome=got)


def _received(a: dict, seat: int, names: list[str], tr: Tr) -> str:
    """Who receives the flipped card and what it does to them: "① alice gets Gold Coin (+3)."."""
    kind = cards.kind(a["card"])
    gain_key = f"{ID}.outcome.gain.{kind}" if a["outcome"] == "effect" else f"{ID}.outcome.gain.{a['outcome']}"
    gain = tr(gain_key, points=a.get("points", 0), discard=a.get("discard", 0))
    if a["seat"] == seat:
        return tr(f"{ID}.outcome.you_get", card=card(a["card"], tr), gain=gain)
    return tr(f"{ID}.outcome.gets", who=who(a["seat"], names), card=card(a["card"], tr), gain=gain)
