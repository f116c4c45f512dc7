"""Ends a crash kept from being shown: found at start-up and shown once.

The end of a session (a game's last move, a forfeit, a reset, an expiry, a
cancelled lobby) is committed before the presenter shows it, so a crash in
between leaves a board with buttons that only answer "this game has ended"
and no result line.  Such sessions are not live, so a restore skips them.
"""

from __future__ import annotations

from bot.core.sessions.table import Table, log
from bot.engine import Result

LATE_ANNOUNCE_WINDOW = 24 * 3600
"""How old an end may be and still be announced after a crash (seconds).

A day covers any restart an operator would make, while an end older than that
is history (``/game history`` has it) rather than news: posting it into a
channel that has moved on would only confuse.  It also bounds the start-up
work should many ends go unannounced (a long outage of Discord).  Not
``IDLE_TTL``: that setting says how long a *live* game may sit unplayed,
which has nothing to do with this.
"""


async def announce_missed_endings(table: Table, window: float = LATE_ANNOUNCE_WINDOW) -> int:
    """Show, once, every end of the last ``window`` seconds that a crash kept from being shown.

    Each goes through the presenter's end-of-game path exactly as when it
    ended (final board, closing line), which marks it announced when done
    (``Store.mark_announced``), so a later start shows it no more.  Call after
    the restore; returns how many were shown.
    """
    endings = await table.store.unannounced_endings(table.clock() - window)
    shown = 0
    for record, stored in endings:
        result = None
        if stored is not None:
            result = Result(tuple(stored["winners"]), tuple(stored["scores"]), stored.get("reason", ""))
        async with table.lock(record.channel_id):
            try:
                await table.presenter.session_ended(record, result)
                shown += 1
            except Exception:
                log.exception("could not announce the end of session %s", record.id)
    log.info("announced %d session ends a crash had left unannounced", shown)
    return shown
