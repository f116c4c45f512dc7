"""Eminit's Treasure as pictures: the field of face-down cards, the contest, each player's treasures.

``board`` draws the spectator view: the field as card backs marked with who
placed them (and dots for who has peeked), the card flipped in a running
contest and each seat's answer to it, the last contest's outcome, and a row per
player with hand size, treasures and points.  ``hand`` draws one seat's view:
its cards face up, the field cards it knows, its secret declaration.  Both read
only the view.  Each is ``draw_*(*_inputs(view), ...)``: the drawing
(:mod:`.board`, :mod:`.hand`) reads only the part of the view
:func:`board_inputs` / :func:`hand_inputs` hand it (not the log, nor what the
contest keeps for the rules), which is what a kept picture is keyed by.  Both
are laid out for a phone (see :mod:`.board`); the phase and what the table
waits for are said by the text under the picture, not here again.  The cards
themselves are drawn by :mod:`.sprites`.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr
from bot.pictures import Inputs

from .. import cards
from .board import WIDTH as WIDTH
from .board import draw_board as draw_board
from .hand import draw_hand as draw_hand
from .sprites import P as P  # the table colours (the encoder's palette is chosen by the background)


def _only(entry: dict | None, keys: tuple[str, ...]) -> dict | None:
    return None if entry is None else {k: entry.get(k) for k in keys}


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this."""
    return {
        "n": view["n"],
        "phase": view["phase"],
        "to_act": view["to_act"],
        "result": _only(view["result"], ("reason", "winners", "scores")),
        "field": [{"slot": e["slot"], "by": e["by"], "known": e["known"]} for e in view["field"]],  # face down
        "quota": view["quota"],
        "deck_size": view["deck_size"],
        "discard": len(view["discard"]),
        "contest": _only(view["contest"], ("slot", "card", "flipper", "placed_by", "seats", "answered")),
        "last_contest": _only(view["last_contest"], ("slot", "card", "flipper", "receiver")),
        "scores": view["scores"],
        "hand_sizes": view["hand_sizes"],
        "skip": view["skip"],
        "treasures": view["treasures"],
    }


def board(view: View, names: list[str], tr: Tr) -> bytes:
    """The channel picture, from the spectator view."""
    return draw_board(board_inputs(view), names, tr)


def hand_inputs(view: View, seat: int) -> Inputs:
    """What ``seat``'s hand picture shows, from that seat's view: the picture's cache key holds exactly this."""
    known = [e for e in view["field"] if e["card"] is not None]
    contest = view["contest"]
    mine = contest["mine"] if contest else None
    return {
        # id order is catalogue order: magic, interrupts, treasures
        "held": [[card, cards.points(card, view["options"])] for card in sorted(view["hand"] or [])],
        "active": seat in view["to_act"],
        "known": [{"slot": e["slot"], "card": e["card"]} for e in known[:8]],
        "declared": mine.get("card") if mine is not None else None,
    }


def hand(view: View, seat: int, names: list[str], tr: Tr) -> bytes:
    """One seat's picture from its own view: hand face up, the field cards it knows, its declaration."""
    return draw_hand(hand_inputs(view, seat), seat, names, tr)
