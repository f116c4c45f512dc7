"""Opening a tutorial: the learner and the script's AI seats, the curated deal, started at once.

No lobby is shown: the session is created, its first state (the script's deal) committed, and
only then announced, as :meth:`bot.core.sessions.parts.lobby.Lobby.start` does for a game.
"""

from __future__ import annotations

from typing import Any

from bot.core.games import get
from bot.core.sessions import SessionError, drafts, prompts
from bot.core.sessions.base import Player
from bot.core.store import LiveSessionExists, SeatRecord, SessionRecord
from bot.core.tutorial.script import FLAG, first_state, load

TURN_TIMEOUT = 15 * 60.0
"""A learner's turn timer: reading a line and the board takes a newcomer longer than a move takes a player."""


def seats_for(script: Any, learner: Player, locale: str) -> list[SeatRecord]:
    """The learner in the script's seat, AI seats of the script's level in the others."""
    seats = []
    for n in range(script.SEATS):
        if n == script.LEARNER:
            seats.append(SeatRecord(seat=n, name=learner.name, user_id=learner.user_id, locale=learner.locale))
        else:  # AI 1, AI 2… in seat order, as a lobby names them
            name = f"AI {sum(1 for s in seats if s.is_ai) + 1}"
            seats.append(SeatRecord(seat=n, name=name, ai_level=script.AI_LEVEL, locale=locale))
    return seats


async def start(
    manager: Any, game: str, *, guild_id: int | None, channel_id: int, learner: Player, locale: str
) -> SessionRecord:
    """Create, commit and announce a tutorial of ``game`` for ``learner`` in ``channel_id``.

    ``manager``: the :class:`~bot.core.sessions.SessionManager`.  A channel with a live session
    answers ``channel_busy``; a failed save ``not_saved`` (and leaves nothing behind).
    """
    script = load(game)
    spec = get(game)
    t = manager.table
    options = {**spec.resolve_options(script.OPTIONS), FLAG: True}
    async with t.lock(channel_id):
        existing = t.in_channel(channel_id)
        if existing is not None:
            raise SessionError("channel_busy", game=existing.game, session=existing.id)
        try:
            record = await t.store.create_session(
                game=game, guild_id=guild_id, channel_id=channel_id, host_id=learner.user_id,
                seed=script.SEED, options=options, locale=locale,
                seats=seats_for(script, learner, locale), turn_timeout=TURN_TIMEOUT,
            )
        except LiveSessionExists as exc:
            raise SessionError("channel_busy", game=game, session=exc.session_id) from None
        t.remember(record)
        d = drafts.draft(record)
        d.state = first_state(record)  # the script's deal (a replay starts from it too)
        d.status = "active"
        d.version = 0
        prompts.refresh_prompts(spec, d)
        prompts.refresh_deadline(spec, d, t.settings, t.clock())
        try:
            await t.commit(record, d, t.store.save, "the start")
        except SessionError:
            await manager.endings.end(record, "cancelled", ended_by=learner.user_id, reason="cancelled")
            raise
        await t.announce(record, "the start", t.presenter.game_changed(record, []))
        t.schedule(record)
        return record
