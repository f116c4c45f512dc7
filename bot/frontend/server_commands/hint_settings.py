"""``/game settings hints``: when players may ask the strong AI for a hint (:mod:`bot.core.settings.hint_policy`)."""

from __future__ import annotations

from discord import app_commands

from bot.core.settings import SPECS
from bot.frontend.server_commands.settings import settings_hints
from bot.frontend.ui.slash import ls

__all__ = ["choices", "settings_hints"]


def choices() -> list[app_commands.Choice[str]]:
    """The command's choices, in the catalogue's words."""
    return [
        app_commands.Choice(name=ls(f"settings.hints.{v}.choice"), value=v)  # type: ignore[arg-type]
        for v in SPECS["hints"].choices
    ]
