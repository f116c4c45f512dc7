"""Per-server settings (``/game settings``): what they are, how a value is checked, how they are read.

Stored as one JSON object per guild (``guild_settings.data``)::

    {"language": "ja", "moderator_role": 123, "turn_timeout": 90, "posts": "results",
     "ai_levels": ["easy"], "rules": {"portas": {"overshoot": "allowed"}}}

A missing key means "the default", so a server that never touched a setting
follows the bot's defaults as they evolve.  Rule options are stored only when
they differ from the game's default (setting an option back to its default
removes it), which is also what the lobby lists as "not default".

Everything here is plain data and Discord-free; the handlers in
:mod:`bot.frontend.server_commands` call it and persist the result.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import weakref
from collections.abc import Callable
from typing import Any

from bot import i18n
from bot.core import ai, hint_policy, ratings
from bot.core.games import GameSpec
from bot.engine import JSON, OptionOutOfRange, RuleOption, resolve_options
from bot.i18n import Tr

log = logging.getLogger(__name__)

LANGUAGE = "language"
MODERATOR_ROLE = "moderator_role"
TURN_TIMEOUT = "turn_timeout"
AI_LEVELS = "ai_levels"
RULES = "rules"
POSTS = "posts"

POSTS_VALUES = ("moments", "results")
"""What a game posts in its channel besides its board: ``moments`` (the default: each big moment, such as a
contest, a steal or a reveal, and the result) or ``results`` (the result only: a busy channel stays readable)."""

TIMEOUT_MIN = 15  # seconds; shorter turns are unplayable on a phone
TIMEOUT_MAX = 7 * 24 * 3600  # a week: a correspondence game's longest turn (bot.core.slow.pace.MAX_TURN)

Settings = dict[str, Any]


class SettingError(ValueError):
    """A value the settings refuse; ``code`` is an i18n key under ``settings.error.``."""

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args


# -- rule options -----------------------------------------------------------------------------------------------


def format_value(value: JSON) -> str:
    """A rule value as a user types it: ``true``/``false``, ``4``, ``allowed``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_TRUE = {"true", "yes", "on", "1", "はい", "オン"}
_FALSE = {"false", "no", "off", "0", "いいえ", "オフ"}


def parse_value(opt: RuleOption, raw: str) -> JSON:
    """Turn typed text into a value of the option's type (choices are matched by their text).

    Slash-command values arrive as strings whatever the option's type, so the
    default's type decides how to read them; :func:`bot.engine.resolve_options`
    then has the last word on whether the value is allowed.
    """
    text = raw.strip()
    if opt.choices is not None:
        for choice in opt.choices:
            if format_value(choice).lower() == text.lower():
                return choice
    default = opt.default
    try:
        if isinstance(default, bool):
            low = text.lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise ValueError(text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        raise SettingError("bad_value", value=raw, option=opt.name) from None
    return text


def option_named(spec: GameSpec, name: str) -> RuleOption:
    """The game's rule option called ``name``; a SettingError a manager can read for a name it does not have."""
    for opt in spec.options:
        if opt.name == name:
            return opt
    raise SettingError("unknown_option", option=name)


def stored_rules(data: Settings, game: str) -> dict[str, JSON]:
    """The rule values a server stored for ``game`` (only those it changed), as a fresh dict the caller may edit."""
    return dict((data.get(RULES) or {}).get(game) or {})


def rules_for(data: Settings, spec: GameSpec) -> dict[str, JSON]:
    """The stored options a new game should use, without any the game no longer accepts.

    A game update may drop or narrow an option; a stale stored value must not
    make every new lobby of that server fail, so it is skipped (and logged).
    """
    good: dict[str, JSON] = {}
    for name, value in stored_rules(data, spec.id).items():
        try:
            resolve_options(spec.options, {name: value})
        except ValueError:
            log.warning("ignoring stale rule option %s.%s=%r", spec.id, name, value)
            continue
        good[name] = value
    return good


def set_rule(data: Settings, spec: GameSpec, name: str, raw: str) -> tuple[Settings, JSON]:
    """A copy of ``data`` with one rule option changed, checked by the engine itself.

    The value must pass :func:`resolve_options`, and the whole set of stored
    options must still let the game deal a table for every seat count (so a
    deck emptied of cards is refused here, not when players press Start).
    The engines' own messages are English, so the errors carry only what a
    translated text can show (the option, its allowed values or range).
    """
    opt = option_named(spec, name)
    value = parse_value(opt, raw)
    rules = {**rules_for(data, spec), name: value}
    if value == opt.default:
        del rules[name]
    try:
        resolved = resolve_options(spec.options, rules)
    except OptionOutOfRange as exc:
        raise SettingError("out_of_range", option=exc.name, low=exc.low, high=exc.high) from None
    except ValueError:
        raise SettingError("invalid", option=name, choices=choices_text(opt)) from None
    for seats in range(spec.min_seats, spec.max_seats + 1):
        try:
            spec.rules.new(seats, 0, resolved)
        except Exception:  # any engine complaint means "this combination cannot start"
            raise SettingError("unplayable", option=name) from None
    new = copy.deepcopy(data)
    all_rules = new.setdefault(RULES, {})
    if rules:
        all_rules[spec.id] = rules
    else:
        all_rules.pop(spec.id, None)
    return new, value


def choices_text(opt: RuleOption) -> str:
    """The values a manager may type, language-neutral: the choices as typed, or the range ``1–5000``."""
    if opt.choices is not None:
        return ", ".join(format_value(c) for c in opt.choices)
    if opt.bounds is not None:
        return f"{opt.bounds[0]}–{opt.bounds[1]}"
    return "—"


# -- rule options in words ---------------------------------------------------------------------------------------


def option_label(spec: GameSpec, name: str, tr: Tr) -> str:
    """A rule option's name in words (``<game>.option.<name>``); the identifier only if a key is missing."""
    key = f"{spec.id}.option.{name}"
    return tr(key) if i18n.has(key, tr.locale) else name


def option_doc(spec: GameSpec, opt: RuleOption, tr: Tr) -> str:
    """What an option does (``<game>.option.<name>.doc``); the English doc only if a key is missing."""
    key = f"{spec.id}.option.{opt.name}.doc"
    return tr(key) if i18n.has(key, tr.locale) else opt.doc


def value_label(spec: GameSpec, opt: RuleOption, value: JSON, tr: Tr) -> str:
    """A rule value in words: ``<game>.option.<name>.<value>``, on/off for switches, else the value as typed."""
    key = f"{spec.id}.option.{opt.name}.{format_value(value)}"
    if i18n.has(key, tr.locale):
        return tr(key)
    if isinstance(value, bool):
        return tr(f"settings.value.{format_value(value)}")
    return format_value(value)


def allowed_text(spec: GameSpec, opt: RuleOption, tr: Tr) -> str:
    """The allowed values in words: each choice's label (with what to type when it differs), or the range."""
    if opt.choices is None:
        return tr("settings.range", low=opt.bounds[0], high=opt.bounds[1]) if opt.bounds else "—"
    shown = []
    for choice in opt.choices:
        label, typed = value_label(spec, opt, choice, tr), format_value(choice)
        shown.append(typed if label == typed else f"{label} (`{typed}`)")
    return ", ".join(shown)


def option_rows(data: Settings, spec: GameSpec) -> list[tuple[RuleOption, JSON, bool]]:
    """(option, current value, changed?) for every option of a game, in the game's order."""
    rules = rules_for(data, spec)
    return [(o, rules.get(o.name, o.default), o.name in rules and rules[o.name] != o.default) for o in spec.options]


# -- the other settings -----------------------------------------------------------------------------------------


def language(data: Settings) -> str | None:
    """The language channel posts use, or ``None`` to follow the server's Discord locale."""
    value = data.get(LANGUAGE)
    return value if value in i18n.SUPPORTED else None


def post_locale(data: Settings, guild_locale: object) -> str:
    """The language a server's channel posts use: its chosen language, else its Discord locale."""
    return language(data) or i18n.normalise(guild_locale)


def set_language(data: Settings, value: str | None) -> Settings:
    """The settings with the channel language set (``None``/``auto``: follow the server's locale); a copy."""
    new = copy.deepcopy(data)
    if value is None or value == "auto":
        new.pop(LANGUAGE, None)
    elif value in i18n.SUPPORTED:
        new[LANGUAGE] = value
    else:
        raise SettingError("bad_language", value=value)
    return new


def set_moderator_role(data: Settings, role_id: int | None) -> Settings:
    """The settings with the moderator role set (``None`` removes it); a copy."""
    new = copy.deepcopy(data)
    if role_id is None:
        new.pop(MODERATOR_ROLE, None)
    else:
        new[MODERATOR_ROLE] = int(role_id)
    return new


def turn_timeout(data: Settings) -> int | None:
    """The server's turn timer in seconds, or ``None`` for the bot's default (``TURN_TIMEOUT``)."""
    value = data.get(TURN_TIMEOUT)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def set_turn_timeout(data: Settings, seconds: int | None) -> Settings:
    """The settings with the turn timer set (``None``: the default), refused outside its bounds; a copy."""
    new = copy.deepcopy(data)
    if seconds is None:
        new.pop(TURN_TIMEOUT, None)
    elif TIMEOUT_MIN <= seconds <= TIMEOUT_MAX:
        new[TURN_TIMEOUT] = int(seconds)
    else:
        raise SettingError("bad_timeout", min=TIMEOUT_MIN, max=TIMEOUT_MAX)
    return new


def posts(data: Settings) -> str:
    """What games post in the server's channels: every big moment and the result (default), or the result only."""
    value = data.get(POSTS)
    return value if value in POSTS_VALUES else POSTS_VALUES[0]


def set_posts(data: Settings, value: str) -> Settings:
    """The settings with the posts setting changed (the default is not stored); a copy."""
    if value not in POSTS_VALUES:
        raise SettingError("bad_posts", value=value)
    new = copy.deepcopy(data)
    if value == POSTS_VALUES[0]:
        new.pop(POSTS, None)
    else:
        new[POSTS] = value
    return new


def rate_ai_games(data: Settings) -> bool:
    """Whether games with AI seats change players' ratings (the store reads the same key)."""
    return bool(data.get(ratings.RATE_AI_GAMES, True))


def set_rate_ai_games(data: Settings, value: bool) -> Settings:
    """The settings with 'games with AI seats change ratings' set (the default, on, is not stored); a copy."""
    new = copy.deepcopy(data)
    if value:
        new.pop(ratings.RATE_AI_GAMES, None)  # the default: stored only when it differs
    else:
        new[ratings.RATE_AI_GAMES] = False
    return new


async def moments_posted(store: Any, guild_id: int | None) -> bool:
    """Whether a game in ``guild_id`` posts its big moments: read when it has one, so a change counts at once.

    A failed read posts it: a moment too many is better than a game that stops being shown.
    """
    if guild_id is None:
        return True
    try:
        return posts(await store.guild_settings(guild_id)) == "moments"
    except Exception:
        log.warning("could not read the posts setting of server %s; posting the moment", guild_id, exc_info=True)
        return True


def allowed_ai_levels(data: Settings) -> list[str]:
    """AI levels the server allows, in the bot's order (all of them when never set).

    Levels the bot gains later are allowed unless the server listed what it
    allows *and* the new level is not on it: storing the allowed list keeps a
    server's choice when the AI engineer adds a level.
    """
    stored = data.get(AI_LEVELS)
    if not isinstance(stored, list):
        return list(ai.LEVELS)
    return [level for level in ai.LEVELS if level in stored]


def set_ai_level(data: Settings, level: str, allowed: bool) -> Settings:
    """The settings with one AI level allowed or refused; a copy, so a failed save changes nothing."""
    if level not in ai.LEVELS:
        raise SettingError("bad_ai_level", level=level)
    new = copy.deepcopy(data)
    levels = set(allowed_ai_levels(data))
    if allowed:
        levels.add(level)
    else:
        levels.discard(level)
    if levels >= set(ai.LEVELS):
        new.pop(AI_LEVELS, None)
    else:
        new[AI_LEVELS] = [lv for lv in ai.LEVELS if lv in levels]
    return new


def fill_level(data: Settings) -> str | None:
    """The level of the AIs that fill empty seats at Start: the default if allowed, else the first allowed."""
    levels = allowed_ai_levels(data)
    if ai.DEFAULT_LEVEL in levels:
        return ai.DEFAULT_LEVEL
    return levels[0] if levels else None


# -- persistence ------------------------------------------------------------------------------------------------

_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()  # while in use, not forever


async def update(store: Any, guild_id: int, change: Callable[[Settings], Settings]) -> Settings:
    """Read, change and write one server's settings; two managers clicking at once both count."""
    lock = _locks.setdefault(guild_id, asyncio.Lock())
    async with lock:
        data = await store.guild_settings(guild_id)
        new = change(data)
        await store.set_guild_settings(guild_id, new)
        hint_policy.remember(guild_id, new)  # the Hint button follows at once
        return new
