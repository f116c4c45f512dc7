"""Data rights: what the bot keeps about a person, and forgetting them.

Forgetting happens in two steps, in this order on purpose:

1. every *live* session they sit in is left through the normal session path
   (:meth:`SessionManager.leave_game`): a lobby seat is freed, a game seat goes
   to an AI (a two-player game ends as their forfeit).  Live records live in
   memory and are written back on every move, so their ids must leave memory
   before the database is cleaned, or the next save would write them back;
   With several shard processes (PostgreSQL), a game held by another process
   is left *there* (:mod:`bot.frontend.gateway.forwarding` forwards the request), since only
   the owner's in-memory record matters: it is written back on every move;
2. :meth:`Store.forget_user` then removes the id from every table in one
   transaction (finished games stay, anonymised: other players' records and
   replays need them).

Discord-free; the ``/game forget-me`` handler calls :func:`forget`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.core.sessions import Player, SessionError, SessionManager, drafts
from bot.core.store import SessionRecord, Store

log = logging.getLogger(__name__)

DELETED_NAME = "deleted user"
"""The name an anonymised seat keeps (data, not UI text: it is stored, not translated)."""


@dataclass
class Forgotten:
    left: list[int] = field(default_factory=list)  # live session ids they were taken out of
    counts: dict[str, int] = field(default_factory=dict)


async def leave_live(sessions: SessionManager, user_id: int) -> list[int]:
    """Take ``user_id`` out of every live session this process holds (all servers), through the normal leave path."""
    left = []
    for record in [r for r in sessions.live() if holds(r, user_id)]:
        if await leave_session(sessions, record, user_id):
            left.append(record.id)
    return left


async def leave_session(sessions: SessionManager, record: SessionRecord, user_id: int) -> bool:
    """Take ``user_id`` out of one live session held in memory here; False if the session refused.

    Also what the owning process runs for a forget-me forwarded from another
    shard process (:mod:`bot.frontend.gateway.forwarding`): the in-memory record is the one the
    game goes on writing, so it is the one that must lose the id.
    """
    if not holds(record, user_id):
        return False
    if record.seat_of(user_id) is not None:
        try:
            # one save: the seat goes to an AI under the anonymous name, the host role passes on
            await sessions.leave_game(record.channel_id, Player(user_id, DELETED_NAME), forget=True)
        except SessionError as exc:
            if exc.code == "not_saved":  # still seated: forgetting them now would be undone by the next save
                raise
            log.warning("forget: could not leave session %s: %s", record.id, exc.code)
            return False
    if holds(record, user_id):  # a seat they had left (or were removed from) earlier, or the host role
        await _scrub(sessions, record, user_id)
    return True


def holds(record: SessionRecord, user_id: int) -> bool:
    """Whether a live record names ``user_id`` anywhere its next save writes: a seat, a seat they left, the host.

    Why all three: a player who left a game of three or more seats (or was
    removed from it) no longer *sits* there, but the seat keeps who left it
    (``left_by``, rated last at the end) and their name, and they may still
    hold the host role; the record is written back on every move.
    """
    if record.host_id == user_id:
        return True
    return any(s.user_id == user_id or s.left_by == user_id for s in record.seats)


async def _scrub(sessions: SessionManager, record: SessionRecord, user_id: int) -> None:
    """Take ``user_id`` out of a live record they no longer sit in, in one save under the channel's lock."""
    t = sessions.table
    async with t.lock(record.channel_id):
        if t.by_id(record.id) is not record:  # it ended meanwhile: its stored rows are forgotten next
            return
        d = drafts.draft(record)
        for s in d.seats:
            if s.left_by == user_id:
                s.left_by = None  # no longer rated as theirs: the seat is the AI's, under the anonymous name
                s.name = DELETED_NAME
        if d.host_id == user_id:
            humans = [s.user_id for s in d.seats if s.user_id is not None and s.user_id != user_id]
            d.host_id = humans[0] if humans else 0
        await t.commit(record, d, t.store.save, "a forget-me")
        lobby = record.status == "lobby"
        showing = t.presenter.lobby_changed(record) if lobby else t.presenter.game_changed(record, [])
        await t.announce(record, "a forget-me", showing)


Elsewhere = Callable[[int], Awaitable[list[int]]]
"""Takes a user out of the live games other shard processes hold; returns their ids (``Forwarder.forward_forget``).

Raises ``SessionError`` when an owner does not answer: then nothing is erased
from the database, and the user is told to try again.
"""


async def forget(sessions: SessionManager, store: Store, user_id: int, elsewhere: Elsewhere | None = None) -> Forgotten:
    """Erase ``user_id``: their live games first (here and, with several processes, ``elsewhere``), then the rows."""
    done = Forgotten()
    if elsewhere is not None:
        done.left += await elsewhere(user_id)  # before anything here: a refusal leaves the rows as they were
    done.left += await leave_live(sessions, user_id)
    done.counts = await store.forget_user(user_id, DELETED_NAME)
    return done
