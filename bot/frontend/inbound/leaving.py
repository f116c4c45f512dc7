"""``/game leave`` in a started game: asked once, done on a second click.

Leaving a started game cannot be undone and counts: a 2-player game is
lost at once, a larger one leaves the seat to the AI with the leaver ranked
last.  So the command answers with what it will do and a button (only the
asker's click counts); the lobby's Leave needs no such step.
"""

from __future__ import annotations

import discord

from bot.core.sessions import SessionError
from bot.core.store import SessionRecord
from bot.frontend.answers import guarded, reply
from bot.frontend.services import bot_of, player_of
from bot.frontend.ui.components import LeaveButton, Static
from bot.i18n import translator


async def ask(interaction: discord.Interaction, record: SessionRecord) -> None:
    """The private question: what leaving does here, and the button that does it."""
    tr = translator(interaction.locale)
    key = "leave.confirm_forfeit" if len(record.seats) == 2 else "leave.confirm_seat"
    view = Static()
    view.add_item(LeaveButton(record.id, interaction.user.id, tr("leave.confirm_button")))
    await reply(interaction, tr(key), view=view)


@guarded
async def on_confirm(interaction: discord.Interaction, session_id: int, user_id: int) -> None:
    """The second click: leave, if it is still the asker's game here; the question becomes the answer."""
    if interaction.user.id != user_id:
        raise SessionError("not_a_player")
    bot = bot_of(interaction)
    record = bot.sessions.in_channel(interaction.channel_id or 0)
    if record is None or record.id != session_id:
        raise SessionError("no_session")
    await interaction.response.defer()
    await bot.sessions.leave_game(record.channel_id, player_of(interaction))
    await interaction.edit_original_response(content=translator(interaction.locale)("leave.done"), view=None)
