"""The GETGEM table and a player's hand as pictures (pure: a view in, PNG bytes out).

``board`` draws the spectator view: the centre (deck, discard, element cards,
the phase) and a row per seat with its face-down hand size, the element cards
it holds and a face-up declaration.  ``hand`` draws one seat's own view: its
cards face up, named in the reader's language.  Neither reads anything a view
does not carry, so neither can leak a hand.  Each is
``draw_*(*_inputs(view), ...)``: the drawing (:mod:`.board`, :mod:`.hand`)
reads only the part of the view :func:`board_inputs` / :func:`hand_inputs`
hand it (card types instead of ids, the winning reveal instead of the log),
which is what a kept picture is keyed by: a move that changes none of it draws
nothing.  Both are laid out for a phone (see :mod:`.board`): what the text
under the picture says (title, turn number, whose turn, what the table waits
for) is not in the picture again.
"""

from __future__ import annotations

from bot.engine import View
from bot.i18n import Tr
from bot.pictures import Inputs

from ..cards import ELEMENTS, TYPES
from .board import WIDTH as WIDTH
from .board import draw_board as draw_board
from .hand import draw_hand as draw_hand
from .sprites import P as P  # the table colours (the encoder's palette is chosen by the background)


def board_inputs(view: View) -> Inputs:
    """What the board shows, from the spectator view: the picture's cache key holds exactly this."""
    cat = view["cat"]
    opts, over, discard = view["opts"], view["result"], view["discard"]
    reveal = None
    if over is not None:  # the winning hand, shown face up to everyone by the rules
        reveal = next(
            (e["args"]["card_types"] for e in reversed(view["log"]) if e["kind"] == "reveal" and e["args"].get("win")),
            None,
        )
    return {
        "n": view["n"],
        "to_act": view["to_act"],
        "turn": view["turn"],
        "phase": view["phase"],
        "hand_sizes": view["hand_sizes"],
        "elements": view["elements"],
        "decl": [[cat[card] for card in decl] for decl in view["decl"]],
        "deck": view["deck"],
        "discard": {"count": len(discard), "top": cat[discard[-1]] if discard else None},
        "match": {"target": opts.get("match_target"), "points": view["points"]} if opts.get("match_play") else None,
        "over": None if over is None else {"winners": over["winners"], "reveal": reveal},
    }


def board(view: View, names: list[str], tr: Tr) -> bytes:
    """The channel picture, from the spectator view."""
    return draw_board(board_inputs(view), names, tr)


def hand_inputs(view: View, seat: int) -> Inputs:
    """What ``seat``'s hand picture shows, from that seat's view: card types, not ids (two fires swapped: no change)."""
    cat = view["cat"]
    return {
        "cards": [cat[c] for c in sorted(view["hand"] or [], key=lambda c: (TYPES.index(cat[c]), c))],
        "active": seat in view["to_act"],
        "held": [g for g in ELEMENTS if view["elements"][g] == seat],
        "decl": [cat[card] for card in view["decl"][seat]],
        "known": [[o, [cat[c] for c in ids[:12]]] for o, ids in enumerate(view["known"] or []) if ids and o != seat],
    }


def hand(view: View, seat: int, names: list[str], tr: Tr) -> bytes:
    """One seat's picture, from that seat's view: its cards face up, elements and declaration, what it has seen."""
    return draw_hand(hand_inputs(view, seat), seat, names, tr)
