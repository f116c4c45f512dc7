"""Settings in words: each server setting's line in ``/game settings`` and the answer to its change.

The lines are derived from the declaration (:class:`.schema.Spec`): a setting's
line is ``settings.<word>`` with its value in words, and a value's words are
``<values>.<value>``; a number whose default is the bot's shows that number.
"""

from __future__ import annotations

from typing import Any

from bot import i18n
from bot.core.settings.schema import CHOICE, NUMBER, ROLE, SPECS, SUBSET, ServerSettings, Settings, Spec, read
from bot.i18n import Tr


def post_locale(data: Settings, guild_locale: object) -> str:
    """The language a server's channel posts use: its chosen language, else its Discord locale."""
    return read(data).language or i18n.normalise(guild_locale)


def effective_number(spec: Spec, value: int | None, config: object) -> int:
    """A number setting as it counts: the server's, else the bot's (its configuration's) default."""
    if value is not None or spec.fallback is None:
        return int(value or 0)
    attribute, absent = spec.fallback
    return int(getattr(config, attribute, absent))


def value_words(name: str, value: Any, tr: Tr, config: object = None) -> str:
    """One setting's value in words, as its line and the answer to its change show it."""
    spec = SPECS[name]
    prefix = spec.value_prefix
    if spec.kind == CHOICE:
        return tr(f"{prefix}.{spec.unset if value is None else value}")
    if spec.kind == NUMBER:
        number = effective_number(spec, value, config)
        if value is None and i18n.has(f"{prefix}.default", tr.locale):
            return tr(f"{prefix}.default", n=number)
        return tr(spec.unit, n=number) if spec.unit else str(number)
    if spec.kind == ROLE:
        return f"<@&{value}>" if value else tr(f"settings.{spec.word}.none")
    if spec.kind == SUBSET:
        return ", ".join(tr(f"{prefix}.{v}") for v in value) if value else tr(f"settings.{spec.word}.none")
    return tr(f"{prefix}.{'on' if value else 'off'}")  # SWITCH


def setting_line(name: str, settings: ServerSettings, tr: Tr, config: object = None) -> str:
    """One setting's line in ``/game settings``: ``settings.<word>`` given the value in words (and as a number)."""
    spec, value = SPECS[name], getattr(settings, name)
    number = effective_number(spec, value, config) if spec.kind == NUMBER else value
    return tr(f"settings.{spec.word}", value=value_words(name, value, tr, config), n=number)


def setting_lines(data: Settings, tr: Tr, config: object = None) -> list[str]:
    """Every setting's line, in the declaration's order (``config``: the bot's defaults for numbers)."""
    settings = read(data)
    return [setting_line(name, settings, tr, config) for name in SPECS]


def change_answer(name: str, value: Any, tr: Tr, config: object = None) -> str:
    """The answer to a manager's change: ``settings.<word>.done``, or ``.cleared`` when a default was restored."""
    spec = SPECS[name]
    if value is None and spec.kind in (NUMBER, ROLE):
        return tr(f"settings.{spec.word}.cleared")
    number = effective_number(spec, value, config) if spec.kind == NUMBER else value
    return tr(f"settings.{spec.word}.done", n=number, **{spec.done_arg: value_words(name, value, tr, config)})
