"""Promotion as a picture: the board, drawn from the spectator view only (the channel board).

It cannot show a hidden pick: two true states with the same spectator view give
byte-identical PNGs (tested).  ``board(view, ...)`` is ``draw_board(board_inputs(view), ...)``:
the drawing (:mod:`.board`) reads only what :func:`board_inputs` takes from the view (the last
reveal's recap instead of the log), which is what a kept picture is keyed by.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from bot.engine import View
from bot.pictures import Inputs

from .board import IMAGE_SIZE as IMAGE_SIZE
from .board import P as P  # the table colours (the encoder's palette is chosen by the background)
from .board import draw_board as draw_board
from .board import has_glyph as has_glyph
from .board import picture_name as picture_name
from .recap import recap


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this."""
    infos = recap(view)
    return {
        "postcard": view["options"]["postcard"],
        "supply": view["supply"],
        "sides": view["sides"],
        "parent": view["parent"],
        "phase": view["phase"],
        "to_act": view["to_act"],
        "winners": [] if view["result"] is None else view["result"]["winners"],
        "picked": view["picked"],
        "revealed": view["revealed"],
        "partial": view.get("partial", False),
        "field": view["field"],
        "recap": None if infos is None else [asdict(info) for info in infos],
    }


def board(view: View, names: list[str], tr: Any) -> bytes:
    """The board picture for the platform (``bot.core.games.Game.board_picture``): the same in every language."""
    return postcard_png(view, names)


def postcard_png(view: View, names: list[str]) -> bytes:
    """The board picture (PNG, :data:`IMAGE_SIZE`) from the spectator view."""
    return draw_board(board_inputs(view), names, None)
