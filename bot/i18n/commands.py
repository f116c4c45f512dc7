"""Command names and descriptions in Japanese, through discord.py's Translator.

Every ``locale_str`` the cogs create carries ``key=`` in its extras; this
translator looks that key up in the same catalogues the messages use.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import i18n


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        loc = i18n.normalise(locale)
        if loc == i18n.DEFAULT or locale.value.split("-")[0] != loc:
            return None  # English is the source text; other locales fall back to it
        text = i18n.catalogue(loc).get(key)
        if text is None:
            return None
        return text.format(**string.extras.get("args", {}))


def ls(key: str, **args: str) -> app_commands.locale_str:
    """A translatable command string whose English text comes from the catalogue."""
    return app_commands.locale_str(i18n.translate("en", key, **args), key=key, args=args)
