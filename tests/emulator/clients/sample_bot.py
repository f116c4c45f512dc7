"""A tiny discord.py bot used to self-test the emulator (``python -m tests.emulator.clients.sample_bot``).

Reads the same environment variables as the real bot: DISCORD_TOKEN, KADO_API_BASE,
KADO_GATEWAY_URL, DEV_GUILD_ID, LOG_LEVEL, KADO_GUILD_READY_TIMEOUT.  SAMPLE_SHARDED=1 uses
AutoShardedClient (exercises GET /gateway/bot).
"""

from __future__ import annotations

import logging
import os
import re
import struct
import sys
import zlib
from typing import Any

import discord
import yarl
from discord import app_commands

from .sample_layout import send_layout

GREETINGS = {"en-US": "Hello", "en-GB": "Hello", "ja": "こんにちは", "fr": "Bonjour"}
SECRET = "secret-card-ace-of-spades"

log = logging.getLogger("sample_bot")


def patch_endpoints() -> None:
    base = os.environ.get("KADO_API_BASE")
    gateway = os.environ.get("KADO_GATEWAY_URL")
    if base:
        discord.http.Route.BASE = base.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def tiny_png(width: int = 2, height: int = 1) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary, custom_id=f"demo:{n}")
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        n = self.n + 1
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(n))
        await interaction.response.edit_message(
            content=f"Count: {n}", embed=discord.Embed(title="Board", description=f"n={n}"), view=view
        )


class LaterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:later"):
    """Acknowledged with a deferred update (type 6) and nothing else: the test then acts with the click's token."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Later", custom_id="demo:later"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LaterButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="demo:pick",
        placeholder="Pick a fruit",
        options=[discord.SelectOption(label="Apple", value="apple"), discord.SelectOption(label="Pear", value="pear")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"You picked {select.values[0]}", ephemeral=True)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="demo:who", placeholder="Pick a player")
    async def who(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        await interaction.response.send_message(f"You chose {select.values[0].name}", ephemeral=True)


class AskModal(discord.ui.Modal, title="Question"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="answer", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Answer: {self.answer.value}", ephemeral=True)


class Demo(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="demo", description="Emulator demo commands")

    @app_commands.command(name="hello", description="Say hello (ephemeral)")
    async def hello(self, interaction: discord.Interaction) -> None:
        greeting = GREETINGS.get(str(interaction.locale), "Hello")
        await interaction.response.send_message(f"{greeting}, {interaction.user.name}! {SECRET}", ephemeral=True)

    @app_commands.command(name="board", description="Post a counter board")
    @app_commands.describe(start="initial value")
    async def board(self, interaction: discord.Interaction, start: app_commands.Range[int, 0, 100] = 0) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(start))
        await interaction.response.send_message(
            f"Count: {start}",
            embed=discord.Embed(title="Board", description=f"n={start}").set_image(url="attachment://board.png"),
            file=discord.File(__import__("io").BytesIO(tiny_png()), filename="board.png"),
            view=view,
        )

    @app_commands.command(name="later", description="Post a message whose button is answered with a deferred update")
    async def later(self, interaction: discord.Interaction, dm: bool = False) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(LaterButton())
        if dm:
            await interaction.user.send("Click me", view=view)
            await interaction.response.send_message("Sent you a DM", ephemeral=True)
        else:
            await interaction.response.send_message("Click me", view=view)

    @app_commands.command(name="dm", description="DM yourself a secret")
    async def dm(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send(f"Your hand: {SECRET}")
        except discord.Forbidden as e:
            if e.code == 50007:
                await interaction.response.send_message("DMs closed", ephemeral=True)
                return
            raise
        await interaction.response.send_message("Sent you a DM", ephemeral=True)

    @app_commands.command(name="pick", description="Select menus")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick one", view=PickView(), ephemeral=True)

    @app_commands.command(name="ask", description="Open a modal")
    async def ask(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AskModal())

    @app_commands.command(name="slow", description="Deferred response + followup")
    @app_commands.choices(
        mode=[app_commands.Choice(name="Public", value="public"), app_commands.Choice(name="Private", value="private")]
    )
    async def slow(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        await interaction.response.defer(thinking=True, ephemeral=mode.value == "private")
        await interaction.followup.send(f"Done thinking ({mode.value})")
        await interaction.followup.send("Second followup", ephemeral=True)

    @app_commands.command(name="layout", description="A Components V2 lobby (LayoutView)")
    async def layout(self, interaction: discord.Interaction, dm: bool = False) -> None:
        await send_layout(interaction, dm=dm)

    @app_commands.command(name="post", description="Post then edit a channel message")
    async def post(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert interaction.channel is not None
        msg = await interaction.channel.send(f"draft: {text}")  # type: ignore[union-attr]
        await msg.edit(content=f"final: {text}")


def make_client() -> discord.Client:
    intents = discord.Intents.default()
    cls: Any = discord.AutoShardedClient if os.environ.get("SAMPLE_SHARDED") == "1" else discord.Client
    timeout = float(os.environ.get("KADO_GUILD_READY_TIMEOUT", "2"))

    class SampleBot(cls):  # type: ignore[misc,valid-type]
        def __init__(self) -> None:
            super().__init__(intents=intents, guild_ready_timeout=timeout)
            self.tree = app_commands.CommandTree(self)

        async def setup_hook(self) -> None:
            self.tree.add_command(Demo())
            self.add_dynamic_items(CounterButton, LaterButton)
            guild_id = os.environ.get("DEV_GUILD_ID")
            if guild_id:
                guild = discord.Object(id=int(guild_id))
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

        async def on_ready(self) -> None:
            log.info("sample bot ready as %s in %d guilds", self.user, len(self.guilds))

    return SampleBot()


def main() -> None:
    logging.basicConfig(
        level=os.environ.get("LOG_LEVEL", "INFO"),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stdout,
    )
    logging.getLogger("discord.gateway").setLevel(logging.INFO)
    patch_endpoints()
    make_client().run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
