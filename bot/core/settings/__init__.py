"""Per-server settings (``/game settings``): one typed declaration, read from and written to the store.

- :mod:`.schema`: every setting declared once (:class:`ServerSettings`), and how the stored JSON reads and writes;
- :mod:`.parse`: a command's value checked against its declaration (:func:`change`);
- :mod:`.rules`: a game's rule options a server changed: parsed, checked by the engine, in words;
- :mod:`.words`: each setting's line and answer in ``/game settings``;
- :mod:`.ai_policy` and :mod:`.hint_policy`: which AI levels a lobby may seat, where hints are offered;
- :mod:`.store`: one change at a time per server.

Everything but :mod:`.store` is plain data and Discord-free; the handlers in
:mod:`bot.frontend.server_commands` call it and persist the result.
"""

from __future__ import annotations

from bot.core.settings.ai_policy import allowed_ai_levels, fill_level, set_ai_level
from bot.core.settings.parse import change, parse
from bot.core.settings.rules import (
    SettingError,
    allowed_text,
    choices_text,
    format_value,
    option_doc,
    option_label,
    option_named,
    option_rows,
    parse_value,
    rules_for,
    set_rule,
    stored_rules,
    value_label,
)
from bot.core.settings.schema import (
    AFK_SLOW_MAX,
    POSTS_VALUES,
    SPECS,
    TIMEOUT_MAX,
    TIMEOUT_MIN,
    ServerSettings,
    Settings,
    read,
    read_one,
    write,
)
from bot.core.settings.store import load, moments_posted, update
from bot.core.settings.words import change_answer, post_locale, setting_lines

__all__ = [
    "AFK_SLOW_MAX",
    "POSTS_VALUES",
    "SPECS",
    "TIMEOUT_MAX",
    "TIMEOUT_MIN",
    "ServerSettings",
    "SettingError",
    "Settings",
    "allowed_ai_levels",
    "allowed_text",
    "change",
    "change_answer",
    "choices_text",
    "fill_level",
    "format_value",
    "load",
    "moments_posted",
    "option_doc",
    "option_label",
    "option_named",
    "option_rows",
    "parse",
    "parse_value",
    "post_locale",
    "read",
    "read_one",
    "rules_for",
    "set_ai_level",
    "set_rule",
    "setting_lines",
    "stored_rules",
    "update",
    "value_label",
    "write",
]
