"""A clash or a missed special told to the players it touched, in their DMs (``GameRender.outcome``).

The DM already says how the reveal moved your cards (:mod:`.yours`); a suit that
did *not* move needs its why: it clashed with another player on the same row
("Row 2: your ♥ clashed with dave's: nobody got it"), or the SPIN turned your
special to a number already passed.  Built from the public events only.
"""

from __future__ import annotations

from bot.engine import Event
from bot.i18n import Tr

from ..game import ID
from ..rules.postcard import SPECIAL_NAME, SUIT_SYMBOL
from .words import names_text


def outcome(events: list[Event], seat: int, names: list[str], tr: Tr) -> list[str]:
    """``seat``'s lines for the clashes and missed specials of one change, in order."""
    lines: list[str] = []
    for event in events:
        a = event.args
        if event.to is not None:
            continue
        if event.kind == "row":
            for suit, seats in a["clashes"]:
                if seat in seats:
                    others = names_text(names, [s for s in seats if s != seat], tr)
                    lines.append(tr(f"{ID}.outcome.clash", row=a["row"], suit=SUIT_SYMBOL[suit], names=others))
        elif event.kind == "special_missed" and a["seat"] == seat:
            lines.append(tr(f"{ID}.outcome.missed", special=SPECIAL_NAME[a["special"]], order=a["order"]))
    return lines
