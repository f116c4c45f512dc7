"""The four V2 screens — lobby, channel board, a player's DM, the board's details — laid out from plain data.

:mod:`bot.frontend.ui.payloads` decides *what* a screen says (from the record, the
game's render and the views); this module decides *where* it goes, so every
game's screens look alike: a title, the picture, a few short lines with the
button that acts on them beside them, then the choices.  Nothing here reads a
game state, so nothing here can show what a view hides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.frontend.ui import layout
from bot.frontend.ui.layout import Part, Screen

BOARD_IMAGE = "board.png"
HAND_IMAGE = "hand.png"


@dataclass
class BoardData:
    """What a channel board shows (all of it from the spectator view and the platform's status)."""

    title: str
    lines: list[str]  # the short text: last thing that happened, score, result
    status: list[str]  # whose turn, the deadline, where the hands are
    colour: int
    details: discord.ui.Item[Any]  # the "Details" button, beside the short text
    picture_alt: str = ""
    has_picture: bool = False
    no_picture_line: str = ""  # shown instead of the picture when it cannot be attached
    moves: list[Part] = field(default_factory=list)  # rows of move buttons (public games)
    footer_buttons: list[discord.ui.Item[Any]] = field(default_factory=list)  # My hand / Rematch


def board_screen(data: BoardData, *, picture: bool = True) -> Screen:
    """Title, picture, the short lines with Details beside them, then the buttons; ``picture=False``: text only."""
    parts: list[Part] = [layout.text(f"## {data.title}")]
    if data.has_picture and picture:
        parts.append(layout.picture(BOARD_IMAGE, data.picture_alt))
    lines = [*data.lines]
    if data.has_picture and not picture and data.no_picture_line:
        lines.append(data.no_picture_line)
    parts.append(layout.text("\n".join(lines) or "\u200b", accessory=data.details))
    if data.status:
        parts.append(layout.text("\n".join(data.status)))
    if data.moves:
        parts.append(layout.separator())
        parts.extend(data.moves)
    if data.footer_buttons:
        parts.extend(layout.rows(data.footer_buttons))
    return layout.card(data.colour, parts)


def lobby_screen(
    colour: int,
    title: str,
    host_line: str,
    players_title: str,
    players: Sequence[str],
    options_title: str,
    options: Sequence[str],
    need: str,
    buttons: Sequence[discord.ui.Item[Any]],
) -> Screen:
    """The lobby as a card: already worded by the caller, so one layout serves every game and language."""
    parts = [
        layout.text(f"## {title}\n{host_line}"),
        layout.separator(),
        layout.text(f"**{players_title}**\n" + ("\n".join(players) or "—")),
    ]
    if options:
        parts.append(layout.text(f"**{options_title}**\n" + "\n".join(options)))
    parts.append(layout.text(f"-# {need}"))
    parts.extend(layout.rows(buttons))
    return layout.card(colour, parts)


def private_screen(
    colour: int,
    title: str,
    status: str,
    body: str,
    recent_title: str,
    recent: Sequence[str],
    moves: Sequence[Part],
    hand_alt: str | None = None,
    tips: Sequence[str] | None = None,
) -> Screen:
    """A player's DM: where and how urgent, their hand (picture, then words), what just happened, their buttons.

    ``tips``: a tutorial's latest lines, full size right above the buttons they explain (never dropped to fit).
    """
    parts: list[Part] = [layout.text(f"## {title}\n**{status}**")]
    if hand_alt is not None:
        parts.append(layout.picture(HAND_IMAGE, hand_alt))
    if body:  # an unfinished game's last DM says no more than its status
        parts.append(Part(text=body, min_chars=200))
    if recent:
        parts.append(Part(text=f"-# {recent_title}\n" + "\n".join(f"-# • {r}" for r in recent), optional=True))
    if tips:
        parts.append(layout.text("\n".join(tips)))
    if moves:
        parts.append(layout.separator())
        parts.extend(moves)
    return layout.card(colour, parts)


def details_screen(
    colour: int, title: str, description: str, fields: Sequence[tuple[str, str]], footer: str, legend: str = ""
) -> Screen:
    """The long board text (an ephemeral answer): everything the short board leaves out, clipped to fit.

    ``legend``: what each symbol of the board's picture means, kept apart (and whole) below the text.
    """
    parts: list[Part] = [layout.text(f"## {title}")]
    if description:
        parts.append(Part(text=description, min_chars=200))
    blocks = [f"**{name}**\n{value}" if name.strip() else value for name, value in fields]
    if blocks:
        parts.append(Part(text="\n\n".join(blocks), min_chars=200))
    if legend:
        parts.append(Part(text=legend, min_chars=len(legend)))  # whole: a symbol half-named names nothing
    if footer:
        parts.append(layout.text(f"-# {footer}"))
    return layout.card(colour, parts)
