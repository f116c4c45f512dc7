"""The Discord side of server life: settings, stats, leaderboards, history, replays, spectating, data rights.

Handlers only: the rules of each feature live in Discord-free modules
(:mod:`bot.core.settings`, :mod:`bot.core.stats`, :mod:`bot.core.replay`, :mod:`bot.core.privacy`)
and in the store.  Every answer is ephemeral: these are questions one person
asks, and a channel should not fill with everyone's stats.  Refusals are
:class:`SessionError` with keys under ``error.`` so :func:`guarded` answers
them in the asker's language like every other refusal.
"""

from __future__ import annotations

from bot.frontend.server_commands.common import can_manage
from bot.frontend.server_commands.data_rights import forget_command, mydata_command, mydata_embed, on_forget
from bot.frontend.server_commands.records import history_command, history_line, leaderboard_command, stats_command
from bot.frontend.server_commands.replays import on_replay, replay_command, replay_payload, spectate_command
from bot.frontend.server_commands.settings import (
    option_autocomplete,
    settings_afk,
    settings_ai,
    settings_hints,
    settings_language,
    settings_modrole,
    settings_pace,
    settings_payload,
    settings_posts,
    settings_ratings,
    settings_rule,
    settings_show,
    settings_timer,
    value_autocomplete,
)

__all__ = [
    "can_manage",
    "forget_command",
    "history_command",
    "history_line",
    "leaderboard_command",
    "mydata_command",
    "mydata_embed",
    "on_forget",
    "on_replay",
    "option_autocomplete",
    "replay_command",
    "replay_payload",
    "settings_afk",
    "settings_ai",
    "settings_hints",
    "settings_language",
    "settings_modrole",
    "settings_pace",
    "settings_payload",
    "settings_posts",
    "settings_ratings",
    "settings_rule",
    "settings_show",
    "settings_timer",
    "spectate_command",
    "stats_command",
    "value_autocomplete",
]
