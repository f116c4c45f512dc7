"""``/game away`` and ``/game ai-for``: a player's absence in slow games, and the others' vote to let the AI play.

The work is :class:`bot.core.sessions.parts.absence.Absences`'; these only read the
options and answer privately.  ``/game away`` is the person's, in every game
they sit in (usable in DMs); ``/game ai-for`` is a vote in one channel's game.
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.core import pace_words
from bot.frontend.answers import guarded, reply
from bot.frontend.services import bot_of

DAY = 24 * 3600.0


@guarded
async def away_command(interaction: discord.Interaction, days: int | None) -> None:
    """Away for ``days`` (1 to 7) from now; none: back now."""
    sessions = bot_of(interaction).sessions
    tr = i18n.translator(interaction.locale)
    until = sessions.table.clock() + days * DAY if days else None
    held = await sessions.absences.set_away(interaction.user.id, until)
    if until is None:
        await reply(interaction, tr("away.back"))
    else:
        await reply(interaction, i18n.counted(tr, "away.set", held, when=pace_words.deadline(tr, until)))


@guarded
async def ai_for_command(interaction: discord.Interaction, player: discord.User) -> None:
    """Vote to let the AI play ``player``'s seat in this channel's game while they are away."""
    assert interaction.channel_id is not None
    sessions = bot_of(interaction).sessions
    votes, needed = await sessions.absences.vote_ai(interaction.channel_id, interaction.user.id, player.id)
    tr = i18n.translator(interaction.locale)
    if votes >= needed:
        await reply(interaction, tr("aifor.done"))
    else:
        await reply(interaction, tr("aifor.counted", votes=votes, needed=needed))
