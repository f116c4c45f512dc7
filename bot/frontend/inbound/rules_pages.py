"""``/game rules``: the first page that teaches a game in a minute, the rest behind a button.

Most players read on a phone, where a wall of rules and readings is skipped:
the command answers with the first page only (goal, set-up, a turn, the end;
≤ 1,500 characters, tested per game and language) and a **Readings and
options** button.  The button's custom_id names only the game, so it keeps
working after a restart and always shows the options in force *now* for the
server it is pressed in (the same answer as the command, never a stale copy).
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.core.games import get
from bot.engine import resolve_options
from bot.frontend.services import bot_of
from bot.frontend.ui import payloads
from bot.frontend.ui.components import RulesButton, Static

EMBED_LIMIT = 4000
"""Discord allows 4,096 characters in an embed's description; a little room for safety."""


async def pages(interaction: discord.Interaction, game: str) -> tuple[str, str]:
    """(first page, readings and options) of ``game`` with this server's options in force."""
    spec = get(game)
    tr = i18n.translator(interaction.locale)
    chosen = await bot_of(interaction).game_options(interaction.guild_id, game) if interaction.guild_id else {}
    return spec.render.rules_text(tr, resolve_options(spec.options, chosen))


async def send_first(interaction: discord.Interaction, game: str) -> None:
    """The command's answer: the first page and the button to the second."""
    tr = i18n.translator(interaction.locale)
    first, _ = await pages(interaction, game)
    embed = discord.Embed(title=tr(f"{game}.name"), description=first[:EMBED_LIMIT], colour=payloads.COLOUR)
    view = Static().add_item(RulesButton(game, tr(f"{game}.rules.more_button")))
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def send_more(interaction: discord.Interaction, game: str) -> None:
    """The button's answer: the readings and options, privately, as a new message (the first page stays)."""
    tr = i18n.translator(interaction.locale)
    _, more = await pages(interaction, game)
    embed = discord.Embed(
        title=tr(f"{game}.rules.more_button"), description=more[:EMBED_LIMIT], colour=payloads.COLOUR
    )
    await interaction.response.send_message(embed=embed, ephemeral=True)
