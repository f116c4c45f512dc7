"""/game stats, /game leaderboard, /game history: what a server's finished games add up to.

The numbers come from :mod:`bot.core.stats` and the store; every answer is ephemeral.  The
leaderboard ranks by rating, and the stats add each game's rating, rank and trend (with a small chart).
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot import i18n
from bot.core import stats
from bot.core.names import escape
from bot.core.ratings import PROVISIONAL_GAMES, Skill, levels_of
from bot.core.ratings.standing import RANKED_OPPONENTS
from bot.frontend.answers import guarded, reply
from bot.frontend.drawing import rating_chart
from bot.frontend.server_commands.common import COLOUR, clip, guild_of, spec_of, tr_of
from bot.frontend.services import bot_of
from bot.frontend.ui import ratings
from bot.i18n import Tr

HISTORY_SIZE = 10  # entries /game history lists
TREND_GAMES = 20  # rated games the stats' trend covers
CHART_FILE = "rating.png"

# -- stats, leaderboard, history -----------------------------------------------------------------------------------


def _pct(rate: float) -> str:
    return f"{round(rate * 100)}%"


def _stat_line(line: stats.Line, tr: Tr) -> str:
    return tr(
        "stats.line", played=line.played, won=line.won, drawn=line.drawn, lost=line.lost, rate=_pct(line.win_rate)
    )


def _rating_lines(
    board: list[tuple[int, str, Skill]], user_id: int, trend: list[int], tr: Tr, opponents: dict[int, int]
) -> list[str]:
    """A player's rating in one game: the number, their rank (or provisional), the trend of their last games."""
    mine = next((skill for uid, _, skill in board if uid == user_id), None)
    if mine is None:
        return []
    shown = ratings.number(mine.shown)
    rank = stats.rating_rank(board, user_id, opponents)
    if rank is None:  # provisional: no rank yet, but the number and how many games it rests on
        lines = [i18n.counted(tr, "stats.rating.provisional", mine.games, rating=shown)]
    else:
        lines = [tr("stats.rating", rating=shown, rank=rank[0], ranked=rank[1])]
    if len(trend) >= 2:
        first, last = ratings.number(trend[0]), ratings.number(trend[-1])
        lines.append(i18n.counted(tr, "stats.rating.trend", len(trend) - 1, first=first, last=last))
    return lines


@guarded
async def stats_command(interaction: discord.Interaction, user: discord.abc.User | None) -> None:
    """``/game stats``: a player's record in this server (the asker's by default), per game, with ratings."""
    guild_id = guild_of(interaction)
    target = user or interaction.user
    tr = tr_of(interaction)
    store = bot_of(interaction).store
    rows = await store.stats_rows(guild_id=guild_id, user_id=target.id)
    per = stats.per_game(rows)
    total = stats.total(per)
    embed = discord.Embed(title=tr("stats.title", name=target.display_name), colour=COLOUR)
    trends: dict[str, list[int]] = {}
    if total is None:
        embed.description = tr("stats.none")
    else:
        embed.description = tr("stats.total") + " " + _stat_line(total, tr)
        for line in per:
            assert line.game is not None
            trend = await store.rating_trend(guild_id, line.game, target.id, TREND_GAMES)
            board = await store.rating_board(guild_id, line.game)
            opponents = await store.rating_opponents(guild_id, line.game)
            extra = _rating_lines(board, target.id, trend, tr, opponents)
            if len(trend) >= 2:
                trends[tr(f"{line.game}.name")] = trend
            embed.add_field(
                name=tr(f"{line.game}.name"), value="\n".join([_stat_line(line, tr), *extra]), inline=False
            )
    embed.set_footer(text=tr("stats.footer"))
    picture = rating_chart.chart(trends, tr("stats.rating.chart"))
    if picture is None:
        await reply(interaction, embed=embed)
        return
    embed.set_image(url=f"attachment://{CHART_FILE}")
    await reply(interaction, embed=embed, file=discord.File(io.BytesIO(picture), filename=CHART_FILE))


@guarded
async def leaderboard_command(interaction: discord.Interaction, game: str) -> None:
    """Ranked by rating among settled players; provisional players apart; the AI levels as reference lines."""
    guild_id = guild_of(interaction)
    spec_of(game)
    tr = tr_of(interaction)
    store = bot_of(interaction).store
    entries = await store.rating_board(guild_id, game)
    wins = {int(r["user_id"]): int(r["won"] or 0) for r in await store.stats_rows(guild_id=guild_id, game=game)}
    board = stats.rating_board(entries, wins, opponents=await store.rating_opponents(guild_id, game))
    embed = discord.Embed(title=tr("leaderboard.rating.title", game=tr(f"{game}.name")), colour=COLOUR)
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = [
        i18n.counted(
            tr,
            "leaderboard.rating.line",
            r.skill.games,
            rank=medals.get(i, f"{i}."),
            name=escape(r.name),
            rating=ratings.rating(r.skill, tr),
            won=r.won,
        )
        for i, r in enumerate(board.ranked, start=1)
    ]
    if board.provisional:
        lines += ["", tr("leaderboard.rating.provisional", n=PROVISIONAL_GAMES, k=RANKED_OPPONENTS)]
        lines += [
            i18n.counted(tr, "leaderboard.rating.provisional_line", r.skill.games, name=escape(r.name),
                         rating=ratings.number(r.skill.shown))  # under "Provisional": no mark needed
            for r in board.provisional
        ]
    if not entries:
        lines = [tr("leaderboard.rating.empty", game=tr(f"{game}.name"))]
    levels = tr("words.dot").join(
        tr("leaderboard.rating.ai_level", level=tr(f"ai.{level}"), rating=ratings.number(skill.shown))
        for level, skill in levels_of(game).items()
    )
    lines += ["", tr("leaderboard.rating.ai", levels=levels)]
    embed.description = clip("\n".join(lines), 4000)
    embed.set_footer(text=tr("leaderboard.rating.footer", n=PROVISIONAL_GAMES, k=RANKED_OPPONENTS))
    await reply(interaction, embed=embed)


def history_line(entry: dict[str, Any], tr: Tr) -> str:
    """One finished game in a line, its id first: the id is what ``/game replay`` asks for."""
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
    """``/game history``: the last games of this channel, or of one player across the server."""
    guild_id = guild_of(interaction)
    store = bot_of(interaction).store
    if user is not None:
        entries = await store.history(guild_id=guild_id, user_id=user.id, limit=HISTORY_SIZE)
    else:
        entries = await store.history(guild_id=guild_id, channel_id=interaction.channel_id, limit=HISTORY_SIZE)
    name = None if user is None else user.display_name
    await reply(interaction, embed=history_embed(entries, tr_of(interaction), name))


def history_embed(entries: list[dict[str, Any]], tr: Tr, user_name: str | None) -> discord.Embed:
    """The history's answer: a player's games across the server (``user_name``), else this channel's.

    An empty answer names its scope: "No finished games yet" was read as the
    asker's own record when it meant this channel's.
    """
    if user_name is not None:
        title = tr("history.title_user", name=user_name)
        empty = tr("history.none_user", name=escape(user_name))
    else:
        title, empty = tr("history.title_channel"), tr("history.none_channel")
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.description = clip("\n".join(history_line(e, tr) for e in entries), 4000) or empty
    embed.set_footer(text=tr("history.footer", option=tr("cmd.opt.id")))
    return embed
