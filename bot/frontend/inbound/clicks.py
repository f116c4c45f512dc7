"""Click routing: what a click on each button kind of :mod:`bot.frontend.ui.components` does.

The buttons (custom_id formats, templates, layouts) live in
:mod:`bot.frontend.ui.components`, low enough for the payloads that draw them; the
routes here call the handlers in :mod:`bot.frontend.inbound.interactions` and
:mod:`bot.frontend.server_commands`, which draw payloads.  The app sends every
click to :func:`on_component`, which runs the route :data:`ROUTES` holds for the
button's kind, so after a restart a click on any message ever sent finds its
handler from the custom_id alone.
Each route looks its handler up when called (``interactions.on_act``, not a
reference taken at import), so a test can stand in for a handler.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any

import discord

from bot.core import origin, turns
from bot.core import settings as server_settings
from bot.core.sessions import SessionError
from bot.frontend import server_commands
from bot.frontend.answers import error_text, safe_reply
from bot.frontend.inbound import hint_answers, interactions, learn, leaving, opening, review, rules_pages
from bot.frontend.services import bot_of
from bot.frontend.ui import cycles
from bot.frontend.ui.components import (
    DYNAMIC_ITEMS,
    ActButton,
    AiLevelButton,
    DetailsButton,
    ForgetButton,
    HandButton,
    HintButton,
    LeaveButton,
    LobbyButton,
    PlayRealButton,
    RematchButton,
    ReplayButton,
    Route,
    RulesButton,
)
from bot.frontend.ui.review_buttons import ITEMS as REVIEW_ITEMS
from bot.frontend.ui.review_buttons import FindButton, ReviewButton, TryButton


def _click(interaction: discord.Interaction) -> origin.Click:
    """The click as Discord delivered it: where it happened, on which message (see :mod:`bot.core.origin`)."""
    message = interaction.message
    return origin.Click(
        user_id=interaction.user.id,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        message_id=message.id if message is not None else None,
        private=bool(message is not None and message.flags.ephemeral),
    )


def _from_origin(
    route: Callable[[Any, discord.Interaction], Awaitable[None]],
) -> Callable[[Any, discord.Interaction], Awaitable[None]]:
    """A route whose origin checks (:mod:`bot.core.origin`) refuse with the usual ephemeral answer, changing nothing."""

    @functools.wraps(route)
    async def wrapper(item: Any, interaction: discord.Interaction) -> None:
        try:
            await route(item, interaction)
        except _Refused as refused:
            await safe_reply(interaction, error_text(interaction, refused.error))

    return wrapper


class _Refused(Exception):
    """An origin check failed before the handler ran (kept apart from the handlers' own refusals)."""

    def __init__(self, error: SessionError) -> None:
        super().__init__(error.code)
        self.error = error


def _check(rule: Callable[..., None], *args: Any) -> None:
    try:
        rule(*args)
    except SessionError as exc:
        raise _Refused(exc) from None


def _live_here(interaction: discord.Interaction, sid: int, *, from_dm: bool = False) -> Any:
    """The live session ``sid`` if the click may act on it; None if it is not in this process's memory."""
    record = bot_of(interaction).sessions.by_id(sid)
    if record is not None:
        _check(functools.partial(origin.check_session, from_dm=from_dm), _click(interaction), record)
    elif interaction.guild_id is not None:
        # a server's clicks reach the process holding that server's games: a session elsewhere is not this server's
        _check(_session_over)
    return record


def _session_over() -> None:
    raise SessionError("session_over")


async def _allowed_ai_levels(interaction: discord.Interaction, record: Any) -> list[str]:
    """The AI levels the *session's* server allows (not the click's: a click may come from anywhere)."""
    guild_id = record.guild_id
    data = await bot_of(interaction).store.guild_settings(guild_id) if guild_id else {}
    return server_settings.allowed_ai_levels(data)


@_from_origin
async def _act(item: ActButton, interaction: discord.Interaction) -> None:
    _live_here(interaction, item.sid, from_dm=True)  # DM hands carry move buttons
    await interactions.on_act(interaction, item.sid, item.pv, item.idx)


@_from_origin
async def _lobby(item: LobbyButton, interaction: discord.Interaction) -> None:
    _live_here(interaction, item.sid)
    await interactions.on_lobby(interaction, item.sid, item.op)


@_from_origin
async def _ai_level(item: AiLevelButton, interaction: discord.Interaction) -> None:
    record = _live_here(interaction, item.sid)
    if record is not None:
        _check(origin.check_ai_level, item.level, await _allowed_ai_levels(interaction, record))
    _check(origin.check_private_message, _click(interaction))  # the handler deletes the clicked message
    await interactions.on_ai_level(interaction, item.sid, item.level)


@_from_origin
async def _hand(item: HandButton, interaction: discord.Interaction) -> None:
    _live_here(interaction, item.sid)
    await interactions.on_hand(interaction, item.sid)


@_from_origin
async def _details(item: DetailsButton, interaction: discord.Interaction) -> None:
    await interactions.on_details(interaction, item.sid)


@_from_origin
async def _replay(item: ReplayButton, interaction: discord.Interaction) -> None:
    _check(origin.check_private_message, _click(interaction))  # the handler edits the clicked message
    await server_commands.on_replay(interaction, item.sid, item.page)


@_from_origin
async def _forget(item: ForgetButton, interaction: discord.Interaction) -> None:
    _check(origin.check_private_message, _click(interaction))  # the handler edits the clicked message
    await server_commands.on_forget(interaction, item.uid)


@_from_origin
async def _leave(item: LeaveButton, interaction: discord.Interaction) -> None:
    _check(origin.check_private_message, _click(interaction))  # the handler edits the clicked message
    await leaving.on_confirm(interaction, item.sid, item.uid)


@_from_origin
async def _rematch(item: RematchButton, interaction: discord.Interaction) -> None:
    old = await bot_of(interaction).store.get_session(item.sid)
    if old is not None and interaction.guild_id is not None:
        _check(origin.check_session, _click(interaction), old)  # its rules are that channel's, not anyone's
    await opening.on_rematch(interaction, item.sid)


async def _play_real(item: PlayRealButton, interaction: discord.Interaction) -> None:
    await learn.play_real(interaction, item.game)  # whoever clicks hosts it, as with Rematch


@_from_origin
async def _hint(item: HintButton, interaction: discord.Interaction) -> None:
    _live_here(interaction, item.sid, from_dm=True)  # DM hands carry the Hint button
    await hint_answers.on_hint(interaction, item.sid, item.pv)


async def _review(item: ReviewButton | FindButton | TryButton, interaction: discord.Interaction) -> None:
    if isinstance(item, ReviewButton):  # anyone may ask, anywhere the game is shown: each sees their own review
        await review.review_command(interaction, item.sid)
    else:
        await review.on_find(interaction, item.sid, item.idx if isinstance(item, TryButton) else None)


async def _rules(item: RulesButton, interaction: discord.Interaction) -> None:
    await rules_pages.send_more(interaction, item.game)  # anyone may read the rules, anywhere


ROUTES: dict[type, Route] = {
    HintButton: _hint,
    RulesButton: _rules,
    ActButton: _act,
    LobbyButton: _lobby,
    AiLevelButton: _ai_level,
    HandButton: _hand,
    DetailsButton: _details,
    ReplayButton: _replay,
    ForgetButton: _forget,
    LeaveButton: _leave,
    RematchButton: _rematch,
    PlayRealButton: _play_real,
    **dict.fromkeys(REVIEW_ITEMS, _review),
}


def _custom_ids(components: list[Any]) -> set[str]:
    out: set[str] = set()
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            out.add(custom_id)
        nested = list(getattr(component, "children", None) or [])  # rows, containers, sections (V2)
        accessory = getattr(component, "accessory", None)  # a V2 section's button beside its text
        out |= _custom_ids([*nested, accessory] if accessory is not None else nested)
    return out


async def on_component(interaction: discord.Interaction) -> None:
    """Run a button click's route from its custom_id alone (the ``on_interaction`` listener).

    Why not discord.py's DynamicItem dispatch: for every click it rebuilt a
    whole ``View`` from the clicked message (every V2 component turned into an
    item) only to find the clicked button in it, and dropped without a word a
    click whose id was not on the message (a client that had not yet seen the
    board's latest edit, an id from an older version of the bot, a forged one),
    leaving the player with "This interaction failed".  Our ids carry
    everything needed to judge a click (session, prompt version, index), so
    every click goes to its handler (which refuses it if it is no longer that
    player's choice), and a ``k:`` id that fits no template gets the "these
    buttons no longer work" answer.  An id of ours is never looked for on the
    message: :func:`lighten` leaves the message's components unparsed.
    """
    if interaction.type is not discord.InteractionType.component:
        return
    turns.for_a_player()  # ahead of the AIs' moves and the timers for a work slot
    with _searches_paused():  # and ahead of the AIs' searches for the machine (bot.core.ai.gate)
        await _route(interaction)


def pause_searches_with(gate: Callable[[], AbstractContextManager[None]]) -> None:
    """Hold ``gate`` (the AI pool's ``gate.held``) around every click: installed by the app."""
    global _searches_paused
    _searches_paused = gate


_searches_paused: Callable[[], AbstractContextManager[None]] = contextlib.nullcontext


async def _route(interaction: discord.Interaction) -> None:
    """Run the click's route (see :func:`on_component`)."""
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    for item_cls in (*DYNAMIC_ITEMS, *REVIEW_ITEMS):
        match = item_cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            item = await item_cls.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
            try:
                await ROUTES[item_cls](item, interaction)
            finally:
                cycles.release(item, interaction)  # the clicked item's view and interaction: no cycle left
            return
    message = interaction.message
    if custom_id.startswith(PREFIX) or message is None or custom_id not in _custom_ids(list(message.components)):
        await safe_reply(interaction, error_text(interaction, SessionError("session_over")))
    # else: not one of ours, on the message: a view discord.py stores answers it


PREFIX = "k:"
"""Every custom_id of ours starts so (:mod:`bot.frontend.ui.components`)."""

_EMPTIED = {"components": (), "attachments": (), "embeds": (), "mentions": (), "mention_roles": ()}
_DROPPED = frozenset({"reactions", "sticker_items", "message_snapshots", "referenced_message", "poll"})
"""What a click's ``interaction.message`` carries that no route reads (its id, flags and channel are read)."""


def lighten(data: dict[str, Any]) -> dict[str, Any]:
    """An INTERACTION_CREATE payload without the parts of its message no click route reads.

    Why: discord.py parses the clicked message of every click into a full
    ``Message`` (a board: a dozen V2 components, its picture's attachment, the
    author), and nothing of ours looks past its id and flags (:func:`_click`,
    ``answers``, ``edits``).  Only clicks on our buttons are lightened: any
    other id keeps its message whole for whoever handles it.
    """
    if data.get("type") != discord.InteractionType.component.value:
        return data
    message = data.get("message")
    inner = data.get("data") or {}
    if not isinstance(message, dict) or not str(inner.get("custom_id", "")).startswith(PREFIX):
        return data
    light = {k: v for k, v in message.items() if k not in _DROPPED}
    light.update(_EMPTIED)
    return {**data, "message": light}
