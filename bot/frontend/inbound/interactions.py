"""The handlers behind the buttons and the game commands: identify the user, call the session, answer.

Buttons reach these through :mod:`bot.frontend.inbound.clicks`, commands through the cogs;
opening a lobby (``/<game> new``, Rematch) is :mod:`bot.frontend.inbound.opening`.
Each handler is ``guarded`` (:mod:`bot.frontend.answers`): a refusal becomes an
ephemeral answer in the user's language, and nothing is changed by a refused
click.  The bot is reached as :class:`bot.frontend.services.Services`, never as the
app's concrete class (the app imports this module).
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import discord

from bot import i18n
from bot.core import settings as server_settings
from bot.core.games import get
from bot.core.names import escape
from bot.core.sessions import Player, SessionError
from bot.frontend.answers import guarded, reply
from bot.frontend.inbound import cooldowns, leaving, rules_pages
from bot.frontend.inbound.opening import thinking
from bot.frontend.services import bot_of, player_of
from bot.frontend.ui import payloads, ratings
from bot.frontend.ui.components import LobbyButton, Static
from bot.runtime import metrics
from bot.transport import wire
from bot.transport.acks import ClickAnswer
from bot.transport.wire import SEND_ERRORS

log = logging.getLogger(__name__)


# -- buttons ----------------------------------------------------------------------------------------------------


@guarded
async def on_act(interaction: discord.Interaction, sid: int, pv: int, idx: int) -> None:
    """A move button: the ``idx``-th legal action of the clicker's prompt, as of prompt version ``pv``.

    ``pv`` makes a click on a stale board or DM a refusal, never a different move.  The
    click must be answered within Discord's 3 s whatever the move costs, so
    it is answered with the move's own edit when that comes soon, else with
    a deferred update (:class:`bot.transport.acks.ClickAnswer`).
    """
    bot = bot_of(interaction)
    metrics.click_received()
    # Answered with the clicked message showing the move if that comes soon, else with a deferred update
    # (bot.transport.acks): within Discord's 3 s whatever the move costs.
    answer = ClickAnswer(interaction, bot.settings.answer_within)
    bot.presenter.tokens.remember_click(interaction, answer)  # its token edits the clicked message once answered
    if bot.settings.answer_within <= 0:
        # KADO_ANSWER_WITHIN=0: acknowledged before the move, as before bot.transport.acks.  Left to its own task, the
        # deferred update would leave only when the move first waits (bench.clicks.latency; docs/performance.md).
        await answer.settle()
    try:
        # a DM click reaches shard 0 only: its game may live in another process (bot.frontend.gateway.forwarding)
        forwarder = bot.forwarder if bot.sessions.by_id(sid) is None else None
        if forwarder is not None:
            await answer.settle()
            if await forwarder.forward_click(interaction, sid, pv, idx):
                return
        record = await bot.sessions.act(sid, interaction.user.id, pv, idx, answer)  # the move's showing answers it
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            seat = record.seat_of(interaction.user.id)
            if seat is not None:
                await _show_private_reply(interaction, answer, record, seat)
    except Exception:
        await answer.before_reply()  # the refusal is the answer (or, once acknowledged, its followup)
        raise
    await answer.settle()  # a move that changed no message it is on (a hidden pick) is acknowledged now


async def _show_private_reply(interaction: discord.Interaction, answer: ClickAnswer, record: Any, seat: int) -> None:
    """A click on a private reply ("My hand"): that reply shows the move, as the click's answer or an edit.

    A DM-closed player's reply keeps following the game through the click's token, the freshest it has
    (:mod:`bot.frontend.presenting.hand_replies`); if the move's showing already brought it up to date, the click is
    only acknowledged.  The move is made by now: a failure here is logged, never told as a failed move.
    """
    screens = bot_of(interaction).presenter.dm_screens
    payload = await screens.payload(record, seat)
    follow = functools.partial(screens.hands.remember, record.id, seat, interaction.application_id, interaction.token,
                               payload) if record.seats[seat].dm_closed else None
    if follow is not None:  # the token edits @original only once the click is answered: until then Discord says 404
        answer.when_answered(follow)
    try:
        if not screens.hands.showing(record.id, seat, payload) and not await answer.update(payload):
            await wire.edit_original(interaction.client, interaction.application_id, interaction.token, payload)
            if follow is not None:  # answered before this reply was shown: its token edits the reply now
                follow()
    except SEND_ERRORS:
        log.warning("could not show a move in the private reply of interaction %s", interaction.id, exc_info=True)


@guarded
async def on_lobby(interaction: discord.Interaction, sid: int, op: str) -> None:
    """A lobby button (join, leave, start, add an AI, cancel...); the lobby message is edited through this click."""
    bot = bot_of(interaction)
    player = player_of(interaction)
    tr = i18n.translator(interaction.locale)
    if op == "ai":
        record = bot.sessions.by_id(sid)
        if record is None:
            raise SessionError("session_over")
        if record.host_id != player.user_id:
            raise SessionError("host_only")
        levels = await _allowed_ai_levels(interaction)
        if not levels:
            raise SessionError("ai_not_allowed")
        await reply(interaction, **payloads.ai_levels(record, tr, levels))
        return
    if op == "start" and await _ask_before_filling(interaction, sid):
        return
    if op == "wait":  # the host chose to wait for players: the question goes, the lobby stays
        await interaction.response.edit_message(content=tr("lobby.waiting_more"), view=None)
        return
    await wire.ack_update(interaction)
    bot.presenter.tokens.remember_click(interaction)  # the lobby (then the board) is edited through this token
    record = bot.sessions.by_id(sid)
    message = interaction.message
    if record is not None and record.board_message_id is None and message is not None and not message.flags.ephemeral:
        # A crash between posting the lobby and storing its id left the lobby without a board:
        # the message clicked is that board, so lobby changes and the game show up on it.
        await bot.store.set_board_message(record, message.id)
    if op == "join":
        await bot.sessions.join(sid, player)
    elif op == "leave":
        await bot.sessions.leave_lobby(sid, player)
    elif op in ("start", "start_ai"):
        data = await bot.store.guild_settings(interaction.guild_id) if interaction.guild_id else {}
        await bot.sessions.start(sid, player, fill_level=server_settings.fill_level(data))
        if op == "start_ai":  # the host's private question is answered: take it away
            await interaction.delete_original_response()
    elif op == "cancel":
        await bot.sessions.cancel_lobby(sid, player, moderator=is_moderator(interaction))
    elif op == "pace":  # the host's pick: live -> relaxed -> correspondence -> live
        await bot.sessions.set_pace(sid, player)


async def _ask_before_filling(interaction: discord.Interaction, sid: int) -> bool:
    """Start with empty seats: ask the host first (privately) whether AIs should fill them; True if asked.

    A full table (at least the game's minimum) starts at once.  The lobby's
    own checks (host only, still a lobby) answer as they would on Start.
    """
    record = bot_of(interaction).sessions.by_id(sid)
    if record is None or record.status != "lobby":
        return False  # the session's own refusal says why
    if record.host_id != interaction.user.id:
        raise SessionError("host_only")
    missing = get(record.game).min_seats - len(record.seats)
    if missing <= 0:
        return False
    tr = i18n.translator(interaction.locale)
    view = Static()
    view.add_item(LobbyButton(sid, "start_ai", tr("lobby.start_with_ai"), discord.ButtonStyle.primary))
    view.add_item(LobbyButton(sid, "wait", tr("lobby.wait")))
    await reply(interaction, i18n.counted(tr, "lobby.confirm_ai", missing, count=missing), view=view)
    return True


async def _allowed_ai_levels(interaction: discord.Interaction) -> list[str]:
    """The AI levels this server allows (/game settings ai); all of them outside a server."""
    if interaction.guild_id is None:
        return server_settings.allowed_ai_levels({})
    return server_settings.allowed_ai_levels(await bot_of(interaction).store.guild_settings(interaction.guild_id))


@guarded
async def on_ai_level(interaction: discord.Interaction, sid: int, level: str) -> None:
    """The host's pick in the private "which AI?" question; a level the server forbids is refused again here."""
    bot = bot_of(interaction)
    if level not in await _allowed_ai_levels(interaction):
        raise SessionError("ai_not_allowed")
    await interaction.response.defer()
    await bot.sessions.add_ai(sid, player_of(interaction), level)
    # the question is answered: its buttons go, a short confirmation stays (ephemeral, only the host sees it)
    tr = i18n.translator(interaction.locale)
    await interaction.edit_original_response(content=tr("lobby.ai_added", level=tr(f"ai.{level}")), view=None)


@guarded
async def on_hand(interaction: discord.Interaction, sid: int) -> None:
    """The board's "My hand" button: the clicker's own screen, privately (the way in when DMs are closed)."""
    bot = bot_of(interaction)
    record = bot.sessions.by_id(sid)
    if record is None or record.status != "active":
        raise SessionError("session_over")
    await show_hand(interaction, record)


@guarded
async def on_details(interaction: discord.Interaction, sid: int) -> None:
    """The board's long text, privately, in the clicker's language: the spectator view, so anyone may ask."""
    bot = bot_of(interaction)
    record = bot.sessions.by_id(sid) or await bot.store.get_session(sid)  # a finished board keeps its Details
    if record is None or record.state is None:
        raise SessionError("session_over")
    payload = payloads.details(record, get(record.game), i18n.translator(interaction.locale))
    await reply(interaction, **payloads.for_send(payload))


async def show_hand(interaction: discord.Interaction, record: Any) -> None:
    """The player's DM screen as a private reply; a DM-closed player's reply then follows the game."""
    bot = bot_of(interaction)
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise SessionError("not_a_player")
    payload = await bot.presenter.dm_screens.payload(record, seat)
    fresh = not interaction.response.is_done()  # the reply is then this interaction's @original, its token edits it
    await reply(interaction, **payloads.for_send(payload))
    if fresh and record.seats[seat].dm_closed:  # this reply follows the game (bot.frontend.presenting.hand_replies)
        bot.presenter.dm_screens.hands.remember(record.id, seat, interaction.application_id, interaction.token, payload)
    if record.seats[seat].dm_closed:  # answered first; then their DMs are tried again, in case they opened them
        async with bot.sessions.lock(record.channel_id):
            await bot.presenter.dm_screens.try_dm_again(record, record.seats[seat])


# -- commands ---------------------------------------------------------------------------------------------------


def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Messages, administrator, or the server's ``/game settings modrole`` role: may end others' games."""
    perms = interaction.permissions
    if perms.manage_messages or perms.administrator:
        return True
    role_id = bot_of(interaction).moderator_roles.get(interaction.guild_id or 0)
    roles = getattr(interaction.user, "roles", [])
    return role_id is not None and any(r.id == role_id for r in roles)


def _session_here(interaction: discord.Interaction) -> Any:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise SessionError("guild_only")
    record = bot_of(interaction).sessions.in_channel(interaction.channel_id)
    if record is None:
        raise SessionError("no_session")
    return record


@guarded
async def hand_command(interaction: discord.Interaction) -> None:
    """``/game hand`` (and ``/<game> hand``): "My hand" by keyboard, for the game in this channel."""
    record = _session_here(interaction)
    if record.status != "active":
        raise SessionError("not_started")
    await show_hand(interaction, record)


@guarded
async def status_command(interaction: discord.Interaction) -> None:
    """Re-post the board as a fresh message (the old one stops being updated)."""
    bot = bot_of(interaction)
    record = _session_here(interaction)
    if not cooldowns.status.passes(record.channel_id):  # one public re-post per channel every few seconds
        raise SessionError("status_cooldown")
    spec = get(record.game)
    tr = i18n.translator(record.locale)
    async with thinking(interaction), bot.sessions.lock(record.channel_id):  # the turn may take a moment
        if bot.sessions.by_id(record.id) is not record:
            raise SessionError("session_over")  # it ended while we waited: the end was posted
        if record.status == "active":
            payload = payloads.board(record, spec, tr)
        else:
            payload = payloads.lobby(record, spec, tr, await ratings.seat_skills(bot.store, record))
        try:
            message = await interaction.edit_original_response(**payload)
        except discord.Forbidden:  # no Attach Files here: the board as text, saying why (as the presenter does)
            if not payload.get("attachments"):
                raise
            message = await interaction.edit_original_response(**payloads.without_picture(payload, tr))
        bot.presenter.tokens.remember(message.id, interaction.application_id, interaction.token)
        old = record.board_message_id
        await bot.store.set_board_message(record, message.id)
        if old is not None:
            await bot.presenter.board_moved(record, old, message.id)


@guarded
async def leave_command(interaction: discord.Interaction) -> None:
    """``/game leave``: a forfeit (the other player wins a 2-player game; else an AI takes the seat)."""
    bot = bot_of(interaction)
    record = _session_here(interaction)
    if record.status == "active" and record.seat_of(interaction.user.id) is not None:
        await leaving.ask(interaction, record)  # it counts and cannot be undone: a second click does it
        return
    await interaction.response.defer(ephemeral=True)
    assert interaction.channel_id is not None
    await bot.sessions.leave_game(interaction.channel_id, player_of(interaction))
    await interaction.followup.send(i18n.translate(interaction.locale, "leave.done"), ephemeral=True)


@guarded
async def reset_command(interaction: discord.Interaction) -> None:
    """``/game reset``: a moderator ends the channel's game (a host may end their own lobby) to free the channel."""
    bot = bot_of(interaction)
    record = _session_here(interaction)
    host_lobby = record.status == "lobby" and record.host_id == interaction.user.id
    if not (is_moderator(interaction) or host_lobby):
        raise SessionError("not_moderator")
    await interaction.response.defer(ephemeral=True)
    assert interaction.channel_id is not None
    ended = await bot.sessions.reset(interaction.channel_id, interaction.user.id)
    tr = i18n.translator(interaction.locale)
    await interaction.followup.send(tr("reset.done", game=tr(f"{ended.game}.name")), ephemeral=True)


@guarded
async def rules_command(interaction: discord.Interaction, game: str) -> None:
    """The first page and a button to the readings (:mod:`bot.frontend.inbound.rules_pages`)."""
    await rules_pages.send_first(interaction, game)


@guarded
async def action_command(interaction: discord.Interaction, action: dict[str, Any], done_key: str, **args: Any) -> None:
    """A keyboard route to a move (e.g. ``/promotion pick row:``): same checks as a button, private answer."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise SessionError("guild_only")
    await interaction.response.defer(ephemeral=True)
    await bot_of(interaction).sessions.act_action(interaction.channel_id, interaction.user.id, action)
    await interaction.followup.send(i18n.translate(interaction.locale, done_key, **args), ephemeral=True)


@guarded
async def kick_command(interaction: discord.Interaction, user: discord.abc.User) -> None:
    """A moderator removes a player from this channel's game; the seat goes to the AI (2 players: forfeit)."""
    bot = bot_of(interaction)
    record = _session_here(interaction)
    if not is_moderator(interaction):
        raise SessionError("not_moderator")
    if record.seat_of(user.id) is None:
        raise SessionError("not_in_game", name=escape(user.display_name))
    await interaction.response.defer(ephemeral=True)
    assert interaction.channel_id is not None
    kicked = Player(user.id, user.display_name)
    await bot.sessions.leave_game(interaction.channel_id, kicked, kicked_by=interaction.user.id)
    await interaction.followup.send(
        i18n.translate(interaction.locale, "kick.done", name=escape(user.display_name)), ephemeral=True
    )

