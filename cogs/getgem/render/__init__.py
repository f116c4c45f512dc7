"""GETGEM words: the public board, a seat's private message, buttons; log lines and rules re-exported.

Everything is computed from a view (``rules.view``), never from a state, so
the board (built from the spectator view) cannot name a hidden card: the
spectator view has none.  Card types are looked up in ``view["cat"]``.
The log lines are :mod:`.events`, the rules pages :mod:`.rulestext`, the
channel posts :mod:`.moment`: this module re-exports them for the render contract.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.engine import Action, Event, View
from bot.gameui import Board, Control
from bot.gameui import clip as _clip
from bot.i18n import Tr

from ..cards import ACTION_TYPES, ARM, ELEMENTS, EMOJI, PUSH_PEEP, STEAL, TYPES
from ..game import ID
from .events import event as event  # one event as one line (GameRender.event)
from .legend import legend as legend  # every symbol of its pictures (GameRender.legend)
from .moment import moment as moment  # the channel posts of big moments (GameRender.moment)
from .outcome import outcome as outcome  # what touched each seat, in its DM (GameRender.outcome)
from .outcome import reason as reason  # whose check came first (GameRender.reason)
from .rulestext import rules_text as rules_text  # the /game rules pages (GameRender.rules_text)
from .words import EFFECT_EMOJI as _EFFECT_EMOJI
from .words import card_name, card_names, element_name, waiting_sentence
from .words import effect_name as _effect
from .words import seat_name as _name

LOG_LINES = 6
SUMMARY_EVENTS = 2


def _cards(tr: Tr, cat: list[str], ids: list[int]) -> str:
    return card_names(tr, [cat[c] for c in ids])


def _grouped(tr: Tr, cat: list[str], ids: list[int]) -> str:
    """Cards grouped by type in catalogue order: '🔥 Fire ×2, 💧 Water'."""
    counts = Counter(cat[c] for c in ids)
    parts = []
    for t in TYPES:
        if counts[t]:
            name = card_name(tr, t)  # "🔥 Fire ×2"; ja "🔥 炎の宝玉2枚" (× is the rulebook's dual-card mark there)
            parts.append(tr("words.times", card=name, n=counts[t]) if counts[t] > 1 else name)
    return tr("list.sep").join(parts) or "—"


# --------------------------------------------------------------------------- board


def _waiting_line(view: View, names: list[str], tr: Tr) -> str:
    """What the table waits for (only committed, public sub-steps are in a spectator view)."""
    if view["result"] is not None:
        return ""
    return waiting_sentence(view["pending"], view["phase"], view["turn"], names, tr)


def _ranking(over: dict[str, Any], names: list[str], tr: Tr) -> str:
    """Match standings by points, ties sharing a rank ("2位以下はそのときの持ち点で決める")."""
    scores = over["scores"]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    parts = []
    for s in order:
        rank = 1 + sum(1 for x in scores if x > scores[s])
        parts.append(tr(f"{ID}.result.rank", rank=rank, name=_name(names, s, tr), points=scores[s]))
    return tr(f"{ID}.result.ranking", list=tr("words.dot").join(parts))


def _result_line(view: View, names: list[str], tr: Tr) -> str:
    over = view["result"]
    if over is None:
        return ""
    if over["winners"]:
        key = f"{ID}.result.win_shared" if len(over["winners"]) > 1 else f"{ID}.result.win"
        line = tr(key, name=tr("list.sep").join(_name(names, w, tr) for w in over["winners"]))
    else:
        line = tr(f"{ID}.result." + over["reason"]) if over["reason"] == "turn_cap" else tr(f"{ID}.result.draw")
    if view["opts"].get("match_play"):
        line += "\n" + _ranking(over, names, tr)
    return line


def board(view: View, names: list[str], tr: Tr) -> Board:
    """The channel board: order and turn, phase, hand sizes, elements, declarations, piles, log."""
    n, cat = view["n"], view["cat"]
    match = bool(view["opts"].get("match_play"))
    title = (
        tr(f"{ID}.board.title_match", game=view["game_no"], turn=view["turn_no"])
        if match
        else tr(f"{ID}.board.title", turn=view["turn_no"])
    )
    order = " → ".join(
        f"▶ **{_name(names, s, tr)}**" if s == view["turn"] and view["result"] is None else _name(names, s, tr)
        for s in range(n)
    )
    desc = [order, _result_line(view, names, tr) or _waiting_line(view, names, tr)]
    fields: list[tuple[str, str]] = []
    for s in range(n):
        lines = [tr(f"{ID}.board.hand", count=view["hand_sizes"][s])]
        mine = [g for g in ELEMENTS if view["elements"][g] == s]
        if mine:
            lines.append(tr(f"{ID}.board.elements", cards=" ".join(element_name(tr, g) for g in mine)))
        if view["decl"][s]:
            lines.append(tr(f"{ID}.board.declared", cards=_cards(tr, cat, view["decl"][s]), left=len(view["decl"][s])))
        if match:
            lines.append(tr(f"{ID}.board.points", points=view["points"][s], target=view["opts"]["match_target"]))
        marker = "▶ " if s == view["turn"] and view["result"] is None else ""
        fields.append((marker + _name(names, s, tr), "\n".join(lines)))
    if any(view["decl"]):  # "take-backs to go" is read here: say what a take-back is, once
        fields.append(("", "-# " + tr(f"{ID}.legend.takeback")))
    centre = [element_name(tr, g) for g in ELEMENTS if view["elements"][g] is None]
    fields.append((tr(f"{ID}.board.centre"), " ".join(centre) or "—"))
    top = card_name(tr, cat[view["discard"][-1]]) if view["discard"] else "—"
    piles = tr(f"{ID}.board.piles_value", deck=view["deck"], discard=len(view["discard"]), top=top)
    fields.append((tr(f"{ID}.board.piles"), piles))
    log = [event(Event(e["kind"], e["args"]), names, tr) for e in view["log"][-LOG_LINES:]]
    if log:
        fields.append((tr(f"{ID}.board.log"), "\n".join(line for line in log if line) or "—"))
    description = "\n".join(d for d in desc if d)
    return Board(
        title=title,
        description=description,
        fields=fields,
        footer=tr(f"{ID}.board.footer"),
        summary=_summary(view, names, tr),
    )


def _summary(view: View, names: list[str], tr: Tr) -> list[str]:
    """The short board beside the picture: the result, or a sub-step the table waits on (a Barrier asked...);
    the plain phase is in the picture and whose turn in the platform's line.  Then the last two events."""
    lines = [_result_line(view, names, tr) or (_waiting_line(view, names, tr) if view["pending"] else "")]
    log = [event(Event(e["kind"], e["args"]), names, tr) for e in _unsaid(view)[-SUMMARY_EVENTS:]]
    lines += [f"-# {line}" for line in log if line]
    return [line for line in lines if line]


def _unsaid(view: View) -> list[dict[str, Any]]:
    """The log without what the waiting line already says (one place for each fact).

    While a Barrier is asked, the waiting line names the card, who played it and on whom; the log's
    \"plays ✋ Steal on bob\" and \"bob: Barrier against ✋ Steal?\" lines would say it twice more.
    """
    p = view["pending"]
    if p is None or p["kind"] != "barrier":
        return view["log"]
    return [
        e for e in view["log"]
        if not (e["kind"] == "barrier_ask" and e["args"].get("seat") == p["target"])
        and not (e["kind"] == "play" and e["args"].get("card") == p["card"] and e["args"].get("seat") == p["by"])
    ]


# --------------------------------------------------------------------------- private


def _holds_barrier(view: View) -> bool:
    """Whether the seat whose view this is holds a Steal & Push / Barrier card (its own hand only)."""
    return any(view["cat"][card] == "push_barrier" for card in view["hand"] or [])


def _prompt(view: View, seat: int, names: list[str], tr: Tr) -> str:
    p = view["pending"]
    cat = view["cat"]
    if p is None:
        return tr(f"{ID}.prompt.action")
    kind = p["kind"]
    if kind == "target":
        what = _effect(tr, p["effect"])
        return tr(f"{ID}.prompt.target", effect=what)
    if kind in ("gem3", "declare"):
        return tr(f"{ID}.prompt.{kind}", picked=_cards(tr, cat, p["picked"]), step=len(p["picked"]) + 1)
    if kind == "push":
        taken = p.get("taken")
        if taken is None:
            return tr(f"{ID}.prompt.push_empty", name=_name(names, p["target"], tr))
        return tr(
            f"{ID}.prompt.push",
            name=_name(names, p["target"], tr),
            taken=card_name(tr, cat[taken]) if taken is not None else "?",
        )
    if kind == "barrier":
        # Only this seat reads its DM, so it may say plainly that it holds no Barrier (the channel learns
        # nothing: the board says the same either way, and an AI or a timeout answers after the same wait).
        key = f"{ID}.prompt.barrier" if _holds_barrier(view) else f"{ID}.prompt.barrier_none"
        return tr(key, name=_name(names, p["by"], tr), effect=_effect(tr, p["effect"]))
    if kind == "limit":
        return tr(f"{ID}.prompt.limit", count=len(view["hand"] or []) - 6)
    return tr(f"{ID}.prompt.{kind}")


def _help_lines(view: View, tr: Tr) -> list[str]:
    """One short line per action-card kind in the hand: what it does, read where the card is (gems need none)."""
    held = {view["cat"][c] for c in view["hand"] or []}
    return [
        "-# " + tr(f"{ID}.help.line", card=card_name(tr, t), text=tr(f"{ID}.help." + t))
        for t in ACTION_TYPES
        if t in held
    ]


def _not_offered(view: View, seat: int, tr: Tr) -> list[str]:
    """Why an action card in the hand has no button in this action phase (all from this seat's view)."""
    if view["pending"] is not None or view["phase"] != "action" or view["turn"] != seat:
        return []
    held = {view["cat"][c] for c in view["hand"] or []}
    why = []
    if STEAL in held and not any(size for o, size in enumerate(view["hand_sizes"]) if o != seat):
        why.append("steal")
    if ARM in held and not view["discard"] and not view["opts"].get("arm_self", False):
        why.append("arm")
    if PUSH_PEEP in held and view["peeped"]:
        why.append("peep")
    return [tr(f"{ID}.why." + w) for w in why]


def _own_result(view: View, seat: int, names: list[str], tr: Tr) -> list[str]:
    """The end of the game as this seat reads it: "you win!", or who won; then its place in a match."""
    over = view["result"]
    winners = over["winners"]
    if seat in winners:
        others = [w for w in winners if w != seat]
        lines = [
            tr(f"{ID}.private.you_win_shared", others=tr("list.sep").join(_name(names, w, tr) for w in others))
            if others
            else tr(f"{ID}.private.you_win")
        ]
        if view["opts"].get("match_play"):
            lines.append(_ranking(over, names, tr))
    else:
        lines = [_result_line(view, names, tr)]
        if winners:
            lines.append(tr(f"{ID}.private.you_lost"))
    scores = over.get("scores")
    if view["opts"].get("match_play") and scores:
        rank = 1 + sum(1 for x in scores if x > scores[seat])
        lines.append(tr(f"{ID}.private.place", rank=rank, n=len(scores), points=scores[seat]))
    return lines


def private(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """The seat's DM: hand grouped by type, elements, declaration, what it knows, what it is asked."""
    cat = view["cat"]
    hand = view["hand"] or []
    lines = [tr(f"{ID}.private.hand", count=len(hand)), _grouped(tr, cat, hand)]
    mine = [g for g in ELEMENTS if view["elements"][g] == seat]
    if mine:
        lines.append(tr(f"{ID}.private.elements", cards=" ".join(element_name(tr, g) for g in mine)))
    if view["decl"][seat]:
        decl = view["decl"][seat]
        lines.append(tr(f"{ID}.private.declared", cards=_cards(tr, cat, decl), left=len(decl)))
        lines.append("-# " + tr(f"{ID}.legend.takeback_you"))
    for o, ids in enumerate(view["known"] or []):
        if ids and o != seat:
            lines.append(tr(f"{ID}.private.known", name=_name(names, o, tr), cards=_grouped(tr, cat, ids)))
    lines += _help_lines(view, tr)
    if view["result"] is not None:
        lines += _own_result(view, seat, names, tr)
    elif seat in view["to_act"]:
        lines.append("")
        lines += _not_offered(view, seat, tr)
        lines.append(_prompt(view, seat, names, tr))
    else:
        lines.append(tr(f"{ID}.private.waiting", name=_name(names, view["to_act"][0], tr)))
    return "\n".join(lines)


def revealed(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``seat``'s hand at the end, in the third person: a replay's last page shows every seat's."""
    hand = view["hand"] or []
    return tr(f"{ID}.reveal.hand", name=_name(names, seat, tr), count=len(hand), cards=_grouped(tr, view["cat"], hand))


# --------------------------------------------------------------------------- controls


def control(action: Action, view: View, seat: int, names: list[str], tr: Tr) -> Control:
    """One button; labels stay under 80 characters even with long names."""
    cat = view["cat"]
    kind = action["type"]
    if kind == "play":
        t = cat[action["card"]]
        key = f"{ID}.control.play.{t}" + (f".{action['mode']}" if action.get("mode") else "")
        effect = {"steal": "steal", "exchange": "exchange", "arm": "arm"}.get(t, action.get("mode", ""))
        return Control(_clip(tr(key)), "primary", _EFFECT_EMOJI.get(effect), None)  # up to 6: platform lays out
    if kind == "gem3":
        return Control(_clip(tr(f"{ID}.control.gem3")), "secondary", "💎", 1)
    if kind == "element":
        g = action["elem"]
        return Control(_clip(tr(f"{ID}.control.element", elem=tr(f"{ID}.element." + g))), "secondary", EMOJI[g], 1)
    if kind == "declare":
        return Control(_clip(tr(f"{ID}.control.declare")), "success", "🏆", 2)
    if kind == "end":
        return Control(_clip(tr(f"{ID}.control.end")), "secondary", "⏭️", 2)
    if kind == "skip":
        return Control(_clip(tr(f"{ID}.control.skip_push")), "secondary", None, 4)
    if kind == "cancel":
        return Control(_clip(tr(f"{ID}.control.cancel")), "danger", None, 4)
    if kind == "target":
        # the target's hand size is what the choice turns on (Steal takes from it, Exchange swaps it): on the button
        count = view["hand_sizes"][action["seat"]]
        label = tr(f"{ID}.control.target", name=_name(names, action["seat"], tr), count=count)
        return Control(_clip(label), "primary", "🎯", 0)
    if kind == "barrier":
        if action["use"]:
            return Control(_clip(tr(f"{ID}.control.barrier_yes")), "success", "🛡️", 0)
        no = f"{ID}.control.barrier_no" if _holds_barrier(view) else f"{ID}.control.barrier_continue"
        return Control(_clip(tr(no)), "secondary", None, 0)
    if kind == "pick":
        p = view["pending"] or {}
        pk = p.get("kind", "pick")
        t = cat[action["card"]]
        step = len(p.get("picked", [])) + 1
        label = tr(f"{ID}.control.pick.{pk}", card=tr(f"{ID}.card." + t), step=step)
        style = "danger" if pk in ("limit", "arm_discard", "gem3") else "primary"
        return Control(_clip(label), style, EMOJI[t], None)
    return Control(_clip(str(kind)), "secondary")
