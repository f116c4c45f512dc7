"""/game stats, /game leaderboard, /game history: what a server's finished games add up to.

The numbers come from :mod:`bot.core.stats` and the store; every answer is ephemeral.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.core import stats
from bot.core.names import escape
from bot.frontend.answers import guarded, reply
from bot.frontend.server_commands.common import COLOUR, clip, guild_of, spec_of, tr_of
from bot.frontend.services import bot_of
from bot.i18n import Tr

HISTORY_SIZE = 10  # entries /game history lists

# -- stats, leaderboard, history -----------------------------------------------------------------------------------


def _pct(rate: float) -> str:
    return f"{round(rate * 100)}%"


def _stat_line(line: stats.Line, tr: Tr) -> str:
    return tr(
        "stats.line", played=line.played, won=line.won, drawn=line.drawn, lost=line.lost, rate=_pct(line.win_rate)
    )


@guarded
async def stats_command(interaction: discord.Interaction, user: discord.abc.User | None) -> None:
    guild_id = guild_of(interaction)
    target = user or interaction.user
    tr = tr_of(interaction)
    rows = await bot_of(interaction).store.stats_rows(guild_id=guild_id, user_id=target.id)
    per = stats.per_game(rows)
    total = stats.total(per)
    embed = discord.Embed(title=tr("stats.title", name=target.display_name), colour=COLOUR)
    if total is None:
        embed.description = tr("stats.none")
    else:
        embed.description = tr("stats.total") + " " + _stat_line(total, tr)
        for line in per:
            embed.add_field(name=tr(f"{line.game}.name"), value=_stat_line(line, tr), inline=False)
    embed.set_footer(text=tr("stats.footer"))
    await reply(interaction, embed=embed)


@guarded
async def leaderboard_command(interaction: discord.Interaction, game: str) -> None:
    guild_id = guild_of(interaction)
    spec_of(game)
    tr = tr_of(interaction)
    rows = await bot_of(interaction).store.stats_rows(guild_id=guild_id, game=game)
    board = stats.leaderboard(rows)
    embed = discord.Embed(title=tr("leaderboard.title", game=tr(f"{game}.name")), colour=COLOUR)
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = [
        tr(
            "leaderboard.line",
            rank=medals.get(i, f"{i}."),
            name=escape(line.name),
            won=line.won,
            played=line.played,
            rate=_pct(line.win_rate),
        )
        for i, line in enumerate(board.ranked, start=1)
    ]
    embed.description = "\n".join(lines) if lines else tr("leaderboard.empty", n=board.min_games)
    embed.set_footer(text=tr("leaderboard.footer", n=board.min_games, unranked=board.unranked))
    await reply(interaction, embed=embed)


def history_line(entry: dict[str, Any], tr: Tr) -> str:
    names = entry["names"]
    result = entry["result"]
    if result is None:
        outcome = tr("history.ended")
    elif result.get("winners"):
        winners = [escape(names[w]) if w < len(names) else "?" for w in result["winners"]]
        outcome = tr("history.won", names=", ".join(winners))
    else:
        outcome = tr("history.draw")
    when = f"<t:{int(entry['ended_at'])}:d>" if entry.get("ended_at") else "—"
    players = ", ".join(escape(n) for n in names)
    return tr("history.line", id=entry["session_id"], game=tr(f"{entry['game']}.name"), when=when,
              players=players, outcome=outcome)  # fmt: skip


@guarded
async def history_command(interaction: discord.Interaction, user: discord.abc.User | None) -> None:
    guild_id = guild_of(interaction)
    tr = tr_of(interaction)
    store = bot_of(interaction).store
    if user is not None:
        entries = await store.history(guild_id=guild_id, user_id=user.id, limit=HISTORY_SIZE)
        title = tr("history.title_user", name=user.display_name)
    else:
        entries = await store.history(guild_id=guild_id, channel_id=interaction.channel_id, limit=HISTORY_SIZE)
        title = tr("history.title_channel")
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.description = clip("\n".join(history_line(e, tr) for e in entries), 4000) or tr("history.none")
    embed.set_footer(text=tr("history.footer", option=tr("cmd.opt.id")))
    await reply(interaction, embed=embed)
