"""Slash-command names and descriptions in every language, through discord.py's Translator.

Every ``locale_str`` the cogs create carries ``key=`` in its extras; this
translator looks that key up in the same catalogues the messages use.
Arguments can themselves be catalogue keys (``refs``), resolved in each target
locale: a group description "Play {game}" must name the game as that
language's catalogue does, not as the English source text does.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands

from bot import i18n


def _fields(locale: str, args: Mapping[str, str], refs: Mapping[str, str]) -> dict[str, str]:
    """Plain arguments plus the ``refs`` keys translated into ``locale``."""
    return {**args, **{name: i18n.translate(locale, key) for name, key in refs.items()}}


def _key(string: app_commands.locale_str, context: app_commands.TranslationContext) -> str | None:
    """The catalogue key of a command string.

    A game's slash group is named with a plain word in its ``cog.py``
    (``group_name="portas"``); its per-locale name is ``cmd.<that word>``, so
    all four games' groups are localised alike (``/ポータス``, ``/ゲットジェム``...)
    without each cog repeating the pattern, and :func:`bot.i18n.command_path`
    writes them the same way from the same keys.
    """
    key = string.extras.get("key")
    if key:
        return str(key)
    if context.location is app_commands.TranslationContextLocation.group_name and i18n.has("cmd." + string.message):
        return "cmd." + string.message
    return None


class CatalogueTranslator(app_commands.Translator):
    """Names and describes the slash commands in each language from the same catalogues as every message."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        """discord.py asks at sync time; None leaves the English source text for a locale with no catalogue."""
        key = _key(string, context)
        if not key:
            return None
        loc = i18n.normalise(locale)
        if loc == i18n.DEFAULT or locale.value.split("-")[0] != loc:
            return None  # English is the source text; other locales fall back to it
        if key not in i18n.catalogue(loc):
            return None
        fields = _fields(loc, string.extras.get("args", {}), string.extras.get("refs", {}))
        return i18n.translate(loc, key, **fields)


def ls(key: str, /, *, refs: Mapping[str, str] | None = None, **args: str) -> app_commands.locale_str:
    """A translatable command string whose English text comes from the catalogue.

    ``refs`` maps a field to a catalogue key (``refs={"game": "portas.name"}``)
    that is translated along with the text, in English for the source text and
    in each client's language by :class:`CatalogueTranslator`.
    """
    refs = dict(refs or {})
    return app_commands.locale_str(
        i18n.translate("en", key, **_fields("en", args, refs)), key=key, args=args, refs=refs
    )
