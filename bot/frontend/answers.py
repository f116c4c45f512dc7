"""Refusals and failures turned into answers: the texts, the ephemeral reply, the ``guarded`` wrapper.

discord.py only logs exceptions raised inside DynamicItem callbacks and
command callbacks, so each handler catches them itself and answers the user:
a refusal in their language for a :class:`SessionError`, a short apology for
anything unexpected (which is logged with its traceback).  Nothing is changed
by a refused click.  This module needs no bot: the click handlers
(:mod:`bot.frontend.inbound.interactions`, :mod:`bot.frontend.server_commands`) and clicks forwarded
from another process (:mod:`bot.frontend.gateway.forwarding`) share it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import discord
from discord import app_commands

from bot import i18n
from bot.core.sessions import SessionError

log = logging.getLogger(__name__)
P = ParamSpec("P")


def error_text(interaction: discord.Interaction, exc: SessionError) -> str:
    """The refusal in the clicker's words; a stale button on a channel board says so (it has no "My hand")."""
    if exc.code == "stale_button" and _on_channel_board(interaction):
        # buttons on the channel board (PORTAS): there is no "My hand" to refresh with
        return i18n.translate(interaction.locale, "error.stale_board")
    return error_text_in(interaction.locale, exc)


def _on_channel_board(interaction: discord.Interaction) -> bool:
    """The click came from a message in a server channel (a board), not a DM or a private reply."""
    message = interaction.message
    return interaction.guild_id is not None and message is not None and not message.flags.ephemeral


def error_text_in(locale: object, exc: SessionError) -> str:
    """A refusal's text in ``locale`` (also for clicks forwarded from another process: gateway.forwarding)."""
    tr = i18n.translator(locale)
    if exc.code == "rule":
        game = exc.args_.get("game", "")
        key = f"{game}.error.{exc.args_.get('rule_code')}"
        return tr(key) if i18n.has(key) else tr("error.rule")
    if exc.code == "channel_busy":
        return tr("error.channel_busy", game=tr(f"{exc.args_.get('game')}.name"))
    return tr(f"error.{exc.code}", **exc.args_)


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was already acknowledged."""
    kwargs.setdefault("ephemeral", True)
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


class InFlight:
    """How many guarded handlers are running: a stopping bot lets them finish before it closes the store.

    Why: a deploy's SIGTERM used to close the database under a lobby being
    opened or a move being shown ("Cannot operate on a closed database"), and
    the player saw "Something went wrong" for a command that was sound.
    """

    POLL = 0.02  # seconds between two looks while draining (no Event: it would bind to one event loop)

    def __init__(self) -> None:
        self.count = 0

    async def drained(self, timeout: float) -> bool:
        """Wait until no handler runs, at most ``timeout`` seconds; True if none is left."""
        deadline = time.monotonic() + timeout
        while self.count and time.monotonic() < deadline:
            await asyncio.sleep(self.POLL)
        return self.count == 0


HANDLING = InFlight()


def guarded(handler: Callable[P, Awaitable[None]]) -> Callable[P, Awaitable[None]]:
    """Turn refusals and crashes into an ephemeral answer instead of a silent failure."""

    @functools.wraps(handler)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        HANDLING.count += 1
        try:
            await handler(*args, **kwargs)
        except Exception as exc:
            await safe_reply(interaction, failure_text(interaction, exc))
        finally:
            HANDLING.count -= 1

    return wrapper


def failure_text(interaction: discord.Interaction, exc: BaseException) -> str:
    """What to tell the user about ``exc``: a refusal's own text, else a short apology (logged, not shown)."""
    if isinstance(exc, SessionError):
        return error_text(interaction, exc)
    if isinstance(exc, discord.Forbidden):
        log.warning("missing permission in channel %s", interaction.channel_id)
        return i18n.translate(interaction.locale, "error.cant_post")
    log.error("interaction failed: %s", getattr(interaction, "data", None), exc_info=exc)
    return i18n.translate(interaction.locale, "error.internal")


async def safe_reply(interaction: discord.Interaction, content: str) -> None:
    """Answer ephemerally; an answer that cannot be sent is logged, never raised (nothing above would catch it)."""
    try:
        await reply(interaction, content)
    except Exception:
        log.exception("could not answer interaction %s", interaction.id)


async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: answer a slash command that failed before or outside ``guarded``.

    Option conversion (a ``TransformerError``), checks such as ``guild_only``
    and callbacks without ``guarded`` raise here; discord.py's default only
    logs, and the user would see "The application did not respond".
    """
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(cause, app_commands.NoPrivateMessage):
        cause = SessionError("guild_only")
    if isinstance(cause, app_commands.TransformerError):  # a value outside the choices (a forged client)
        cause = SessionError("not_a_choice")
    await safe_reply(interaction, failure_text(interaction, cause))
