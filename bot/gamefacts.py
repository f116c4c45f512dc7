"""Which games are installed, and what each one declares of itself.

A game is a package under ``cogs`` with a ``game`` module (``cogs/<game>/game.py``)
whose module constants state the facts the platform needs before it plays a
single move: its id, where it is listed, its seats, whether its controls are
public, its rule-defined reaction timer, its colour, its picture palette and
the seeded positions its pictures are tested on (OpenSpiel's ``_GAME_TYPE`` is
the model).  The platform finds them by scanning the ``cogs`` package
(:func:`found`), so bot/ names no game, and adding one is adding its package:
nothing outside it lists it, and nothing outside it can forget to.

Why here, at the bottom of bot/: the games' registry (:mod:`bot.core.games`)
and the drawing toolkit's seeded samples (:mod:`bot.pictures.samples`) both
list the games, and the toolkit sits below the core.  This module imports only
the engine contract of bot/ (:mod:`bot.engine`), and games by name only
(``importlib``), never statically.

Extra game directories join the ``cogs`` package through ``KADO_GAME_DIRS``
(see ``cogs/__init__.py``), so a game kept outside the tree is found the same way.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from bot.engine import Engine, RuleOption, resolve_options

log = logging.getLogger(__name__)

PACKAGE = "cogs"
"""The package every game lives in: ``cogs.<id>``."""

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Game:
    """One game: its declaration, read from the constants of its ``game.py`` (named in capitals there), and once
    loaded (:func:`bot.core.games.load`) the modules the platform runs it with.

    The one descriptor of a game: what the registry scans (:func:`found`, cheap: no
    engine imported) and what sessions, the AI and the presenter run (the same
    record with :attr:`rules`, :attr:`render`, :attr:`ai`, :attr:`picture` filled).
    The id and the seat counts are written once, in ``game.py``; the engine takes
    them from there (``rules.GAME``, ``MIN_SEATS``, ``MAX_SEATS``).
    """

    id: str
    """``ID``: the package's name, its slash group's word (named per language by ``cmd.<id>`` in its catalogue)
    and the prefix of its catalogue keys (``<id>.name``, ``<id>.help``…)."""
    order: int
    """``ORDER``: where the game is listed among the games (``/game rules`` choices, help, settings); lowest first."""
    min_seats: int
    max_seats: int
    """``SEATS``: (fewest, most) players, the engine's ``MIN_SEATS``/``MAX_SEATS``."""
    public_controls: bool
    """``PUBLIC_CONTROLS``: True when every control is on the channel board (nothing hidden); False: in DMs."""
    accent: int
    """``ACCENT``: the game's colour (0xRRGGBB), the bar of its lobbies, boards and DMs."""
    reaction_timeout_option: str | None = None
    """``REACTION_TIMEOUT_OPTION``: the rule option holding a rule-defined timer for out-of-turn answers, if any."""
    default_reaction_timeout: float = 30.0
    """``DEFAULT_REACTION_TIMEOUT``: that timer when no option gives it (seconds)."""
    palette: Mapping[str, RGB] | None = None
    """``PALETTE``: the table colours of :class:`bot.pictures.palette.Palette`, by field; None for a game that
    draws with colours of its own."""
    sample_seats: tuple[int, ...] = ()
    """``SAMPLE_SEATS``: seat counts of the seeded sample positions its pictures are checked on (none: not sampled)."""
    sample_moves: tuple[int, int, int] = (3, 60, 5000)
    """``SAMPLE_MOVES``: random moves to the early, middle and last sample position."""
    home: Path | None = None
    """The game package's directory: where its data files live (``palette.png``, its trained PNG palette)."""
    # -- filled when the game is loaded (bot.core.games.load); None in a declaration only scanned
    rules: Engine = None  # type: ignore[assignment]
    """The pure engine (``cogs/<game>/rules.py``), which satisfies :class:`bot.engine.Engine`."""
    render: Any = None
    """Words and buttons (``cogs/<game>/render``), which satisfy ``bot.gameui.GameRender`` (a layer above)."""
    ai: ModuleType | None = None
    """The normal level's heuristic: ``choose(view, seat, legal, rng)``."""
    picture: ModuleType | None = None
    """The game's picture module (``cogs/<game>/picture``), if it has one."""
    tuning: Mapping[str, Any] = field(default_factory=dict)
    """The strong AI's settings for this game (fields of ``bot.core.ai.tuning.Tuning``, from ``rollout.TUNING``)."""

    @property
    def facts(self) -> Game:
        """The declaration itself (kept for the callers of the former two descriptors)."""
        return self

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

    def board_inputs(self, view: Any) -> Any:
        """What the board picture shows of ``view`` (``picture.board_inputs``), all its drawing reads.

        A picture module without the split draws from the whole view, which is then its inputs.
        """
        split = _split(self.picture, "board")
        return view if split is None else split[0](view)

    def draw_board(self, inputs: Any, names: list[str], tr: Tr) -> bytes | None:
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

    def draw_hand(self, inputs: Any, seat: int, names: list[str], tr: Tr) -> bytes | None:
        """``seat``'s hand picture drawn from :meth:`hand_inputs` alone; None for a game that draws no hands."""
        split = _split(self.picture, "hand")
        if split is not None:
            return bytes(split[1](inputs, seat, names, tr))
        draw = getattr(self.picture, "hand", None)
        return None if draw is None else bytes(draw(inputs, seat, names, tr))

    def board_picture(self, view: Any, names: list[str], tr: Tr) -> bytes | None:
        """The table drawn from ``view``, which must be the spectator view; None for a game without pictures."""
        return self.draw_board(self.board_inputs(view), names, tr)

    @property
    def palette_file(self) -> Path | None:
        """Where the game's trained PNG palette is kept (``docs/pictures/palettes.py`` writes it); may not exist."""
        return None if self.home is None else self.home / "palette.png"


Tr = Callable[..., str]
"""A translator (``bot.i18n.Tr``, a layer above): ``tr(key, **args) -> text``."""


def _split(picture: ModuleType | None, kind: str) -> tuple[Any, Any] | None:
    """``(<kind>_inputs, draw_<kind>)`` of a picture module that splits what it shows from how it draws, else None."""
    inputs, draw = getattr(picture, f"{kind}_inputs", None), getattr(picture, f"draw_{kind}", None)
    return None if inputs is None or draw is None else (inputs, draw)


_REQUIRED = ("ID", "ORDER", "SEATS", "PUBLIC_CONTROLS", "ACCENT")
_OPTIONAL = {
    "REACTION_TIMEOUT_OPTION": "reaction_timeout_option",
    "DEFAULT_REACTION_TIMEOUT": "default_reaction_timeout",
    "PALETTE": "palette",
    "SAMPLE_SEATS": "sample_seats",
    "SAMPLE_MOVES": "sample_moves",
}


def read(module: ModuleType) -> Game:
    """The facts a ``game`` module declares; a missing constant or a wrong id is an error that names it.

    Why strict: a game that quietly lacked a fact would be dropped or half-run,
    the silent failure this declaration replaces.
    """
    missing = [name for name in _REQUIRED if not hasattr(module, name)]
    if missing:
        raise TypeError(f"{module.__name__} does not declare {', '.join(missing)}")
    package = module.__name__.rsplit(".", 1)[0]
    if f"{PACKAGE}.{module.ID}" != package:
        raise ValueError(f"{module.__name__} declares ID {module.ID!r}, but its package is {package!r}")
    low, high = (int(n) for n in module.SEATS)
    more: dict[str, Any] = {field: getattr(module, name) for name, field in _OPTIONAL.items() if hasattr(module, name)}
    if "sample_seats" in more:
        more["sample_seats"] = tuple(more["sample_seats"])
    if "sample_moves" in more:
        early, mid, end = more["sample_moves"]
        more["sample_moves"] = (int(early), int(mid), int(end))
    if getattr(module, "__file__", None):
        more["home"] = Path(module.__file__).resolve().parent
    return Game(
        str(module.ID), int(module.ORDER), low, high, bool(module.PUBLIC_CONTROLS), int(module.ACCENT), **more
    )


@cache
def _game_packages() -> dict[str, Path]:
    """Name -> directory of each package under ``cogs``'s path that holds a ``game.py``; nothing is imported.

    Why from the file system: asking the import system whether ``<name>.game``
    exists imports the package, so every package's ``__init__`` in an
    operator's directory ran during the scan, a game or not.  The first
    directory of the path holding a name wins, as for an import; a later one
    is skipped with a warning (a game kept outside the tree under a built-in
    game's name would otherwise be silently replaced by it).
    """
    root = importlib.import_module(PACKAGE)
    packages: dict[str, Path] = {}
    for base in (Path(entry) for entry in root.__path__):
        if not base.is_dir():
            _warn(base, "not a directory")
            continue
        for home in sorted(p for p in base.iterdir() if (p / "game.py").is_file() and p.name.isidentifier()):
            if home.name in packages:
                first = packages[home.name]
                builtin = first.parent == Path(root.__path__[0])
                _warn(home, f"a built-in game is called {home.name!r}" if builtin else f"{first} has that name")
            else:
                packages[home.name] = home
    return packages


_skipped: dict[str, str] = {}


def _warn(home: Path, why: str) -> None:
    """The one line an operator sees for a game package that is not played (said by the bot, not its workers).

    The worker processes (AI, pictures) scan the games too, and skip the same
    packages; they say nothing, so the line is said once.
    """
    if multiprocessing.parent_process() is None:
        log.warning("kado: game package %s skipped: %s", home, why)


def skip(game_id: str, why: str) -> None:
    """Leave an installed game out from now on (it failed to load); one warning line naming it and why.

    Why skip rather than stop: one broken package in an operator's game
    directory must not take the other games down with it.
    """
    if game_id not in _skipped:
        _skipped[game_id] = why
        _warn(_game_packages().get(game_id, Path(game_id)), why)


def failure(exc: BaseException) -> str:
    """One line saying why a game package failed to load (the exception's type and first line)."""
    cause = getattr(exc, "original", None) or exc  # discord.py's ExtensionFailed wraps what the package raised
    text = str(cause).splitlines()[0] if str(cause) else ""
    return f"{type(cause).__name__}: {text}"[:200] if text else type(cause).__name__


@cache
def _declared() -> tuple[Game, ...]:
    """Every game package's facts that could be read; one that fails to import or declares wrongly is skipped."""
    facts = []
    for name in _game_packages():
        try:
            facts.append(facts_of(name))
        except Exception as exc:  # an operator's package: its own bug must not stop the bot
            skip(name, failure(exc))
    return tuple(sorted(facts, key=lambda f: (f.order, f.id)))


def found() -> tuple[Game, ...]:
    """Every installed game's facts, in their declared order (then by id), but those skipped; scanned once."""
    return tuple(f for f in _declared() if f.id not in _skipped)


@cache
def facts_of(game_id: str) -> Game:
    """One game's facts (``cogs/<game_id>/game.py``); ModuleNotFoundError when no such game is installed."""
    return read(importlib.import_module(f"{PACKAGE}.{game_id}.game"))


def ids() -> tuple[str, ...]:
    """The installed games' ids, in order."""
    return tuple(f.id for f in found())
