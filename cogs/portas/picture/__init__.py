"""The PORTAS table as a picture: both hands, the two open treasures with every port, the score.

Pure: ``board(view, names, tr)`` reads only the view (PORTAS hides nothing but
deck order, which the view leaves out) and returns PNG bytes; it is
``draw_board(board_inputs(view), names, tr)``: the drawing (:mod:`.board`, with
the goods' art in :mod:`.sprites`) reads only the part of the view
:func:`board_inputs` hands it, which is what a kept picture is keyed by.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr
from bot.pictures import Inputs

from .board import HEIGHT as HEIGHT
from .board import WIDTH as WIDTH
from .board import P as P  # the table colours (the encoder's palette is chosen by the background)
from .board import draw_board as draw_board


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this.

    The log is left out (only the latest port still lying on a treasure is ringed), so is the deck's order.
    """
    return {
        "result": view["result"],
        "last": _last_port(view),
        "open": view["open"],
        "to_act": view["to_act"],
        "turn": view["turn"],
        "scores": view["scores"],
        "hands": view["hands"],
        "deck_sizes": view["deck_sizes"],
        "taken": [[{"value": t["value"], "points": t["points"]} for t in seat] for seat in view["taken"]],
        "treasures_left": view["treasures_left"],
    }


def board(view: View, names: list[str], tr: Tr) -> bytes:
    """The whole table from the spectator view (any seat's view draws the same: nothing is hidden)."""
    return draw_board(board_inputs(view), names, tr)


def _last_port(view: View) -> tuple[int, int, int] | None:
    """(treasure, seat, card) of the latest port still lying on an open treasure, to ring it."""
    for entry in reversed(view["recent"]):
        if entry["kind"] == "ported":
            a = entry["args"]
            return a["treasure"], a["seat"], a["card"]
        if entry["kind"] == "took":
            return None
    return None
