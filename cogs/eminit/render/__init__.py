"""Eminit's Treasure views and events in words, for any locale.

The board is built from the spectator view and never reads a field card's
face or a declaration that has not been revealed, even when handed a seat's
view: it only uses the public parts (the render tests check it).  The words
every text shares live in :mod:`.words`; each contest's channel post in
:mod:`.moment`, re-exported here as the render contract asks.
"""

from __future__ import annotations

from bot.engine import Action, Event, View
from bot.gameui import Board, Control
from bot.gameui import clip as _label
from bot.i18n import Tr

from .. import cards
from ..game import ID
from .contest import contest_lines as _contest_lines
from .events import event as event  # GameRender.event: one log line
from .events import revealed_line
from .legend import legend as legend  # GameRender.legend: every symbol its pictures draw
from .moment import moment as moment  # GameRender.moment: each contest's post
from .outcome import outcome as outcome  # GameRender.outcome: each contest told to each seat, in its DM
from .reason import ranked as _ranked
from .reason import reason as reason  # GameRender.reason: points by treasure kind, in rank order
from .rulestext import FIRST_PAGE as FIRST_PAGE  # the first rules page's statements (the tutorial's too)
from .rulestext import rules_text as rules_text  # GameRender.rules_text: the two rules pages
from .words import card as _card
from .words import card_list as _cards
from .words import mark as _mark
from .words import who as _who

LOG_SHOWN = 6
SUMMARY_EVENTS = 2
def _live(view: View) -> bool:
    return view["options"].get("declarations", "live") == "live"


def _waiting_line(view: View, names: list[str], tr: Tr) -> str:
    step = view["step"]
    kind = step["kind"]
    if kind == "declare" and _live(view):
        kind = "declare_live"
    who = _who(step.get("seat"), names)
    return tr(f"{ID}.wait.{kind}", who=who, slot=step.get("slot"), left=step.get("left"))


def board(view: View, names: list[str], tr: Tr) -> Board:
    phase = view["phase"]
    n = view["n"]
    lines: list[str] = []
    fields: list[tuple[str, str]] = []

    result = view["result"]
    if result is not None:
        if result["reason"] == "turn_cap":
            lines.append(tr(f"{ID}.board.result_cap"))
        elif result["winners"]:
            w = result["winners"][0]
            lines.append(tr(f"{ID}.board.result_win", who=_who(w, names), score=result["scores"][w]))
        else:
            lines.append(tr(f"{ID}.board.result_draw", score=max(result["scores"])))
    else:
        lines.append(_waiting_line(view, names, tr))

    field_text = tr("words.dot").join(
        tr(f"{ID}.board.field_card", slot=e["slot"], who=_who(e["by"], names)) for e in view["field"]
    )
    fields.append(
        (
            tr(f"{ID}.board.field", count=len(view["field"]), quota=view["quota"]),
            field_text or tr(f"{ID}.board.field_empty"),
        )
    )

    contest = view["contest"]
    contest_lines: list[str] = []  # the short board's lines for a contest under way
    if contest is not None:
        text = _contest_lines(view, names, tr)  # live: each seat deciding / face-down card / done
        fields.append((tr(f"{ID}.board.contest"), "\n".join(text)))
        contest_lines = text
    if view["queue"]:
        queued = (tr(f"{ID}.board.queue_item", slot=q["slot"], by=_mark(q["by"])) for q in view["queue"])
        slots = tr("list.sep").join(queued)
        lines.append(tr(f"{ID}.board.queue", slots=slots))

    last = view["last_contest"]
    if last is not None:
        text = [revealed_line(line, last["card"], names, tr) for line in last["order"]]
        text.append(tr(f"{ID}.board.receiver", card=_card(last["card"], tr), who=_who(last["receiver"], names)))
        fields.append(
            (tr(f"{ID}.board.last_contest", slot=last["slot"], card=_card(last["card"], tr)), "\n".join(text))
        )

    players = []
    for seat in range(n) if result is None else _ranked(result["scores"]):  # the end: the final standings
        mark = tr(f"{ID}.board.turn_mark") if seat == view["turn_seat"] and result is None else ""
        skip = tr(f"{ID}.board.skip_mark") if view["skip"][seat] else ""
        treasures = _cards(view["treasures"][seat], tr)
        line = tr(
            f"{ID}.board.player",
            who=_who(seat, names),
            hand=view["hand_sizes"][seat],
            score=view["scores"][seat],
            treasures=tr(f"{ID}.board.treasures", cards=treasures) if treasures else "",
        )
        players.append(mark + line.rstrip() + skip)
    fields.append((tr(f"{ID}.board.players"), "\n".join(players)))
    fields.append(
        (tr(f"{ID}.board.cards"), tr(f"{ID}.board.deck", deck=view["deck_size"], discard=len(view["discard"])))
    )
    log = [event(Event.from_json(e), names, tr) for e in view["log"][-LOG_SHOWN:]]
    if log:
        fields.append((tr(f"{ID}.board.log"), "\n".join(log)))
    return Board(
        title=tr(f"{ID}.board.title", phase=tr(f"{ID}.phase.{phase}")),
        description="\n".join(lines),
        fields=fields,
        footer=tr(f"{ID}.board.footer", turn=view["turn"], quota=view["quota"], limit=view["options"]["hand_limit"]),
        # a contest under way: who flipped what and each seat's state (that is whose turn it is); else the log's end
        summary=[*lines, *(contest_lines or [f"-# {line}" for line in log[-SUMMARY_EVENTS:] if line])],
    )


def private(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """Hand, known field cards, own declaration and what to do now."""
    hand = view["hand"] or []
    lines = [
        tr(f"{ID}.private.hand", count=len(hand), cards=_cards(hand, tr)) if hand else tr(f"{ID}.private.hand_empty")
    ]
    lines += [f"-# {line}" for line in _help(hand, view["options"], tr)]
    known = [
        tr(f"{ID}.private.known_card", slot=e["slot"], card=_card(e["card"], tr))
        for e in view["field"]
        if e["card"] is not None
    ]
    if known:
        lines.append(tr(f"{ID}.private.known", cards=tr("list.sep").join(known)))
    contest = view["contest"]
    if contest is not None:  # what a declaration is about, beside its buttons: no trip to the channel
        lines.append("")
        shown = _contest_lines(view, names, tr)
        if _live(view):  # the seats are listed in resolution order: say so where the choice is made
            shown.insert(1, tr(f"{ID}.board.resolution_order"))
        lines += [f"**{tr(f'{ID}.board.contest')}**", *shown]
    mine = contest["mine"] if contest is not None else None
    if mine is not None:
        if mine["card"] is None:
            lines.append(tr(f"{ID}.private.declared_none"))
        elif not mine["done"]:
            lines.append(tr(f"{ID}.private.choose_aim", card=_card(mine["card"], tr)))
        elif mine["seat"] is not None:
            lines.append(
                tr(f"{ID}.private.declared_aim_seat", card=_card(mine["card"], tr), who=_who(mine["seat"], names))
            )
        elif mine["slot"] is not None:
            lines.append(tr(f"{ID}.private.declared_aim_slot", card=_card(mine["card"], tr), slot=mine["slot"]))
        else:
            lines.append(tr(f"{ID}.private.declared", card=_card(mine["card"], tr)))
    if view["skip"][seat]:
        lines.append(tr(f"{ID}.private.skip"))
    if seat in view["to_act"] and not (mine is not None and not mine["done"]):
        step = view["step"]
        kind = step["kind"]
        if kind == "declare" and _live(view):
            kind = "declare_live"
        elif kind == "name" and not any(cards.is_interrupt(c) for c in hand):
            kind = "name_none"
        elif kind == "supply_discard" and not hand:
            kind = "supply_none"
        what = tr(f"{ID}.you.{kind}", slot=step.get("slot"), left=step.get("left"))
        lines.append(tr(f"{ID}.private.your_turn", what=what))
    if view["result"] is not None:
        lines.append(_result(view["result"], seat, names, tr))
    return "\n".join(lines)


def revealed(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``seat``'s hand at the end, in the third person: a replay's last page shows every seat's."""
    hand = view["hand"] or []
    return tr(f"{ID}.reveal.hand", name=_who(seat, names), count=len(hand), cards=_cards(hand, tr) if hand else "—")


def _help(hand: list[int], options: dict, tr: Tr) -> list[str]:
    """One short line per card kind in ``hand``, in catalogue order, with this table's numbers.

    Why here: a player deciding what to cast or declare should not have to
    leave the DM for ``/eminit rules``; one line per kind keeps a big hand short.
    """
    held = {cards.kind(c) for c in hand}
    out = []
    for kind, _ in cards.CATALOGUE:
        if kind not in held:
            continue
        key = f"{ID}.help.{kind}"
        if kind == "big_release":
            key += "." + str(options.get("big_release", "chosen"))
        points = options.get(cards.POINT_OPTION[kind], 0) if kind in cards.POINT_OPTION else 0
        out.append(tr(key, looks=options.get("clairvoyance_looks", 2), draw=options.get("supply_draw", 2),
                      discard=options.get("supply_discard", 2), count=options.get("drop_count", 2), points=points))
    return out


def _result(result: dict, seat: int, names: list[str], tr: Tr) -> str:
    """The DM's closing line: who won, and *your* score and place (ties share a place)."""
    scores = result["scores"]
    mine = scores[seat]
    place = 1 + sum(1 for p in scores if p > mine)
    common = {"score": mine, "place": place, "n": len(scores), "top": max(scores)}
    if result["reason"] == "turn_cap":
        return tr(f"{ID}.private.result_cap", **common)
    if not result["winners"]:
        return tr(f"{ID}.private.result_draw", **common)
    winner = result["winners"][0]
    if winner == seat:
        return tr(f"{ID}.private.result_win", **common)
    return tr(f"{ID}.private.result_lost", who=_who(winner, names), **common)


def control(action: Action, view: View, seat: int, names: list[str], tr: Tr) -> Control:
    t = action["type"]
    card = action.get("card")
    field_by = {e["slot"]: e for e in view["field"]}
    if t == "cast":
        return Control(_label(tr(f"{ID}.control.cast", card=_card(card, tr))), "primary", "✨", 0)
    if t == "place":
        return Control(_label(tr(f"{ID}.control.place", card=_card(card, tr))), "secondary", "🂠", 1)
    if t == "exchange":
        return Control(_label(tr(f"{ID}.control.exchange", card=_card(card, tr))), "primary", None, 1)
    if t == "discard":
        return Control(_label(tr(f"{ID}.control.discard", card=_card(card, tr))), "danger", None, 1)
    if t == "skip_target":
        return Control(_label(tr(f"{ID}.control.skip_target", who=_who(action["seat"], names))), "primary", "⏭", 0)
    if t in ("look", "flip"):
        entry = field_by.get(action["slot"], {})
        who = _who(entry.get("by"), names)
        if t == "look":
            return Control(_label(tr(f"{ID}.control.look", slot=action["slot"], who=who)), "primary", "👁", 0)
        if entry.get("card") is not None:  # the seat's own view: it knows this card
            label = tr(f"{ID}.control.flip_known", slot=action["slot"], who=who, card=_card(entry["card"], tr))
        else:
            label = tr(f"{ID}.control.flip", slot=action["slot"], who=who)
        return Control(_label(label), "primary", "🔄", 0)
    if t == "declare":
        key = f"{ID}.control.declare" if cards.is_interrupt(card) else f"{ID}.control.declare_bluff"
        style = "primary" if cards.is_interrupt(card) else "secondary"
        return Control(_label(tr(key, card=_card(card, tr))), style, None, 1)
    if t == "aim" and "seat" in action:
        return Control(_label(tr(f"{ID}.control.aim_seat", who=_who(action["seat"], names))), "primary", None, 0)
    if t == "aim":
        entry = field_by.get(action["slot"], {})
        label = tr(f"{ID}.control.aim_slot", slot=action["slot"], who=_who(entry.get("by"), names))
        return Control(_label(label), "primary", None, 0)
    if t == "name":
        return Control(_label(tr(f"{ID}.control.name", card=tr(f"{ID}.card.{action['kind']}"))), "danger", None, 0)
    if t == "pass":
        label = tr(f"{ID}.control.pass_live" if _live(view) else f"{ID}.control.pass")
        return Control(_label(label), "secondary", None, 2)
    if t == "done" and view["step"]["kind"] in ("name", "supply_discard"):
        return Control(_label(tr(f"{ID}.control.nothing")), "secondary", None, 0)
    if t == "back":
        return Control(_label(tr(f"{ID}.control.back")), "secondary", None, 2)
    return Control(_label(tr(f"{ID}.control.done")), "success", None, 2)
