"""Finding a game's tutorial (``cogs/<game>/tutorial.py``) and telling a tutorial session from a game.

The platform names no game: the tutorial module is imported by the game's id, as
:func:`bot.core.games.load` imports its rules, and its catalogue
(``strings/tutorial.py`` beside it) is registered then.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from bot import gamefacts, i18n
from bot.core.games import available as load_available
from bot.core.games import load as load_game
from bot.core.store import SessionRecord
from bot.core.store.records import TUTORIAL

FLAG = TUTORIAL
"""The key in a session's stored options that marks a tutorial: unrated, not in stats, step lines shown."""

_scripts: dict[str, ModuleType] = {}


def load(game_id: str) -> ModuleType:
    """The game's tutorial module, its catalogue registered (once).

    It declares ``LEARNER`` (the learner's seat), ``SEATS``, ``AI_LEVEL``, ``SEED``,
    ``OPTIONS`` (the rules it is played with), ``STATEMENTS`` (the first rules page's
    statements, as catalogue keys: the game's own ``FIRST_PAGE``, split by ``PARTS``),
    ``STEPS`` (:class:`bot.core.tutorial.Step`) and
    ``deal(options)`` (the curated initial state, from the engine's own pure builder).
    """
    if game_id not in _scripts:
        load_game(game_id)
        package = f"{gamefacts.PACKAGE}.{game_id}"
        i18n.register(importlib.import_module(f"{package}.strings.tutorial").STRINGS)
        _scripts[game_id] = importlib.import_module(f"{package}.tutorial")
    return _scripts[game_id]



def available() -> list[str]:
    """The installed games that have a tutorial, in their listed order."""
    out = []
    for game_id in load_available():
        try:
            load(game_id)
        except ModuleNotFoundError:
            continue
        out.append(game_id)
    return out


def help_keys() -> list[str]:
    """The catalogue keys of ``/game help``'s tutorial line: each game's ``<game>.help.learn``, then the line."""
    return [*(f"{g}.help.learn" for g in available()), "learn.help"]


def help_line(tr: i18n.Tr) -> str:
    """``/game help``'s line on the tutorials, naming each game's ``learn`` command (empty with none)."""
    lines = [tr(f"{g}.help.learn") for g in available()]
    if not lines:
        return ""
    joined = lines[0] if len(lines) == 1 else tr("help.games.sep").join(lines[:-1]) + tr("help.games.last") + lines[-1]
    return tr("learn.help", games=joined)


def is_tutorial(record: SessionRecord) -> bool:
    """Whether a session is a guided first game (unrated, not in stats, with step lines)."""
    return bool(record.options.get(FLAG))


def first_state(record: SessionRecord) -> Any:
    """A tutorial's first state, as it was started (its script's deal); None for an ordinary game (``rules.new``)."""
    script = script_of(record)
    if script is None:
        return None
    return script.deal(load_game(record.game).resolve_options(script.OPTIONS))


def script_of(record: SessionRecord) -> Any:
    """The tutorial a session plays, or None for an ordinary game."""
    return load(record.game) if is_tutorial(record) else None
