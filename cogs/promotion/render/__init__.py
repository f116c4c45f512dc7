"""Words for Promotion's board, private message and buttons (the render contract in :mod:`bot.gameui`).

Everything is built from a view (``rules.view``) and the seat names, so the
same code serves the channel board (spectator view), a player's private
message (their own view) and their buttons.  Picks are never read from
anywhere but the view, so a board cannot leak what the view hides.  The log
lines live in :mod:`.events`, the reveal's channel post in :mod:`.moment`, the rules text in :mod:`.rulestext`, the
picture in :mod:`..picture`; this module re-exports them as the contract asks.
"""

from __future__ import annotations

from bot.engine import Action, Event, View
from bot.gameui import Board, Control, clip
from bot.i18n import Tr

from ..game import ID
from ..picture import IMAGE_SIZE, picture_name, postcard_png
from ..rules import postcard
from ..rules.postcard import SPECIAL_NAME, SUIT_SYMBOL, SUITS
from ..rules.state import SEATS, opt
from .events import event
from .hints import moves_text, postcard_line, row_hint
from .legend import legend as legend  # GameRender.legend: every symbol of its picture
from .moment import moment
from .outcome import outcome as outcome  # GameRender.outcome: a clash told to the players it touched
from .reason import reason as reason  # GameRender.reason: who reached a King, and how
from .rulestext import postcard_table, rules_text
from .words import (
    card,
    field_text,
    name,
    names_text,
    next_down,
    next_up,
    pair,
    side_label,
    sides_of,
)
from .yours import last_round_line

__all__ = [
    "IMAGE_SIZE", "board", "card", "control", "event", "moment", "picture_name", "postcard_png", "private",
    "revealed", "rules_text",
]

SUMMARY_EVENTS = 2
LOG_LINES = 10
_QUIET = frozenset({"picked", "round_end"})


# --------------------------------------------------------------------------- status


def _status(view: View, names: list[str], tr: Tr) -> str:
    """One line: who must do what now (or how the game ended)."""
    phase = view["phase"]
    acting = view["to_act"]
    result = view["result"]
    if result is not None:
        if result["reason"] == "king":
            return tr(f"{ID}.board.result_king", names=names_text(names, result["winners"], tr))
        return tr(f"{ID}.board.result_draw", rounds=view["round"])
    who = name(names, acting[0]) if acting else ""
    if phase == "pick":
        return tr(f"{ID}.wait.pick", names=names_text(names, acting, tr))
    if phase == "choose":
        return tr(f"{ID}.wait.choose.{view['pending']['kind']}", name=who)
    return tr(f"{ID}.wait.{phase}", name=who)


def _pick_status(view: View, seat: int, tr: Tr) -> str:
    if view["phase"] in ("suit", "name"):
        return ""
    if view["revealed"] or view.get("partial"):
        pick = view["picks"][seat]  # under row1_first's partial reveal: only the row-1 picks are in the view
        if pick is not None:
            return tr(f"{ID}.board.picked_row", row=pick)
        return tr(f"{ID}.board.picked_hidden") if view.get("partial") else ""
    if view["phase"] != "pick":
        return ""
    return tr(f"{ID}.board.picked_yes") if view["picked"][seat] else tr(f"{ID}.board.picked_no")


def board(view: View, names: list[str], tr: Tr) -> Board:
    """The channel board: short, the status and the last events (beside the picture); long, every player's
    field, the supply, the postcard and the log."""
    sides = sides_of(view)
    title = (
        tr(f"{ID}.board.title_setup") if view["round"] == 0 else tr(f"{ID}.board.title_round", round=view["round"])
    )
    fields: list[tuple[str, str]] = []
    for s in range(SEATS):
        head = f"P{s + 1}{tr('words.dot')}{name(names, s)}"
        if s == view["parent"] and view["result"] is None:
            head += " " + tr(f"{ID}.board.parent_mark")
        lines = [field_text(view, s)]
        if view["row_suit"][s] is not None:
            lines.append(tr(f"{ID}.board.row_cards", suit=SUIT_SYMBOL[view["row_suit"][s]]))
        if view["round"] > 0:
            lines.append(tr(f"{ID}.board.faces", side=side_label(sides[view["sides"][s]], tr("words.dot"))))
        status = _pick_status(view, s, tr)
        if status:
            lines.append(status)
        fields.append((head, "\n".join(lines)))
    supply = "\n".join(
        f"{SUIT_SYMBOL[s]} " + (tr("words.num_sep").join(str(v) for v in view["supply"][s]) or "—") for s in SUITS
    )
    fields.append((tr(f"{ID}.board.supply"), supply))
    if view["round"] > 0:
        card_lines = [
            f"{side_label(sides[view['sides'][s]], tr('words.dot'))} → {name(names, s)}" for s in range(SEATS)
        ]
        fields.append((tr(f"{ID}.board.postcard"), "\n".join(card_lines)))
    # "X has picked" lines are left out: the player fields already say who has picked.
    shown = [e for e in view["log"] if e["kind"] not in _QUIET][-LOG_LINES:]
    log = [event(Event.from_json(e), names, tr) for e in shown]
    if log:
        fields.append((tr(f"{ID}.board.log"), clip("\n".join(log), 1024)))
    footer = tr(f"{ID}.board.footer", max_rounds=view["options"]["max_rounds"])
    # the picture (picture.board) is drawn by the platform, cached per state version: not here
    return Board(
        title=title,
        description=_status(view, names, tr),
        fields=fields,
        footer=footer,
        summary=[_status(view, names, tr), *(f"-# {line}" for line in log[-SUMMARY_EVENTS:] if line)],
    )


def private(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``seat``'s private message: its cards, what it faces, its secret pick, and what to do."""
    sides = sides_of(view)
    lines = [tr(f"{ID}.private.field", cards=field_text(view, seat))]
    last = last_round_line(view, seat, names, tr)
    if last:
        lines.append(last)
    if view["round"] > 0:
        side = sides[view["sides"][seat]]
        lines.append(
            tr(
                f"{ID}.private.faces",
                side=side_label(side, tr("words.dot")),
                order=side.order,
                rows=tr("words.dot").join(f"{row} {pair(side.row(row))}" for row in (2, 3, 4)),
            )
        )
    pick = view["picks"][seat]
    if view["phase"] == "pick":
        side = sides[view["sides"][seat]]
        lines.append(tr(f"{ID}.private.row1_help", special=SPECIAL_NAME[side.special],
                        effect=tr(f"{ID}.private.special.{side.special}")))
        lines.append(tr(f"{ID}.private.rows_help"))
        lines.append(postcard_line(view, names, tr))
        lines.append("-# " + tr(f"{ID}.private.hint_note"))
        if pick is None:
            lines.append(tr(f"{ID}.private.pick_now"))
        else:
            final = not opt(view, "change_pick")  # the option in force: may this pick still change?
            lines.append(tr(f"{ID}.private.picked_final" if final else f"{ID}.private.picked", row=pick))
    elif view["result"] is not None:
        lines.append(_result(view, seat, names, tr))
    elif seat in view["to_act"]:  # asked in the second person: the board's status line names the player
        kind = f"choose.{view['pending']['kind']}" if view["phase"] == "choose" else view["phase"]
        lines.append(tr(f"{ID}.you.{kind}"))
        if kind == "orient":  # the sides' rows once, here: the buttons name only who gets which side
            lines.append("-# " + postcard_table(view["options"]["postcard"], tr).replace("\n", "\n-# "))
    return "\n".join(lines)


def revealed(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``seat``'s field at the end, in the third person (public all game: Promotion hides only the picks)."""
    return tr(f"{ID}.reveal.field", name=name(names, seat), cards=field_text(view, seat))


def _result(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """The last line of a finished game's DM: did *you* win, with whom, or who beat you."""
    winners = list(view["result"]["winners"])
    if view["result"]["reason"] != "king" or not winners:
        return tr(f"{ID}.private.result.draw", rounds=view["round"])
    if seat not in winners:
        return tr(f"{ID}.private.result.lost", names=names_text(names, winners, tr))
    others = [s for s in winners if s != seat]
    if others:
        return tr(f"{ID}.private.result.shared", names=names_text(names, others, tr))
    return tr(f"{ID}.private.result.won")


# --------------------------------------------------------------------------- buttons


def control(action: Action, view: View, seat: int, names: list[str], tr: Tr) -> Control:
    """The button for one legal action, worded from what ``seat`` faces and holds."""
    sides = sides_of(view)
    kind = action["type"]
    field = view["field"][seat]
    supply = view["supply"]
    style, row = "secondary", None
    if kind == "suit":
        label = tr(f"{ID}.control.suit", suit=SUIT_SYMBOL[action["suit"]],
                   suit_name=tr(f"{ID}.suit.{action['suit']}"))
    elif kind == "name":
        suit = action["suit"]
        label = tr(f"{ID}.control.name", suit=SUIT_SYMBOL[suit],
                   suit_name=tr(f"{ID}.suit.{suit}"), card=card(suit, supply[suit][0]))
    elif kind == "orient":
        side = postcard.facing(sides, seat, action["r"])
        others = tr("list.sep").join(  # what every seat gets, not only the parent: a name cut to fit a phone
            tr(f"{ID}.control.orient_other", name=clip(name(names, other), 8),
               letter=postcard.facing(sides, other, action["r"]).letter)
            for other in [(seat + k) % SEATS for k in range(1, SEATS)]
        )
        label = tr(f"{ID}.control.orient_all", side=side.letter, others=others)  # the DM lists the sides
        style = "primary" if action["r"] == view["r"] else "secondary"
    elif kind == "turn":
        side = postcard.facing(sides, seat, view["r"] + (2 if action["turn"] else 0))
        key = f"{ID}.control.turn_yes" if action["turn"] else f"{ID}.control.turn_no"
        label = tr(key, side=side_label(side, tr("words.dot")))
        style = "primary" if action["turn"] else "secondary"
    elif kind == "pick":
        side = postcard.facing(sides, seat, view["r"])
        number = action["row"]
        if number == 1:
            label = tr(f"{ID}.control.pick_special", special=SPECIAL_NAME[side.special], order=side.order)
        else:  # what the row does as the cards lie now; the DM says once what that assumes (.hints)
            label = tr(f"{ID}.control.pick_row", row=number, suits=pair(side.row(number)),
                       moves=moves_text(row_hint(view, seat, number)))
        style = "success" if view["picks"][seat] == number else "primary"
    elif kind == "down":
        suit = action["suit"]
        low = next_down(supply[suit], field[suit])
        label = (
            tr(f"{ID}.control.down", card=card(suit, field[suit]), new=card(suit, low))
            if low is not None
            else tr(f"{ID}.control.down_none", card=card(suit, field[suit]))
        )
    elif kind == "change":
        target, suit = action["seat"], action["suit"]
        label = tr(f"{ID}.control.change", name=name(names, target),
                   theirs=card(suit, view["field"][target][suit]), mine=card(suit, field[suit]))
        row = (target - seat - 1) % SEATS
    elif kind == "wild":
        suit = action["suit"]
        up = next_up(supply[suit], field[suit])
        label = (
            tr(f"{ID}.control.wild", card=card(suit, field[suit]), new=card(suit, up))
            if up is not None
            else tr(f"{ID}.control.wild_none", card=card(suit, field[suit]))
        )
        style = "primary" if up is not None else "secondary"
    else:
        label = str(action)
    return Control(label=clip(label), style=style, row=row)
