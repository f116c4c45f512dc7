"""The registry of games: what the platform needs to run each one.

A game package (``cogs/<game>/``) provides ``rules`` (pure engine), ``render``
(words and pictures), ``strings`` (catalogues) and ``ai`` (its normal-level
heuristic), and optionally ``rollout`` (the strong AI's settings for the game,
with fast twins of its heuristic: ``TUNING``) and ``picture`` (``board(view,
names, tr) -> PNG bytes`` from the spectator view, and for a game with hidden
hands ``hand(view, seat, names, tr)`` from that seat's view; split, where it
can, into ``board_inputs(view)`` / ``draw_board(inputs, names, tr)`` and
``hand_inputs(view, seat)`` / ``draw_hand(inputs, seat, names, tr)``: what a
picture shows, and its drawing from that alone, by which pictures are kept).  :class:`GameSpec` bundles
them so the shared lobby, sessions, delivery and AI code can run any game
without naming it.

Which games there are is not written here: each package declares itself in its
``game.py`` (:mod:`bot.gamefacts`: id, order, seats, public controls, reaction
timer, colour…) and is found by scanning ``cogs``, so a new game needs no edit
outside its own package.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from bot import gamefacts, i18n
from bot.engine import RuleOption, resolve_options
from bot.gamefacts import GameFacts


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
    """The strong AI's settings for this game (fields of ``bot.core.ai.tuning.Tuning``, from ``rollout.TUNING``)."""
    picture: ModuleType | None = None
    """The game's picture module (``cogs/<game>/picture.py``), if it has one."""
    facts: GameFacts | None = None
    """What the game declares of itself (``cogs/<game>/game.py``)."""

    @property
    def accent(self) -> int:
        """The game's colour (``ACCENT`` in its ``game.py``): the bar of its boards, lobbies and DMs."""
        return self.facts.accent if self.facts is not None else DEFAULT_ACCENT

    def board_inputs(self, view: Any) -> Any:
        """What the board picture shows of ``view`` (``picture.board_inputs``), all its drawing reads.

        A picture module without the split draws from the whole view, which is then its inputs.
        """
        split = _split(self.picture, "board")
        return view if split is None else split[0](view)

    def draw_board(self, inputs: Any, names: list[str], tr: i18n.Tr) -> bytes | None:
        """The board picture drawn from :meth:`board_inputs` alone; None for a game without pictures."""
        split = _split(self.picture, "board")
        if split is not None:
            return bytes(split[1](inputs, names, tr))
        draw = getattr(self.picture, "board", None)
        return None if draw is None else bytes(draw(inputs, names, tr))

    def hand_inputs(self, view: Any, seat: int) -> Any:
        """What ``seat``'s hand picture shows of ``seat``'s own view (``picture.hand_inputs``), or the whole view."""
        split = _split(self.picture, "hand")
        return view if split is None else split[0](view, seat)

    def draw_hand(self, inputs: Any, seat: int, names: list[str], tr: i18n.Tr) -> bytes | None:
        """``seat``'s hand picture drawn from :meth:`hand_inputs` alone; None for a game that draws no hands."""
        split = _split(self.picture, "hand")
        if split is not None:
            return bytes(split[1](inputs, seat, names, tr))
        draw = getattr(self.picture, "hand", None)
        return None if draw is None else bytes(draw(inputs, seat, names, tr))

    def board_picture(self, view: Any, names: list[str], tr: i18n.Tr) -> bytes | None:
        """The table drawn from ``view``, which must be the spectator view; None for a game without pictures."""
        return self.draw_board(self.board_inputs(view), names, tr)

    @property
    def min_seats(self) -> int:
        """The fewest players the game can start with (the engine's ``MIN_SEATS``); a lobby fills up to it with AIs."""
        return int(self.rules.MIN_SEATS)

    @property
    def max_seats(self) -> int:
        """The most players the game seats (the engine's ``MAX_SEATS``); a full lobby refuses a join."""
        return int(self.rules.MAX_SEATS)

    @property
    def options(self) -> tuple[RuleOption, ...]:
        """The game's rule options (the engine's ``OPTIONS``): what a server may change with ``/game settings rule``."""
        return tuple(self.rules.OPTIONS)

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """The options a new game keeps: the defaults overlaid with ``given``, checked
        (unknown names and bad values raise)."""
        return resolve_options(self.options, given)

    def reaction_timeout(self, options: dict[str, Any]) -> float:
        """Seconds an out-of-turn answer (a Barrier, a declaration) may take: its rule option,
        else the game's default."""
        if self.reaction_timeout_option and self.reaction_timeout_option in options:
            return float(options[self.reaction_timeout_option])
        return self.default_reaction_timeout


_registry: dict[str, GameSpec] = {}
DEFAULT_ACCENT = 0x3B7DD8


def load(game_id: str) -> GameSpec:
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
    spec = GameSpec(
        game_id,
        rules,
        render,
        ai,
        facts.public_controls,
        facts.reaction_timeout_option,
        facts.default_reaction_timeout,
        tuning=_rollout_tuning(package),
        picture=_optional(f"{package}.picture"),
        facts=facts,
    )
    _registry[game_id] = spec
    return spec


def _split(picture: ModuleType | None, kind: str) -> tuple[Any, Any] | None:
    """``(<kind>_inputs, draw_<kind>)`` of a picture module that splits what it shows from how it draws, else None."""
    inputs, draw = getattr(picture, f"{kind}_inputs", None), getattr(picture, f"draw_{kind}", None)
    return None if inputs is None or draw is None else (inputs, draw)


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


def get(game_id: str) -> GameSpec:
    """The registered spec of ``game_id``, loading the game on first use."""
    return _registry.get(game_id) or load(game_id)


def help_lines(tr: i18n.Tr) -> str:
    """Every game's help line (``<game>.help`` in its catalogue), in order, joined as ``tr``'s language lists them.

    ``/game help`` names each game's ``new`` command this way, so that a new
    game is listed there without an edit to the platform's own text.
    """
    lines = [tr(f"{game_id}.help") for game_id in available()]
    if len(lines) < 2:
        return "".join(lines)
    return tr("help.games.sep").join(lines[:-1]) + tr("help.games.last") + lines[-1]
