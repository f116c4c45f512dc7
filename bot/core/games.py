"""The registry of games: what the platform needs to run each one.

A game package (``cogs/<game>/``) provides ``rules`` (pure engine), ``render``
(words and pictures), ``strings`` (catalogues) and ``ai`` (its normal-level
heuristic), and optionally ``rollout`` (the strong AI's settings for the game,
with fast twins of its heuristic: ``TUNING``) and ``picture`` (``board(view,
names, tr) -> PNG bytes`` from the spectator view, and for a game with hidden
hands ``hand(view, seat, names, tr)`` from that seat's view; split, where it
can, into ``board_inputs(view)`` / ``draw_board(inputs, names, tr)`` and
``hand_inputs(view, seat)`` / ``draw_hand(inputs, seat, names, tr)``: what a
picture shows, and its drawing from that alone, by which pictures are kept).  :func:`load` bundles
them (the loaded :class:`bot.gamefacts.Game`, the one declaration) so the shared
lobby, sessions, delivery and AI code can run any game without naming it.

Which games there are is not written here: each package declares itself in its
``game.py`` (:mod:`bot.gamefacts`: id, order, seats, public controls, reaction
timer, colour…) and is found by scanning ``cogs``, so a new game needs no edit
outside its own package.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from bot import gamefacts, i18n
from bot.gamefacts import Game

_registry: dict[str, Game] = {}
DEFAULT_ACCENT = 0x3B7DD8


def load(game_id: str) -> Game:
    """Import a game package and register its catalogue (once); ModuleNotFoundError for a game not installed."""
    if game_id in _registry:
        return _registry[game_id]
    facts = gamefacts.facts_of(game_id)
    package = f"{gamefacts.PACKAGE}.{game_id}"
    rules = importlib.import_module(f"{package}.rules")
    render = importlib.import_module(f"{package}.render")
    strings = importlib.import_module(f"{package}.strings")
    ai = importlib.import_module(f"{package}.ai")
    i18n.register(strings.STRINGS)
    spec = dataclasses.replace(
        facts,
        rules=rules,
        render=render,
        ai=ai,
        tuning=_rollout_tuning(package),
        picture=_optional(f"{package}.picture"),
    )
    _registry[game_id] = spec
    return spec


def _optional(name: str) -> ModuleType | None:
    """Import a game module that a game may lack (``rollout``, ``picture``); None when it is not there."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module is there but needs something missing: that is a bug, not "no such module"
        return None


def _rollout_tuning(package: str) -> Mapping[str, Any]:
    """The game's strong-AI settings (``<package>.rollout.TUNING``); the defaults when it has no such module."""
    rollout = _optional(f"{package}.rollout")
    return {} if rollout is None else dict(rollout.TUNING)


def available() -> list[str]:
    """The installed games, in their declared order, each loaded (a game lands when its package does).

    Found by scanning ``cogs`` for packages with a ``game.py`` (:func:`bot.gamefacts.found`); a game
    whose modules fail to load is skipped with a warning (:func:`bot.gamefacts.skip`).
    """
    for game_id in gamefacts.ids():
        try:
            load(game_id)
        except Exception as exc:  # one broken package (an operator's game directory) leaves the others playing
            gamefacts.skip(game_id, gamefacts.failure(exc))
    return list(gamefacts.ids())


def get(game_id: str) -> Game:
    """The registered spec of ``game_id``, loading the game on first use."""
    return _registry.get(game_id) or load(game_id)


def catalogue_keys(spec: Game) -> tuple[str, ...]:
    """The keys the platform reads from a game's catalogue, which every game declares in English and Japanese.

    Its command (``cmd.<id>``), name, help line, rules pages and their button,
    and for each rule option its label, its doc and a word for each value a
    server chooses among (``<id>.option.<name>.<value>``; switches say on/off
    and numbers are shown as numbers).  Refusals (``<id>.error.<code>``) are
    named by the codes the engine raises (``RuleError("code")``): tests/platform/games/test_game_catalogues.py
    finds those in the game's modules and checks each has its key.
    """
    g = spec.id
    keys = [f"cmd.{g}", f"{g}.name", f"{g}.help", f"{g}.rules", f"{g}.rules.more_button"]
    for opt in spec.options:
        keys += [f"{g}.option.{opt.name}", f"{g}.option.{opt.name}.doc"]
        keys += [f"{g}.option.{opt.name}.{value}" for value in opt.choices or () if isinstance(value, str)]
    return tuple(keys)


def help_lines(tr: i18n.Tr) -> str:
    """Every game's help line (``<game>.help`` in its catalogue), in order, joined as ``tr``'s language lists them.

    ``/game help`` names each game's ``new`` command this way, so that a new
    game is listed there without an edit to the platform's own text.
    """
    lines = [tr(f"{game_id}.help") for game_id in available()]
    if len(lines) < 2:
        return "".join(lines)
    return tr("help.games.sep").join(lines[:-1]) + tr("help.games.last") + lines[-1]
