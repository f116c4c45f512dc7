"""Every server setting, declared once: its stored key, type, default, bounds and the words it is shown with.

A server's settings are one JSON object per guild (``guild_settings.data``)::

    {"language": "ja", "moderator_role": 123, "turn_timeout": 90, "posts": "results",
     "ai_levels": ["easy"], "rules": {"portas": {"overshoot": "allowed"}}}

:class:`ServerSettings` is that object typed: each field is one setting, its
name is the stored key, and its :class:`Spec` (the field's metadata) says how a
command's value is checked (:mod:`.parse`) and how ``/game settings`` shows it
(:mod:`.words`). Reading, writing, parsing and display all walk these fields,
so a new setting is one field here plus its catalogue words.

A missing key means "the default", so a server that never touched a setting
follows the bot's defaults as they evolve; the default is never stored. Keys
this version does not declare (a game's rule options under ``rules``, or a
setting of a later version) are kept as they are by :func:`write`.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot import i18n
from bot.core import ai, ratings
from bot.core.slow import pace

CHOICE, NUMBER, SWITCH, ROLE, SUBSET = "choice", "number", "switch", "role", "subset"
"""The kinds of setting: one of some words, a whole number in bounds, on/off, a Discord role, a subset of words."""

POSTS_VALUES = ("moments", "results")
"""What a game posts in its channel besides its board: ``moments`` (the default: each big moment, such as a
contest, a steal or a reveal, and the result) or ``results`` (the result only: a busy channel stays readable)."""

HINTS_VALUES = ("casual", "always", "never")
"""Where hints are offered: games that are not rated (the default), every game, or none (:mod:`.hint_policy`)."""

TIMEOUT_MIN = 15  # seconds; shorter turns are unplayable on a phone
TIMEOUT_MAX = int(pace.MAX_TURN)  # a week: a correspondence game's longest turn
AFK_SLOW_MAX = 20  # timeouts in a row before the AI takes a seat in a slow game

Settings = dict[str, Any]
"""The stored form: the JSON object of one server (what the store reads and writes)."""


@dataclass(frozen=True)
class Spec:
    """How one setting is typed, checked and shown (the metadata of a :class:`ServerSettings` field)."""

    kind: str
    word: str
    """Its catalogue stem: ``settings.<word>`` is its line, ``.done`` / ``.cleared`` the answers to a change."""
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    error: str = ""
    """The code of a refused value (``error.setting.<error>``)."""
    values: str = ""
    """The catalogue prefix of a value's words (``<values>.<value>``); ``settings.<word>`` when empty."""
    unset: str = ""
    """The word a manager types for "the default" (``auto``), if the setting has one."""
    fallback: tuple[str, int] | None = None
    """For a number whose default is the bot's: the configuration's attribute, and its value when absent."""
    unit: str = ""
    """For a number: the catalogue key it is shown with (``{n} s``); the bare number when empty."""
    done_arg: str = "value"
    """The name the ``.done`` answer gives the new value (``pace``, ``role``)."""

    @property
    def value_prefix(self) -> str:
        return self.values or f"settings.{self.word}"


def _setting(default: Any, **spec: Any) -> Any:
    return field(default=default, metadata={"setting": Spec(**spec)})


@dataclass(frozen=True)
class ServerSettings:
    """One server's settings, typed; the field order is the order ``/game settings`` shows them in."""

    language: str | None = _setting(
        None, kind=CHOICE, word="language", choices=i18n.SUPPORTED, unset="auto", error="bad_language"
    )
    """The language of channel posts; ``None`` follows the server's Discord locale."""
    moderator_role: int | None = _setting(None, kind=ROLE, word="modrole", error="bad_role", done_arg="role")
    """A role whose members may reset games without Manage Messages."""
    turn_timeout: int | None = _setting(
        None,
        kind=NUMBER,
        word="timer",
        bounds=(TIMEOUT_MIN, TIMEOUT_MAX),
        error="bad_timeout",
        unit="settings.seconds",
        fallback=("turn_timeout", 120),
    )
    """Seconds a turn lasts; ``None``: the bot's default."""
    ai_levels: tuple[str, ...] = _setting(
        tuple(ai.LEVELS), kind=SUBSET, word="ai", values="ai", choices=tuple(ai.LEVELS), error="bad_ai_level"
    )
    """The AI levels lobbies may seat, in the bot's order (:mod:`.ai_policy`)."""
    posts: str = _setting(POSTS_VALUES[0], kind=CHOICE, word="posts", choices=POSTS_VALUES, error="bad_posts")
    """What games post besides their board (:data:`POSTS_VALUES`)."""
    pace: str = _setting(
        pace.LIVE, kind=CHOICE, word="pace", values="pace", choices=pace.PACES, error="bad_pace", done_arg="pace"
    )
    """The pace new lobbies start with; their host may change it."""
    afk_limit_slow: int | None = _setting(
        None, kind=NUMBER, word="afk", bounds=(1, AFK_SLOW_MAX), error="bad_afk", fallback=("afk_limit_slow", 5)
    )
    """Timeouts in a row that hand a seat to the AI in relaxed and correspondence games; ``None``: the bot's."""
    rate_ai_games: bool = _setting(True, kind=SWITCH, word="rate_ai", error="bad_rate_ai")
    """Whether games with AI seats change players' ratings (:data:`bot.core.ratings.RATE_AI_GAMES`)."""
    hints: str = _setting(HINTS_VALUES[0], kind=CHOICE, word="hints", choices=HINTS_VALUES, error="bad_hints")
    """Where the Hint button shows (:data:`HINTS_VALUES`)."""


SPECS: dict[str, Spec] = {f.name: f.metadata["setting"] for f in dataclasses.fields(ServerSettings)}
"""Every setting's :class:`Spec` by its name (the stored key), in the order they are shown."""

DEFAULTS = ServerSettings()
assert ratings.RATE_AI_GAMES in SPECS, "the ratings read the same key"


def _whole(value: Any) -> int | None:
    """A stored whole number (a float from an older row too), or None for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        return int(value)
    except (ValueError, OverflowError):  # not a number, NaN, infinity
        return None


def _read_value(spec: Spec, default: Any, stored: Any) -> Any:
    """A stored value as its setting's type; anything this version cannot read is the default."""
    if spec.kind == CHOICE:
        return stored if stored in spec.choices else default
    if spec.kind == NUMBER:
        number = None if isinstance(stored, str) else _whole(stored)
        return number if number is not None and number >= 1 else default
    if spec.kind == SWITCH:
        return default if stored is None else bool(stored)
    if spec.kind == ROLE:  # some older rows hold the role id as a string
        return _whole(stored) if stored is not None else None
    if isinstance(stored, list):  # SUBSET: the choices the server listed; one the bot gains later stays out
        return tuple(c for c in spec.choices if c in stored)
    return default


def read(data: Mapping[str, Any] | None) -> ServerSettings:
    """A server's stored settings, typed (a missing or unreadable key is that setting's default)."""
    data = data or {}
    return ServerSettings(
        **{name: _read_value(spec, getattr(DEFAULTS, name), data.get(name)) for name, spec in SPECS.items()}
    )


def read_one(data: Mapping[str, Any] | None, name: str) -> Any:
    """One setting, typed, without building the others: for a reader on every drawing of a board (the Hint button)."""
    return _read_value(SPECS[name], getattr(DEFAULTS, name), (data or {}).get(name))


def _stored(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def write(data: Settings | None, settings: ServerSettings) -> Settings:
    """``data`` (a copy) with the settings that ``settings`` changes: a default is stored as no key.

    A setting ``settings`` leaves as it reads is left as stored, so a value only
    a later version understands survives a change of another setting.
    """
    new = copy.deepcopy(data or {})
    was = read(data)
    for name in SPECS:
        value = getattr(settings, name)
        if value == getattr(was, name):
            continue
        if value == getattr(DEFAULTS, name):
            new.pop(name, None)
        else:
            new[name] = _stored(value)
    return new
