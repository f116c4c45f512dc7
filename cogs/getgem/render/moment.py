"""GETGEM's big moments as channel posts (``GameRender.moment``, re-exported by :mod:`.render`).

The board shows where the game stands and its log scrolls away; these posts
stay in the channel's history: a steal, swap or Barrier once the target has
answered, a 3-gem steal, a declaration, each take-back, and a victory check
with its outcome.  Ordinary moves (draws, element takes, pushes, peeks) get no
post: each post is one more Discord request for the move.

Only public events come in (the presenter drops the rest), and a line is
built from its event's public arguments alone, so a post cannot name the card
a random steal took: that card travels in the private ``stolen`` event only.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Event

from ..cards import EMOJI
from ..game import ID
from .words import Tr, card_name, card_names, effect_name, seat_name

Line = Callable[[list[Event], int, list[str], Tr], "str | None"]


def _before(events: list[Event], i: int, kinds: tuple[str, ...]) -> Event | None:
    """The nearest event of one of ``kinds`` before ``events[i]`` in the same change."""
    return next((events[j] for j in range(i - 1, -1, -1) if events[j].kind in kinds), None)


def _steal(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """A random card taken: after its Barrier answer, or paid for with 3 gems (which no Barrier stops)."""
    a = events[i].args
    name, target = seat_name(names, a["seat"], tr), seat_name(names, a["victim"], tr)
    cause = _before(events, i, ("no_barrier", "gem3", "play"))
    if cause is not None and cause.kind == "gem3":
        return tr(f"{ID}.moment.gem3", name=name, target=target, cards=card_names(tr, cause.args["card_types"]))
    effect = effect_name(tr, str(cause.args.get("effect", "steal")) if cause is not None else "steal")
    key = f"{ID}.moment.steal" if cause is not None and cause.kind == "no_barrier" else f"{ID}.moment.steal_direct"
    return tr(key, effect=effect, name=name, target=target)


def _steal_none(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """A Steal & Push on an empty hand: nothing to take (the push, a later move, is in the log)."""
    a = events[i].args
    return tr(
        f"{ID}.moment.steal_none",
        effect=effect_name(tr, "push"),
        name=seat_name(names, a["seat"], tr),
        target=seat_name(names, a["victim"], tr),
    )


def _exchange(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """Whole hands swapped: after the target's Barrier answer, or straight away when its hand was empty."""
    a = events[i].args
    answered = _before(events, i, ("no_barrier", "play"))
    asked = answered is not None and answered.kind == "no_barrier"
    key = f"{ID}.moment.exchange" if asked else f"{ID}.moment.exchange_direct"
    return tr(
        key,
        effect=effect_name(tr, "exchange"),
        name=seat_name(names, a["seat"], tr),
        target=seat_name(names, a["target"], tr),
    )


def _barrier(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """An action card cancelled by a Barrier (of any kind: a barred peek is as much a moment as a barred steal)."""
    a = events[i].args
    return tr(
        f"{ID}.moment.barrier",
        name=seat_name(names, a["seat"], tr),
        by=seat_name(names, a["by"], tr),
        effect=effect_name(tr, str(a["effect"])),
    )


def _declare(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """A declaration, with what happens next: one take-back per other player's end phase, then the check."""
    a = events[i].args
    types = a["card_types"]
    return tr(
        f"{ID}.moment.declare",
        name=seat_name(names, a["seat"], tr),
        cards=card_names(tr, types),
        left=a.get("left", len(types)),
    )


def _takeback(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """One declaration card back to the hand: how many are left, or that the victory check follows now."""
    a = events[i].args
    key = f"{ID}.moment.takeback" if a["left"] else f"{ID}.moment.takeback_last"
    return tr(key, name=seat_name(names, a["seat"], tr), card=card_name(tr, str(a["card_type"])), left=a["left"])


def _reveal(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """The victory check: the revealed hand (public from now on) with the element cards it counts, and the verdict."""
    a = events[i].args
    hand = card_names(tr, a["card_types"])
    elems = a.get("elems") or []
    if elems:
        hand = tr(f"{ID}.moment.with_elements", cards=hand, elems=" ".join(EMOJI[g] for g in elems))
    key = f"{ID}.moment.check_win" if a["win"] else f"{ID}.moment.check_fail"
    return tr(key, name=seat_name(names, a["seat"], tr), hand=hand)


def _win(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """Match play: a game's winner and points, in the log's words.

    A single game's win gets no line: the platform's result post ("🏆 carol won!") follows this one at once.
    """
    a = events[i].args
    if not a.get("match"):
        return None
    kind = "win_match_over" if a.get("match_over") else "win_match"
    return tr(
        f"{ID}.event.{kind}",
        name=seat_name(names, a["seat"], tr),
        points=a["points"],
        total=a["total"],
        rainbows=a["rainbows"],
    )


def _new_game(events: list[Event], i: int, names: list[str], tr: Tr) -> str | None:
    """Match play: the next game is dealt in the same change as a win; say so under the win, never alone."""
    if _before(events, i, ("win",)) is None:
        return None
    a = events[i].args
    return tr(f"{ID}.event.new_game", game=a["game"], first=seat_name(names, a["first"], tr))


LINES: dict[str, Line] = {
    "steal": _steal,
    "steal_none": _steal_none,
    "exchange": _exchange,
    "barrier": _barrier,
    "declare": _declare,
    "takeback": _takeback,
    "reveal": _reveal,
    "win": _win,
    "new_game": _new_game,
}
"""The public events that make (part of) a moment, and their line; every other event is an ordinary move."""


def moment(events: list[Event], names: list[str], tr: Tr) -> str | None:
    """The post for one committed change: a line per moment in it, in order; None when it holds none.

    Private events are skipped here too (the presenter passes public ones
    only), so whatever a caller hands in, no hidden card is ever named.
    """
    lines: list[str] = []
    for i, e in enumerate(events):
        line = LINES[e.kind](events, i, names, tr) if e.to is None and e.kind in LINES else None
        if line:
            lines.append(line)
    return "\n".join(lines) or None
