"""``/game help`` with clickable commands: each ``/name sub`` becomes a command mention ``</name sub:id>``.

A mention is a link a phone player taps to get the command filled in, where a
typed path has to be read and retyped.  Discord needs the top-level command's
id, known only once the commands are synced (the ids the sync answered with,
kept by the app as ``command_ids``); before that, or for a command Discord did
not list, the text keeps the plain path, so help never shows a broken mention.
Mentions use the commands' own (English) names: the reader's client shows
them in its language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import discord
from discord import app_commands

from bot import i18n
from bot.core import games, tutorial
from bot.frontend.ui import payloads

_FIELD = re.compile(r"\{cmd\.([a-z_.]+)\}")


def leaf_names(commands: Iterable[app_commands.Command | app_commands.Group]) -> set[str]:
    """Every invocable command's full name (``game settings rule``) under ``commands``."""
    out: set[str] = set()
    for command in commands:
        if isinstance(command, app_commands.Group):
            out |= leaf_names(command.commands)
        else:
            out.add(command.qualified_name)
    return out


def _paths(locale: str, keys: Iterable[str]) -> set[str]:
    """The ``{cmd.…}`` paths the raw texts of ``keys`` name, in the reader's catalogue (English as fallback)."""
    found: set[str] = set()
    for key in keys:
        for cat in (i18n.catalogue(locale), i18n.catalogue(i18n.DEFAULT)):
            found |= set(_FIELD.findall(cat.get(key, "")))
    return found


def with_mentions(text: str, locale: str, keys: Iterable[str], ids: Mapping[str, int], known: set[str]) -> str:
    """``text`` (made from the catalogue ``keys``) with each command path it names turned into a mention."""
    swaps: dict[str, str] = {}
    for path in _paths(locale, keys):
        name = i18n.command_path(i18n.DEFAULT, path).removeprefix("/")
        top = name.split(" ")[0]
        if name in known and top in ids:  # a group (``/game settings``) cannot be mentioned: it stays text
            swaps[i18n.command_path(locale, path)] = f"</{name}:{ids[top]}>"
    if not swaps:
        return text
    # One pass, longest first ("/game settings rule" before "/game settings"), so no mention is rewritten;
    # the bold around a path goes too: a mention is set apart already, and bold hides that it is a link.
    shown = "|".join(re.escape(s) for s in sorted(swaps, key=len, reverse=True))
    pattern = re.compile(rf"(\*\*)?({shown})(?![\w-])(?(1)\*\*)")
    return pattern.sub(lambda m: swaps[m.group(2)], text)


def help_embed(tr: i18n.Tr, ids: Mapping[str, int], known: set[str]) -> discord.Embed:
    """The help text in ``tr``'s language, commands as mentions where their ids are known."""
    body = tr("help.body", games=games.help_lines(tr))  # each game's line, from its own catalogue
    body += "\n" + tutorial.help_line(tr)  # /<game> learn, for each game with a tutorial
    keys = ["help.body", *(f"{game_id}.help" for game_id in games.available()), *tutorial.help_keys()]
    body = with_mentions(body, tr.locale, keys, ids, known)
    return discord.Embed(title=tr("help.title"), description=body, colour=payloads.COLOUR)
