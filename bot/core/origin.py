"""Where a click came from, judged against the session its custom_id names.

Why: a button's custom_id is text the client sends back, and a modified
client (or a forged request) can send any id on any message it can see.  The
id names a session; the click carries where it really happened (server,
channel, message, clicker).  Handlers must trust the second, never the
first: a lobby is joined, cancelled or given an AI only from its own channel,
a game is played only from its channel or by a seated player in a DM, and a
handler that edits or deletes the clicked message does so only when that
message is one the bot showed for this purpose (a private, ephemeral answer
to the clicker; the board itself is only ever edited by its stored id,
never as "the clicked message").

Discord-free on purpose: the click routes (:mod:`bot.frontend.inbound.clicks`) describe a
click as a :class:`Click` of plain ids, and every rule lives here, testable
without Discord.  A refusal is a :class:`SessionError` answered like any other
(ephemeral, nothing changed).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.core.sessions import SessionError


@dataclass(frozen=True)
class Click:
    """A click as Discord delivered it (never as its custom_id claims)."""

    user_id: int
    guild_id: int | None  # None: a DM
    channel_id: int | None
    message_id: int | None  # the message the button was clicked on
    private: bool  # that message is ephemeral: only the clicker sees it, and the bot sent it to them


def check_session(click: Click, record: Any, *, from_dm: bool = False) -> None:
    """Refuse a click on a session of another server or channel.

    In a server the session must live in the clicked channel (a thread is its
    own channel).  A DM has no server: only the buttons a DM shows (moves,
    ``from_dm``) may be clicked there, and only by a seated player of the
    session.  Lobby buttons, AI levels and Rematch live in the channel only:
    from a DM they would run without the server's permissions and settings.
    """
    if click.guild_id is None:
        if not from_dm or record.seat_of(click.user_id) is None:
            raise SessionError("wrong_origin")
        return
    if record.guild_id != click.guild_id or record.channel_id != click.channel_id:
        raise SessionError("wrong_origin")


def check_private_message(click: Click) -> None:
    """Refuse to edit or delete a clicked message unless it is the clicker's own ephemeral one.

    The AI-level picker, a replay page and the forget-me confirmation are all
    sent ephemerally to the person who asked: a click that names them but was
    made on a public message (a board, a result) must leave that message alone.
    """
    if not click.private:
        raise SessionError("wrong_message")


def check_ai_level(level: str, allowed: Iterable[str]) -> None:
    """Refuse an AI level the session's server does not allow (``/game settings ai``)."""
    if level not in set(allowed):
        raise SessionError("ai_not_allowed")
