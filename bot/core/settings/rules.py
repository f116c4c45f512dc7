"""A server's rule options (``/game settings rule``): which a new game uses, how one is checked, how it reads.

Stored in the server's settings (:mod:`bot.core.settings.schema`) under ``rules``, per game::

    {"language": "ja", "moderator_role": 123, "turn_timeout": 90, "posts": "results",
     "ai_levels": ["easy"], "rules": {"portas": {"overshoot": "allowed"}}}

Rule options are stored only when
they differ from the game's default (setting an option back to its default
removes it), which is also what the lobby lists as "not default".

Everything here is plain data and Discord-free; the handlers in
:mod:`bot.frontend.server_commands` call it and persist the result.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from bot import i18n
from bot.core.settings.schema import Settings
from bot.engine import JSON, OptionOutOfRange, RuleOption, resolve_options
from bot.gamefacts import Game
from bot.i18n import Tr

log = logging.getLogger(__name__)

RULES = "rules"


class SettingError(ValueError):
    """A value the settings refuse; ``code`` is an i18n key under ``error.setting.``."""

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args


# -- rule options -----------------------------------------------------------------------------------------------


TRUE_WORDS = {"true", "yes", "on", "1", "はい", "オン"}
FALSE_WORDS = {"false", "no", "off", "0", "いいえ", "オフ"}


def format_value(value: JSON) -> str:
    """A rule value as a user types it: ``true``/``false``, ``4``, ``allowed``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


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
            if low in TRUE_WORDS:
                return True
            if low in FALSE_WORDS:
                return False
            raise ValueError(text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        raise SettingError("bad_value", value=raw, option=opt.name) from None
    return text


def option_named(spec: Game, name: str) -> RuleOption:
    """The game's rule option called ``name``; a SettingError a manager can read for a name it does not have."""
    for opt in spec.options:
        if opt.name == name:
            return opt
    raise SettingError("unknown_option", option=name)


def stored_rules(data: Settings, game: str) -> dict[str, JSON]:
    """The rule values a server stored for ``game`` (only those it changed), as a fresh dict the caller may edit."""
    return dict((data.get(RULES) or {}).get(game) or {})


def rules_for(data: Settings, spec: Game) -> dict[str, JSON]:
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


def set_rule(data: Settings, spec: Game, name: str, raw: str) -> tuple[Settings, JSON]:
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


def option_label(spec: Game, name: str, tr: Tr) -> str:
    """A rule option's name in words (``<game>.option.<name>``); the identifier only if a key is missing."""
    key = f"{spec.id}.option.{name}"
    return tr(key) if i18n.has(key, tr.locale) else name


def option_doc(spec: Game, opt: RuleOption, tr: Tr) -> str:
    """What an option does (``<game>.option.<name>.doc``); the English doc only if a key is missing."""
    key = f"{spec.id}.option.{opt.name}.doc"
    return tr(key) if i18n.has(key, tr.locale) else opt.doc


def value_label(spec: Game, opt: RuleOption, value: JSON, tr: Tr) -> str:
    """A rule value in words: ``<game>.option.<name>.<value>``, on/off for switches, else the value as typed."""
    key = f"{spec.id}.option.{opt.name}.{format_value(value)}"
    if i18n.has(key, tr.locale):
        return tr(key)
    if isinstance(value, bool):
        return tr(f"settings.value.{format_value(value)}")
    return format_value(value)


def allowed_text(spec: Game, opt: RuleOption, tr: Tr) -> str:
    """The allowed values in words: each choice's label (with what to type when it differs), or the range."""
    if opt.choices is None:
        return tr("settings.range", low=opt.bounds[0], high=opt.bounds[1]) if opt.bounds else "—"
    shown = []
    for choice in opt.choices:
        label, typed = value_label(spec, opt, choice, tr), format_value(choice)
        shown.append(typed if label == typed else f"{label} (`{typed}`)")
    return ", ".join(shown)


def option_rows(data: Settings, spec: Game) -> list[tuple[RuleOption, JSON, bool]]:
    """(option, current value, changed?) for every option of a game, in the game's order."""
    rules = rules_for(data, spec)
    return [(o, rules.get(o.name, o.default), o.name in rules and rules[o.name] != o.default) for o in spec.options]
