"""``/game mine``: every live game you sit in, in every server, the ones waiting on you first.

Why: in games that last days a player sits at several tables in several
servers, and nothing else lists them.  Each line names the game, links its
channel's board, says whose turn it is and, when the game waits on you, until
when (as Discord timestamps).  What waits on you is said only as "waiting on
you": a hidden choice (a Barrier question, a simultaneous pick) is never
described, and the answer is private.  Usable in DMs: the list is the
person's, not a server's.  Read from the store, so a game of another shard's
process is listed too.
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.core import pace_words
from bot.core.games import get
from bot.core.names import shown
from bot.core.sessions.prompts import waiting_humans
from bot.core.store import SessionRecord
from bot.frontend.answers import guarded, reply
from bot.frontend.presenting.turn_notices import jump_link
from bot.frontend.services import bot_of
from bot.i18n import Tr

SHOWN = 15
"""Lines at most: a message stays readable on a phone (and under Discord's 2,000 characters)."""


def waits_on(record: SessionRecord, user_id: int) -> bool:
    """Is the game waiting for this person's choice now (whatever the choice)?"""
    if record.status != "active" or record.state is None:
        return False
    seat = record.seat_of(user_id)
    return seat is not None and seat in waiting_humans(get(record.game), record)


def line(record: SessionRecord, user_id: int, tr: Tr) -> str:
    """One game: its name and where, then what waits on you (and until when) or whose turn it is."""
    spec = get(record.game)
    link = jump_link(record.guild_id, record.channel_id, record.board_message_id or 0)
    head = tr("mine.game", game=tr(f"{spec.id}.name"), link=link, pace=tr(f"pace.{record.pace}"))
    if record.status == "lobby":
        return head + " " + tr("mine.lobby")
    if waits_on(record, user_id):
        when = pace_words.deadline(tr, record.deadline) if record.deadline else ""
        return head + " " + tr("mine.you", when=when).rstrip()
    assert record.state is not None
    names = [shown(record.seats[s].name) for s in spec.rules.to_act(record.state)]
    return head + " " + tr("mine.others", names=tr("list.sep").join(names) or "—")


@guarded
async def mine_command(interaction: discord.Interaction) -> None:
    """``/game mine``: the private list (empty: says so, and how to start one)."""
    tr = i18n.translator(interaction.locale)
    user_id = interaction.user.id
    records = await bot_of(interaction).store.live_sessions_of(user_id)
    records.sort(key=lambda r: (not waits_on(r, user_id), r.deadline or float("inf"), r.id))
    if not records:
        await reply(interaction, tr("mine.none"))
        return
    waiting = sum(waits_on(r, user_id) for r in records)
    lines = [i18n.counted(tr, "mine.title", waiting, total=len(records))]
    lines += [f"• {line(r, user_id, tr)}" for r in records[:SHOWN]]
    if len(records) > SHOWN:
        lines.append(tr("mine.more", n=len(records) - SHOWN))
    await reply(interaction, "\n".join(lines), suppress_embeds=True)
