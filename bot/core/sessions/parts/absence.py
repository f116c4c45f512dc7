"""Absence in slow games: ``/game away`` makes a player's own turns wait; the others may let the AI play meanwhile.

Why: in a game that lasts days a player goes on a trip.  Without this every
turn of theirs would time out, be played by the AI, and after a few the seat
would go to the AI.  While someone is away (at most :data:`MAX_AWAY`), a
deadline of their own turn that comes is moved to the end of the absence
plus a full turn, saved, then shown (the board says who is away, until when).
A reaction window or a choice in another's turn is not held: the rules'
default answers it as usual, and the table is not kept waiting for it.

The other humans of a game may instead vote to let the AI play the absent
seat meanwhile (``/game ai-for``): when every one of them has, the seat is
handed to the normal AI exactly like an AFK seat, and stays the player's: any
move of theirs takes it back.  Votes are stored (``ai_votes``): a restart
forgets none, and a vote made through another shard's process counts too.

Who is away is process-wide (:data:`_away`), read from the store at start,
written through, and read again once it is :data:`AWAY_LIFE` old
(:func:`refresh`): an absence declared through another shard's process holds
this process's turns too (a deadline reads it fresh before it is played), and
the board's status line reads it without a query.
"""

from __future__ import annotations

from bot.core import ai
from bot.core.games import get
from bot.core.sessions import drafts, prompts
from bot.core.sessions.base import SessionError
from bot.core.sessions.table import Table
from bot.core.store import SessionRecord
from bot.engine import Event

MAX_AWAY = 7 * 24 * 3600.0
"""The longest absence one may declare: a week, as the longest turn."""

AWAY_LIFE = 30.0
"""Seconds this process trusts its copy of who is away before reading the store again."""

_away: dict[int, float] = {}  # user -> until (epoch seconds)
_read_at: list[float] = []  # when _away was last read from the store (empty: never)


async def refresh(store: object, now: float, life: float = AWAY_LIFE) -> None:
    """Read who is away from the store again if this process's copy is older than ``life`` (0: now)."""
    if _read_at and 0 <= now - _read_at[0] < life:
        return
    fresh = await store.absences(now)  # type: ignore[attr-defined]
    _away.clear()
    _away.update(fresh)
    _read_at[:] = [now]


def away_until(user_id: int | None, now: float) -> float | None:
    """Until when ``user_id`` is away, or None (not away, or no longer)."""
    until = _away.get(user_id) if user_id is not None else None
    return until if until is not None and until > now else None


def remember(absences: dict[int, float]) -> None:
    """The absences read from the store at start."""
    _away.update(absences)


def away_seats(record: SessionRecord, now: float) -> list[tuple[int, float]]:
    """The seats of ``record`` whose player is away: (seat, until)."""
    out = []
    for s in record.seats:
        until = away_until(s.user_id, now)
        if until is not None:
            out.append((s.seat, until))
    return out


def held_until(record: SessionRecord, now: float) -> float | None:
    """The end of the absence a deadline now should wait for: an away seat's own turn is waited for; else None."""
    spec = get(record.game)
    ends = [
        until
        for seat in prompts.turn_humans(spec, record)
        if prompts.is_own_turn(spec, record, seat)
        and (until := away_until(record.seats[seat].user_id, now)) is not None
    ]
    return max(ends) if ends else None


class Absences:
    """``/game away`` and ``/game ai-for`` on the live sessions (the caller checks who may ask)."""

    def __init__(self, table: Table, arm: object) -> None:
        self.table = table
        self.arm = arm  # Clock.arm: re-arms a session's timers after its deadline moved

    async def set_away(self, user_id: int, until: float | None) -> int:
        """Say ``user_id`` is away until ``until`` (None: back); how many of their turns now wait."""
        t = self.table
        now = t.clock()
        if until is not None and not now < until <= now + MAX_AWAY + 60:
            raise SessionError("bad_away")
        await t.store.set_away(user_id, until)
        if until is None:
            _away.pop(user_id, None)
        else:
            _away[user_id] = until
        held = 0
        for record in [r for r in t.live() if r.seat_of(user_id) is not None]:
            async with t.lock(record.channel_id):
                if record.status != "active" or record.state is None:
                    continue
                if until is not None and await self.wait_out(record):
                    held += 1
                else:  # the board says who is away (or no longer)
                    await t.announce(record, "an absence", t.presenter.game_changed(record, []))
        return held

    async def wait_out(self, record: SessionRecord) -> bool:
        """Move the deadline past an absence if an away seat's own turn is waited for; caller holds the lock."""
        t = self.table
        await refresh(t.store, t.clock())  # an absence said through another shard's process counts too
        until = held_until(record, t.clock())
        if until is None or record.state is None:
            return False
        spec = t.spec(record)
        d = drafts.draft(record)
        d.deadline = until + prompts.timeout_seconds(spec, record, t.settings)
        d.reminded = False
        await t.commit(record, d, t.store.save, "a turn held for an absence")
        self.arm(record)  # type: ignore[operator]
        await t.announce(record, "a turn held for an absence", t.presenter.game_changed(record, []))
        return True

    async def vote_ai(self, channel_id: int, voter: int, target: int) -> tuple[int, int]:
        """``voter`` lets the AI play ``target``'s seat while they are away; (votes, needed).  All others: handed."""
        t = self.table
        record = t.in_channel(channel_id)
        if record is None or record.status != "active":
            raise SessionError("no_session")
        seat = record.seat_of(target)
        if seat is None or record.seat_of(voter) is None or voter == target:
            raise SessionError("not_a_player")
        await refresh(t.store, t.clock())
        if away_until(target, t.clock()) is None:
            raise SessionError("not_away")
        voters = {s.user_id for s in record.humans() if s.user_id not in (None, target)}
        votes = await t.store.add_ai_vote(record.id, seat, voter)
        if not voters <= votes:
            return len(votes & voters), len(voters)
        async with t.lock(channel_id):
            if record.status != "active" or record.seats[seat].ai_level is not None:
                return len(voters), len(voters)
            d = drafts.draft(record)
            d.seats[seat].ai_level = ai.DEFAULT_LEVEL  # the player's still: any move of theirs takes it back
            prompts.refresh_deadline(t.spec(d), d, t.settings, t.clock())
            await t.commit(record, d, t.store.save, "a seat to the AI while away")
            await t.store.drop_ai_votes(record.id, seat)
            await t.announce(record, "a seat change", t.presenter.game_changed(record, [Event("seat_to_ai",
                                                                                              {"seat": seat})]))
            t.schedule(record)
        return len(voters), len(voters)
