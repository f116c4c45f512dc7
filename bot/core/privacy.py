"""Data rights: what the bot keeps about a person, and forgetting them.

Forgetting happens in two steps, in this order on purpose:

1. every *live* session they sit in is left through the normal session path
   (:meth:`SessionManager.leave_game`): a lobby seat is freed, a game seat goes
   to an AI (a two-player game ends as their forfeit).  Live records live in
   memory and are written back on every move, so their ids must leave memory
   before the database is cleaned, or the next save would write them back;
   With several shard processes (PostgreSQL), a game held by another process
   is left *there* (:mod:`bot.frontend.forwarding` forwards the request), since only
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

from bot.core.sessions import Player, SessionError, SessionManager
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
    for record in [r for r in sessions.live() if r.seat_of(user_id) is not None]:
        if await leave_session(sessions, record, user_id):
            left.append(record.id)
    return left


async def leave_session(sessions: SessionManager, record: SessionRecord, user_id: int) -> bool:
    """Take ``user_id`` out of one live session held in memory here; False if the session refused.

    Also what the owning process runs for a forget-me forwarded from another
    shard process (:mod:`bot.frontend.forwarding`): the in-memory record is the one the
    game goes on writing, so it is the one that must lose the id.
    """
    if record.seat_of(user_id) is None:
        return False
    try:
        # one save: the seat goes to an AI under the anonymous name, the host role passes on
        await sessions.leave_game(record.channel_id, Player(user_id, DELETED_NAME), forget=True)
    except SessionError as exc:
        if exc.code == "not_saved":  # still seated: forgetting them now would be undone by the next save
            raise
        log.warning("forget: could not leave session %s: %s", record.id, exc.code)
        return False
    return True


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
