"""/game replay and /game spectate: a finished game move by move, a live one as a spectator sees it.

A replay shows only what the spectator view showed at each step (:mod:`bot.core.replay`);
its page buttons (``k:r:…``) are routed by :mod:`bot.frontend.inbound.clicks` to :func:`on_replay`.
"""

from __future__ import annotations

import io
import logging
import time
from typing import Any

import discord

from bot.core import games, replay, tutorial
from bot.core.names import shown_names
from bot.core.sessions import SessionError
from bot.frontend.answers import guarded
from bot.frontend.server_commands.common import COLOUR, clip, guild_of, spec_of, tr_of
from bot.frontend.services import bot_of
from bot.frontend.ui import cycles, payloads
from bot.frontend.ui.components import ReplayButton, Static
from bot.gamefacts import Game
from bot.gameui import Board, seat_name
from bot.i18n import Tr

log = logging.getLogger(__name__)
REPLAY_IMAGE = "replay.png"

# -- replay ----------------------------------------------------------------------------------------------------------


def _board_embed(board: Board) -> discord.Embed:
    embed = discord.Embed(
        title=clip(board.title, 256), description=clip(board.description, 4000) or None, colour=COLOUR
    )
    for name, value in board.fields[:20]:
        embed.add_field(name=clip(name, 256) or "\u200b", value=clip(value, 1024) or "—", inline=False)
    return embed


def _move_text(spec: Game, step: replay.Step, before: replay.Step | None, names: list[str], tr: Tr) -> str:
    """What ``step``'s move did, in the log's words; a click that showed nothing yet (the first of a move
    of several clicks: a card before its target) is named by its button, as its player saw it.

    Its button may name a card then hidden (an Eminit declaration): a replay is of a finished game only,
    whose hidden cards its last page shows anyway.
    """
    if step.seat is None:
        return tr("replay.deal")
    who = seat_name(names, step.seat)
    lines = [spec.render.event(e, names, tr) for e in step.public_events()]
    lines = [line for line in lines if line]
    if not lines:
        if before is None or step.action is None:
            return tr("replay.moved", name=who)
        view = spec.rules.view(before.state, step.seat)
        label = spec.render.control(step.action, view, step.seat, names, tr).label
        return tr("replay.clicked", name=who, move=label)
    return tr("replay.by", name=who) + "\n" + "\n".join(f"• {line}" for line in lines)


STARTED_ENDS = ("finished", "abandoned")  # the ends of a started game (a cancelled lobby never started)


def _pruned(session_id: int, days: int) -> SessionError:
    """Why a game retention pruned (``HISTORY_DAYS``) has no replay; without the days when retention is off now."""
    if days > 0:  # error.replay_pruned.one / .other: "for 1 day", "for 30 days" (as i18n.counted picks)
        return SessionError("replay_pruned.one" if days == 1 else "replay_pruned.other", id=session_id, days=days)
    return SessionError("replay_pruned_any", id=session_id)


async def _load_replay(interaction: discord.Interaction, session_id: int) -> tuple[Any, Game, list[replay.Step]]:
    guild_id = guild_of(interaction)
    store = bot_of(interaction).store
    record = await store.get_session(session_id)
    if record is None or record.guild_id != guild_id:
        raise SessionError("replay_not_found", id=session_id)
    if record.live:
        raise SessionError("replay_live")
    if record.pruned_at is not None and record.status in STARTED_ENDS:
        raise _pruned(record.id, bot_of(interaction).settings.history_days)
    if record.state is None:
        raise SessionError("replay_never_started", id=session_id)
    spec = spec_of(record.game)
    try:
        steps = replay.rebuild(
            spec.rules, len(record.seats), record.seed, record.options, await store.actions(record.id),
            first=tutorial.first_state(record),  # a tutorial's curated deal; None: rules.new's
        )
    except replay.ReplayError:
        log.exception("replay of session %s failed", session_id)
        raise SessionError("replay_broken", id=session_id) from None
    return record, spec, steps


def replay_payload(record: Any, spec: Game, steps: list[replay.Step], page: int, tr: Tr) -> dict[str, Any]:
    """One page of a replay: the public board after ``page`` actions, or, past the last one, the hidden hands.

    Boards come from the spectator view only; what was hidden is shown on its
    own page after the end, and only for a session that is over.
    """
    last = len(steps)  # the reveal page comes after the final board
    page = max(0, min(page, last))
    names = shown_names(record)
    files: list[discord.File] = []
    if page < len(steps):
        step = steps[page]
        public = spec.rules.view(step.state, None)
        board = spec.render.board(public, names, tr)
        embed = _board_embed(board)
        move = _move_text(spec, step, steps[page - 1] if page > 0 else None, names, tr)
        embed.add_field(name=tr("replay.move"), value=clip(move, 1024), inline=False)
        png = board.image_png or spec.board_picture(public, names, tr)  # the spectator view's picture, as live
        if png:
            embed.set_image(url=f"attachment://{REPLAY_IMAGE}")
            files.append(cycles.File(io.BytesIO(png), filename=REPLAY_IMAGE))
        footer = tr("replay.footer", id=record.id, step=page, total=len(steps) - 1)
    else:
        final = steps[-1].state
        embed = discord.Embed(title=tr("replay.reveal_title", game=tr(f"{spec.id}.name")), colour=COLOUR)
        embed.description = tr("replay.reveal_intro")
        revealed = getattr(spec.render, "revealed", None)  # third person; a game without it shows its DM's words
        for seat, name in enumerate(names):
            own = spec.rules.view(final, seat)
            text = revealed(own, seat, names, tr) if revealed else spec.render.private(own, seat, names, tr)
            embed.add_field(name=clip(name, 256) or "\u200b", value=clip(text, 1000) or "—", inline=False)
        footer = tr("replay.footer_reveal", id=record.id)
    embed.set_footer(text=footer)
    while len(embed) > 5900 and len(embed.fields) > 1:
        embed.remove_field(0 if page < len(steps) else -1)
    view = Static()
    view.add_item(ReplayButton(record.id, 0, "f", tr("replay.first"), disabled=page == 0))
    view.add_item(ReplayButton(record.id, max(page - 1, 0), "p", tr("replay.prev"), disabled=page == 0))
    view.add_item(ReplayButton(record.id, page + 1, "n", tr("replay.next"), disabled=page >= last))
    view.add_item(ReplayButton(record.id, last, "l", tr("replay.reveal"), disabled=page >= last))
    return {"embed": embed, "view": view, "files": files}


@guarded
async def replay_command(interaction: discord.Interaction, session_id: int) -> None:
    """``/game replay``: a finished game of this server, rebuilt move by move from its seed and its actions."""
    record, spec, steps = await _load_replay(interaction, session_id)
    payload = replay_payload(record, spec, steps, 0, tr_of(interaction))
    await interaction.response.send_message(ephemeral=True, **payload)


@guarded
async def on_replay(interaction: discord.Interaction, session_id: int, page: int) -> None:
    """A page button of a replay: rebuilt again from the store, since the private message holds no state."""
    record, spec, steps = await _load_replay(interaction, session_id)
    payload = replay_payload(record, spec, steps, page, tr_of(interaction))
    files = payload.pop("files")
    await interaction.response.edit_message(attachments=files, **payload)


# -- spectating ----------------------------------------------------------------------------------------------------


@guarded
async def spectate_command(interaction: discord.Interaction) -> None:
    """This channel's board as only a spectator may see it, without buttons, in the asker's language.

    An ephemeral copy is not edited as the game goes on, so it says it is a
    snapshot (with the time) and links the channel's board, which follows the
    game, instead of a "whose turn"/"AI 1 is thinking…" line that would soon be false.
    """
    guild_of(interaction)
    record = bot_of(interaction).sessions.in_channel(interaction.channel_id or 0)
    if record is None:
        raise SessionError("no_session")
    if record.status != "active" or record.state is None:
        raise SessionError("not_started")
    tr = tr_of(interaction)
    payload = payloads.board(record, games.get(record.game), tr, interactive=False, status=[snapshot_line(record, tr)])
    await interaction.response.send_message(ephemeral=True, **payloads.for_send(payload))


def snapshot_line(record: Any, tr: Tr, now: float | None = None) -> str:
    """"📸 The board at 12:30; this copy does not change", with a link to the live board when there is one."""
    ts = int(time.time() if now is None else now)
    if record.board_message_id and record.guild_id:
        link = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.board_message_id}"
        return tr("words.snapshot.follow", ts=ts, link=link)
    return tr("words.snapshot", ts=ts)
