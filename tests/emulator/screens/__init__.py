"""Screens: what a channel or a user's DMs look like in the Discord client, as HTML and PNG.

    from tests.emulator.screens import save_channel, save_dms
    save_channel(emu, chan, "out/lobby")   # out/lobby.html (+ out/lobby.png when Chromium is installed)
    save_dms(emu, alice, "out/alice-dm")

Or set ``KADO_SCREENS=<dir>`` when running tests that use the ``emulator`` fixture: at teardown every
channel with messages and every user's DMs are saved there (see tests/emulator/README.md).
``python -m tests.emulator.screens page.html out.png`` screenshots a saved page.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .render import page
from .shoot import chromium, screenshot

if TYPE_CHECKING:
    from ..models import Channel, User
    from ..server import DiscordEmulator

__all__ = ["channel_html", "chromium", "dm_html", "page", "save", "save_all", "save_channel", "save_dms", "screenshot"]


def channel_html(emu: DiscordEmulator, channel: Channel, *, viewer: User | None = None) -> str:
    """The channel as ``viewer`` sees it (their ephemerals in place), or as a bystander when None."""
    msgs = emu.channel_messages(channel, include_users=True)
    if viewer is not None:
        eph = [m for m in emu.ephemerals(viewer) if m.channel_id == channel.id]
        msgs = sorted(msgs + eph, key=lambda m: m.id)
    return page(msgs, title=channel.name, emu=emu)


def dm_html(emu: DiscordEmulator, user: User) -> str:
    """The bot's DM conversation with ``user`` (and the user's own ephemerals there)."""
    chan = emu.dm_channel(user)
    msgs = emu.channel_messages(chan, include_users=True)
    eph = [m for m in emu.ephemerals(user) if m.channel_id == chan.id]
    return page(sorted(msgs + eph, key=lambda m: m.id), title=f"DM · {user.name}", emu=emu)


def save(html: str, stem: str | Path, *, png: bool | None = None, width: int = 800) -> list[Path]:
    """Write ``stem.html`` and, if ``png`` (default: when Chromium is installed), ``stem.png``."""
    stem = Path(stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    html_path = stem.with_suffix(".html")
    html_path.write_text(html, encoding="utf-8")
    out = [html_path]
    if png or (png is None and chromium() is not None):
        out.append(screenshot(html_path, stem.with_suffix(".png"), width=width))
    return out


def save_channel(
    emu: DiscordEmulator,
    channel: Channel,
    stem: str | Path,
    *,
    viewer: User | None = None,
    png: bool | None = None,
    width: int = 800,
) -> list[Path]:
    """``stem.html`` (+ ``.png``) of the channel as ``viewer`` sees it (None: a bystander)."""
    return save(channel_html(emu, channel, viewer=viewer), stem, png=png, width=width)


def save_dms(
    emu: DiscordEmulator, user: User, stem: str | Path, *, png: bool | None = None, width: int = 800
) -> list[Path]:
    """``stem.html`` (+ ``.png``) of ``user``'s DM conversation with the bot."""
    return save(dm_html(emu, user), stem, png=png, width=width)


def save_all(emu: DiscordEmulator, directory: str | Path, prefix: str = "") -> list[Path]:
    """Every channel with messages and every user's DM conversation, as ``<prefix><name>.html/.png``."""
    directory = Path(directory)
    out: list[Path] = []
    for chan in list(emu.channels.values()):
        if chan.is_dm:
            continue
        if emu.channel_messages(chan, include_users=True):
            out += save_channel(emu, chan, directory / f"{prefix}{chan.name}-{chan.id}")
    for user in list(emu.users.values()):
        if user.id != emu.bot_user.id and any(m for m in emu.dm_messages(user)):
            out += save_dms(emu, user, directory / f"{prefix}dm-{user.name}")
    return out
