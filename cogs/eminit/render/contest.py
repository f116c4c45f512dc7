"""A contest under way in words: who flipped which card, and where every seat stands.

One function for the board and the DM ("act from where you are"):
a player deciding whether to declare must see, where the buttons are, the
flipped card, who flipped it and who has declared (face down) or passed so
far, without a trip to the channel.  Built from any view's public contest
part only: the flipped card is face up for everyone, and a seat's state is
``deciding``/``declared``/``done`` (live) or answered or not (sealed), never
which card it declared.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr

from ..game import ID
from .words import card, mark, who


def live(view: View) -> bool:
    return view["options"].get("declarations", "live") == "live"


def contest_lines(view: View, names: list[str], tr: Tr) -> list[str]:
    """The flip line, then each seat's state (live) or who has decided and who not (sealed); [] without a contest."""
    contest = view["contest"]
    if contest is None:
        return []
    key = f"{ID}.board.flipped_extra" if contest["extra"] else f"{ID}.board.flipped"
    text = [tr(key, who=who(contest["flipper"], names), slot=contest["slot"], card=card(contest["card"], tr))]
    if live(view):  # in resolution order (clockwise from the flipper): the later declaration has the last word
        n = len(contest["seats"])
        order = [(contest["flipper"] + i) % n for i in range(n)]
        text += [tr(f"{ID}.board.seat_{contest['seats'][i]}", who=who(i, names)) for i in order]
    else:
        n = view["n"]
        done = [mark(i) for i in range(n) if contest["answered"][i]]
        waiting = [mark(i) for i in range(n) if not contest["answered"][i]]
        nobody = tr(f"{ID}.board.nobody")
        text.append(tr(f"{ID}.board.answered", seats=" ".join(done) or nobody))
        text.append(tr(f"{ID}.board.waiting", seats=" ".join(waiting) or nobody))
    return text
