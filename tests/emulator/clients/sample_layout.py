"""Components V2 part of the sample bot: a discord.py ``ui.LayoutView`` lobby whose buttons answer
with UPDATE_MESSAGE (type 7, with a new picture) and DEFERRED_UPDATE_MESSAGE (type 6) followed by an
edit of ``@original`` — the paths Kado's V2 lobbies, boards and DMs take (test_layout_e2e.py)."""

from __future__ import annotations

import io

import discord
from discord import ui


def tiny_png(width: int, height: int) -> bytes:
    from .sample_bot import tiny_png as png  # the one PNG writer; imported late (sample_bot imports us)

    return png(width, height)


class LobbyLayout(ui.LayoutView):
    """Container (accent colour) > Section (text + Join accessory), Separator, Media Gallery of an
    uploaded picture, Action Row; ``n`` counts the clicks so each update is visible."""

    def __init__(self, n: int = 0) -> None:
        super().__init__(timeout=120)
        self.n = n
        join = ui.Button(label=f"Join ({n})", style=discord.ButtonStyle.success, custom_id="layout:join")
        join.callback = self.on_join
        later = ui.Button(label="Later", style=discord.ButtonStyle.secondary, custom_id="layout:later")
        later.callback = self.on_later
        stop = ui.Button(label="Stop", style=discord.ButtonStyle.danger, custom_id="layout:stop", disabled=n >= 5)
        container = ui.Container(
            ui.Section(ui.TextDisplay("# Lobby"), ui.TextDisplay(f"**{n}** joined · <t:1700000000:R>"), accessory=join),
            ui.Separator(),
            ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png", description="the board")),
            ui.ActionRow(later, stop),
            accent_colour=discord.Colour(0x3498DB if n % 2 == 0 else 0xE67E22),
        )
        self.add_item(container)

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(tiny_png(self.n + 1, 1)), filename="board.png")

    async def on_join(self, interaction: discord.Interaction) -> None:
        nxt = LobbyLayout(self.n + 1)
        await interaction.response.edit_message(view=nxt, attachments=[nxt.file()])

    async def on_later(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # type 6 for a component
        nxt = LobbyLayout(self.n + 10)
        await interaction.edit_original_response(view=nxt, attachments=[nxt.file()])


async def send_layout(interaction: discord.Interaction, *, dm: bool) -> None:
    view = LobbyLayout()
    if dm:
        await interaction.user.send(view=view, file=view.file())
        await interaction.response.send_message("Sent you a lobby", ephemeral=True)
    else:
        await interaction.response.send_message(view=view, file=view.file())
