"""The registry of games: what the platform needs to run each one.

A game package (``cogs/<game>/``) provides ``rules`` (pure engine), ``render``
(words and pictures), ``strings`` (catalogues) and ``ai`` (its normal-level
heuristic), and optionally ``rollout`` (the strong AI's settings for the game,
with fast twins of its heuristic: ``TUNING``).  :class:`GameSpec` bundles
them so the shared lobby, sessions, delivery and AI code can run any game
without naming it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from bot import i18n
from bot.engine import RuleOption, resolve_options


@dataclass(frozen=True)
class GameSpec:
    id: str
    rules: Any  # satisfies bot.engine.Engine
    render: Any  # satisfies bot.gameui.GameRender
    ai: ModuleType  # has choose(view, seat, legal, rng)
    public_controls: bool  # True: controls on the channel board (everything public); False: in DMs
    reaction_timeout_option: str | None = None  # rule option holding a rule-defined timeout in seconds
    default_reaction_timeout: float = 30.0
    tuning: Mapping[str, Any] = field(default_factory=dict)
    """The strong AI's settings for this game (fields of ``bot.ai.tuning.Tuning``, from ``rollout.TUNING``)."""

    @property
    def draws_pictures(self) -> bool:
        """Whether building a board costs a picture (see ``DRAWS_PICTURES`` in a render module)."""
        return bool(getattr(self.render, "DRAWS_PICTURES", False))

    @property
    def min_seats(self) -> int:
        return int(self.rules.MIN_SEATS)

    @property
    def max_seats(self) -> int:
        return int(self.rules.MAX_SEATS)

    @property
    def options(self) -> tuple[RuleOption, ...]:
        return tuple(self.rules.OPTIONS)

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        return resolve_options(self.options, given)

    def reaction_timeout(self, options: dict[str, Any]) -> float:
        if self.reaction_timeout_option and self.reaction_timeout_option in options:
            return float(options[self.reaction_timeout_option])
        return self.default_reaction_timeout


# game id -> (public controls?, rule option naming the reaction timeout)
_KNOWN: dict[str, tuple[bool, str | None]] = {
    "portas": (True, None),
    "getgem": (False, "barrier_timeout_s"),
    "promotion": (False, None),
    "eminit": (False, "declare_timeout_s"),
}

_registry: dict[str, GameSpec] = {}


def load(game_id: str) -> GameSpec:
    """Import a game package and register its catalogue (once)."""
    if game_id in _registry:
        return _registry[game_id]
    public, timeout_opt = _KNOWN[game_id]
    package = f"cogs.{game_id}"
    rules = importlib.import_module(f"{package}.rules")
    render = importlib.import_module(f"{package}.render")
    strings = importlib.import_module(f"{package}.strings")
    ai = importlib.import_module(f"{package}.ai")
    i18n.register(strings.STRINGS)
    spec = GameSpec(game_id, rules, render, ai, public, timeout_opt, tuning=_rollout_tuning(package))
    _registry[game_id] = spec
    return spec


def _rollout_tuning(package: str) -> Mapping[str, Any]:
    """The game's strong-AI settings (``<package>.rollout.TUNING``); the defaults when it has no such module."""
    name = f"{package}.rollout"
    try:
        rollout = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module is there but needs something missing: that is a bug, not "no rollout"
        return {}
    return dict(rollout.TUNING)


def available() -> list[str]:
    """Games whose packages are present (a game lands when its package does)."""
    found = []
    for game_id in _KNOWN:
        try:
            load(game_id)
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return found


def get(game_id: str) -> GameSpec:
    return _registry.get(game_id) or load(game_id)
