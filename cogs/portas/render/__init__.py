"""PORTAS views and events as words (Discord markdown), through the translator only.

Works from :func:`cogs.portas.rules.view` output, never from the state, so
what a channel sees is exactly what the rules say is public.  Everything in
PORTAS is public, so the board carries both hands and :func:`private` is
just a courtesy line.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Action, Event, View
from bot.gameui import Board, Control, clip
from bot.gameui import seat_name as name_of
from bot.i18n import Tr

from ..game import ID
from ..rules import OPTIONS
from .legend import legend as legend  # GameRender.legend: every symbol of its picture
from .reason import reason as reason  # GameRender.reason: the ports that scored, per player


def cards_text(cards: list[int], tr: Tr) -> str:
    """A hand as code-formatted numbers, e.g. ```1` `4` `6``` (or a dash when empty)."""
    return " ".join(f"`{card}`" for card in cards) if cards else tr(f"{ID}.board.none")


# --------------------------------------------------------------------------- board


def board(view: View, names: list[str], tr: Tr) -> Board:
    """Short: score and the last move (the picture shows the table).  Long: status and last moves, one field
    per open treasure, one per player."""
    fields = [_treasure_field(t, names, tr) for t in view["open"]]
    fields += [_player_field(view, seat, names, tr) for seat in (0, 1)]
    return Board(
        title=tr(f"{ID}.board.title", a=name_of(names, 0), b=name_of(names, 1)),
        description=_description(view, names, tr),
        fields=fields,
        footer=_footer(view, tr),
        summary=_summary(view, names, tr),
        hint=(_legend(view, names, tr) or "") if view["result"] is None else "",
    )


def _summary(view: View, names: list[str], tr: Tr) -> list[str]:
    """The result when over; the score, the treasures left and the last move (whose turn the platform adds).

    The buttons' notation is read in the board's ``hint`` (:func:`_legend`), which the
    platform shows above the buttons only when a human has them.
    """
    lines = [_status(view, names, tr)] if view["result"] is not None else []
    scores = view["scores"]
    lines.append(tr(f"{ID}.summary.scores", a=name_of(names, 0), sa=scores[0], b=name_of(names, 1), sb=scores[1]))
    if view["result"] is None:
        lines.append(tr(f"{ID}.board.treasures_left", n=view["treasures_left"]))
    if view["recent"]:
        told = tr(f"{ID}.summary.sep").join(event(Event.from_json(e), names, tr) for e in _last_move(view["recent"]))
        lines.append(tr(f"{ID}.summary.last", line=told))
    return lines


def _legend(view: View, names: list[str], tr: Tr) -> str | None:
    """The notation read on one real port of the player to act (a non-taking one if any); None without one.

    "alice: `3 → 12 (7/12)` = …": a newcomer cannot guess that the bracket is the treasure's total *after*
    the port, and a made-up example (a treasure 13 that is not open) reads as a move they are missing.
    """
    seat = view["turn"]
    overshoot = view["options"].get("overshoot", "illegal") == "allowed"
    moves = [
        (card, treasure)
        for card in sorted(set(view["hands"][seat]))
        for treasure in view["open"]
        if overshoot or treasure["total"] + card <= treasure["value"]
    ]
    if not moves:
        return None
    card, treasure = next(((c, t) for c, t in moves if t["total"] + c != t["value"]), moves[0])
    label = control({"card": card, "treasure": treasure["value"]}, view, seat, names, tr).label
    total = treasure["total"] + card
    key = f"{ID}.summary.legend_take" if total == treasure["value"] else f"{ID}.summary.legend"
    return tr(key, name=name_of(names, seat), label=label, card=card, treasure=treasure["value"], total=total)


def _last_move(recent: list[dict]) -> list[dict]:
    """The last move with what followed from it: a port (or a pass by choice), then any take, reveal or forced pass.

    The last event alone hid the move itself: "bob has no legal port and
    passes" said nothing of the port by alice that left him without one, and
    two such moves in a row read the same.
    """
    for start in range(len(recent) - 1, -1, -1):
        kind, args = recent[start]["kind"], recent[start].get("args", {})
        if kind == "ported" or (kind == "passed" and not args.get("forced")):
            return recent[start:]
    return recent[-1:]


def _description(view: View, names: list[str], tr: Tr) -> str:
    lines = [_status(view, names, tr), tr(f"{ID}.board.treasures_left", n=view["treasures_left"])]
    recent = [event(Event.from_json(entry), names, tr) for entry in view["recent"]]
    if recent:
        lines += ["", tr(f"{ID}.board.last_moves"), *(f"• {line}" for line in recent)]
    return "\n".join(lines)


def _status(view: View, names: list[str], tr: Tr) -> str:
    res = view["result"]
    if res is None:
        return tr(f"{ID}.board.turn", name=name_of(names, view["turn"]))
    return tr(
        f"{ID}.board.over_line",
        outcome=_outcome(res, names, tr),
        reason=tr(f"{ID}.board.ended.{res['reason']}"),
        decided=tr(f"{ID}.board.decided.{res['decided_by']}"),
    )


def _outcome(res: dict[str, Any], names: list[str], tr: Tr) -> str:
    score_a, score_b = res["scores"]
    if res["winners"]:
        winner = res["winners"][0]
        # the winner's score first: "bob wins, 8 : 0" (seat order read "bob wins, 0 : 8", backwards)
        mine, theirs = (score_a, score_b) if winner == 0 else (score_b, score_a)
        return tr(f"{ID}.board.won", name=name_of(names, winner), score_a=mine, score_b=theirs)
    return tr(f"{ID}.board.draw", score_a=score_a, score_b=score_b)


def _treasure_field(treasure: dict[str, Any], names: list[str], tr: Tr) -> tuple[str, str]:
    """Ported cards grouped by owner, with each owner's running total."""
    title = tr(f"{ID}.board.treasure_field", value=treasure["value"], total=treasure["total"])
    lines = [
        tr(f"{ID}.board.treasure_ports", name=name_of(names, seat), cards=_sum_text(cards))
        for seat, cards in enumerate(treasure["ports"])
        if cards
    ]
    return title, "\n".join(lines) or tr(f"{ID}.board.treasure_empty")


def _sum_text(cards: list[int]) -> str:
    """``5 + 3 = 8``, or just ``5`` for a single card."""
    text = " + ".join(map(str, cards))
    return f"{text} = {sum(cards)}" if len(cards) > 1 else text


def _player_field(view: View, seat: int, names: list[str], tr: Tr) -> tuple[str, str]:
    marker = "▶ " if seat in view["to_act"] else ""
    score = view["scores"][seat]
    title = tr(f"{ID}.board.player_field", marker=marker, name=name_of(names, seat), score=score)
    taken = view["taken"][seat]
    items = (tr(f"{ID}.board.taken_item", value=t["value"], points=t["points"]) for t in taken)
    taken_list = tr(f"{ID}.board.sep").join(items)
    lines = [
        tr(f"{ID}.board.player_hand", cards=cards_text(view["hands"][seat], tr)),
        tr(f"{ID}.board.player_deck", n=view["deck_sizes"][seat]),
        tr(f"{ID}.board.player_taken", list=taken_list or tr(f"{ID}.board.none")),
    ]
    return title, "\n".join(lines)


def _footer(view: View, tr: Tr) -> str:
    """The rules reminder, plus any house rule that differs from our defaults ("Passing: any time")."""
    changed = [
        tr(
            f"{ID}.board.options.item",
            label=tr(f"{ID}.option.{opt.name}"),
            value=tr(f"{ID}.option.{opt.name}.{view['options'][opt.name]}"),
        )
        for opt in OPTIONS
        if view["options"].get(opt.name, opt.default) != opt.default
    ]
    footer = tr(f"{ID}.board.footer")
    if not changed:
        return footer
    return f"{footer}\n{tr(f'{ID}.board.options', list=tr(f'{ID}.board.options.sep').join(changed))}"


# --------------------------------------------------------------------------- private, controls, events


def private(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """No hidden information in PORTAS: one line pointing at the board."""
    return tr(f"{ID}.private.all_public", cards=cards_text(view["hands"][seat], tr))


def revealed(view: View, seat: int, names: list[str], tr: Tr) -> str:
    """``seat``'s hand at the end, in the third person (nothing was hidden: it was on the board all along)."""
    return tr(f"{ID}.reveal.hand", name=name_of(names, seat), cards=cards_text(view["hands"][seat], tr))


def control(action: Action, view: View, seat: int, names: list[str], tr: Tr) -> Control:
    """One button per legal port: one row per open treasure; a completing port is green."""
    if action.get("type") == "pass":
        return Control(tr(f"{ID}.control.pass"), style="danger", row=2)
    card, value = action["card"], action["treasure"]
    row = next((i for i, t in enumerate(view["open"]) if t["value"] == value), None)
    treasure = view["open"][row] if row is not None else {"total": 0, "ports": [[], []]}
    total = treasure["total"] + card
    if total == value:
        points = sum(treasure["ports"][seat]) + card
        label = tr(f"{ID}.control.take", card=card, treasure=value, points=points)
        return Control(clip(label), style="success", row=row)
    label = tr(f"{ID}.control.port", card=card, treasure=value, total=total)
    return Control(clip(label), style="primary", row=row)


def event(event: Event, names: list[str], tr: Tr, seat: int | None = None) -> str:
    """One log line; unknown kinds fall back to their key so nothing crashes."""
    args = event.args
    kind = event.kind
    name = name_of(names, args["seat"]) if "seat" in args else ""
    if kind == "ported":
        card_name = tr(f"{ID}.card.{args['card']}")
        return tr(f"{ID}.event.ported", name=name, card_name=card_name, **_without(args, "seat"))
    if kind == "took":
        key = f"{ID}.event.took_lost" if args.get("lost") else f"{ID}.event.took"
        return tr(key, name=name, **_without(args, "seat"))
    if kind == "revealed":
        return tr(f"{ID}.event.revealed", treasure=args["treasure"])
    if kind == "passed":
        return tr(f"{ID}.event.passed_forced" if args.get("forced") else f"{ID}.event.passed", name=name)
    if kind == "game_over":
        reason = tr(f"{ID}.board.ended.{args['reason']}")
        return tr(f"{ID}.event.game_over", outcome=_outcome(args, names, tr), reason=reason)
    return f"{ID}.event.{kind}"


def _without(args: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in args.items() if k != key}


FIRST_PAGE = (f"{ID}.rules", f"{ID}.teach.setup", f"{ID}.teach.turn", f"{ID}.teach.take", f"{ID}.teach.end")
"""The statements of the first page, in order (with the readings in force appended): each is checked against the
engine (tests/portas/first_page_checks.py); the tutorial's statements are these (cogs/portas/tutorial.py)."""


def teach(tr: Tr, options: dict[str, Any]) -> str:
    """The first page: goal, set-up, a turn, the end; each of our readings in force, marked as ours."""
    ours = tr(f"{ID}.teach.ours")

    def reading(name: str) -> str:
        return tr(f"{ID}.teach.{name}.{options[name]}") + ours

    return "\n".join(
        (
            tr(f"{ID}.rules"),
            tr(f"{ID}.teach.setup") + reading("first_player"),
            tr(f"{ID}.teach.turn") + reading("overshoot") + reading("pass_rule"),
            tr(f"{ID}.teach.take"),
            tr(f"{ID}.teach.end") + reading("tiebreak"),
            tr(f"{ID}.teach.more"),
        )
    )


def rules_text(tr: Tr, options: dict[str, Any]) -> tuple[str, str]:
    """(the first page, our readings with the current option values) for ``/game rules portas``.

    ``options`` is a resolved options dict: each reading line is the one for
    the value this server plays with, so house rules show as they are.
    """
    lines = [tr(f"{ID}.rules.readings")]
    lines += [
        tr(f"{ID}.reading.{name}.{options[name]}") for name in ("first_player", "overshoot", "pass_rule", "tiebreak")
    ]
    return teach(tr, options), "\n".join(lines)
