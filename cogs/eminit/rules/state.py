"""State plumbing shared by the gathering and scramble modules: the state copy, the event sink, card moves.

A state is plain JSON (see ``rules`` for its shape).  ``apply`` works on a
:func:`copy_state`: the top dict and the lists that steps mutate are copied, and
everything nested deeper (field entries, answers, queue items, log lines) is
treated as immutable and *replaced*, never edited, so the input state is never
touched without paying for a deepcopy.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import JSON, Event, State

from .. import cards

LOG_LINES = 12
"""How many public events the state keeps for the board's "last log lines"."""


def copy_state(s: State) -> State:
    """A copy safe to mutate at the levels the engine mutates (see module doc)."""
    ns = dict(s)
    ns["deck"] = list(s["deck"])
    ns["hands"] = [list(h) for h in s["hands"]]
    ns["field"] = list(s["field"])
    ns["discard"] = list(s["discard"])
    ns["treasures"] = [list(t) for t in s["treasures"]]
    ns["skip"] = list(s["skip"])
    ns["queue"] = list(s["queue"])
    ns["log"] = list(s["log"])
    if s["contest"] is not None:
        contest = dict(s["contest"])
        contest["answers"] = list(contest["answers"])
        ns["contest"] = contest
    return ns


class Ctx:
    """The state being built by one ``apply`` and the events it has emitted."""

    __slots__ = ("events", "s")

    def __init__(self, s: State) -> None:
        self.s = s
        self.events: list[Event] = []

    @property
    def opt(self) -> dict[str, JSON]:
        return self.s["options"]

    def emit(self, event_kind: str, /, to: Iterable[int] | None = None, **args: JSON) -> None:
        """Record an event; public ones also go to the state's short log."""
        event = Event(event_kind, args, tuple(to) if to is not None else None)
        self.events.append(event)
        if event.to is None:
            log = self.s["log"]
            log.append(event.to_json())
            if len(log) > LOG_LINES:
                del log[: len(log) - LOG_LINES]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.s["n"]


def quota(s: State) -> int:
    """Field quota: players + ``quota_extra`` (docs/rules/eminit.md: players + 2)."""
    return s["n"] + int(s["options"]["quota_extra"])


def placeable_in_hand(hand: Iterable[int]) -> list[int]:
    return cards.one_per_kind(c for c in hand if cards.placeable(c))


def find_slot(s: State, slot: int) -> int | None:
    """Index in ``s["field"]`` of the card with this slot number, or None."""
    for i, entry in enumerate(s["field"]):
        if entry["slot"] == slot:
            return i
    return None


def scores(s: State) -> list[int]:
    opt = s["options"]
    return [sum(cards.points(c, opt) for c in t) for t in s["treasures"]]


def tick(ctx: Ctx) -> bool:
    """Count one turn; past ``max_turns`` end the game as a draw and say False."""
    ctx.s["turn"] += 1
    if ctx.s["turn"] > int(ctx.opt["max_turns"]):
        finish(ctx, "turn_cap")
        return False
    return True


def finish(ctx: Ctx, reason: str) -> None:
    """End the game: the highest unique score wins, a shared top score draws."""
    s = ctx.s
    pts = scores(s)
    top = max(pts)
    winners = [i for i, p in enumerate(pts) if p == top]
    if reason == "turn_cap" or len(winners) != 1:
        winners = []
    s["phase"] = "over"
    s["step"] = {"kind": "over"}
    s["contest"] = None
    s["queue"] = []
    s["result"] = {"winners": winners, "scores": pts, "reason": reason}
    ctx.emit("game_over", winners=winners, scores=pts, reason=reason)


def discard_from_hand(ctx: Ctx, seat: int, card: int) -> None:
    ctx.s["hands"][seat].remove(card)
    ctx.s["discard"].append(card)
