"""What the shared tests and benchmarks expect of each game, found from the registry, never from a list of ids.

The shared tests (leak scan, pictures, screens, rules pages, AI legality…) and
the benchmarks run every installed game (:func:`bot.gamefacts.ids`), so a new
game is picked up by itself.  What only one game can say of itself -- its
secret swaps for the leak scan, its seeded picture runs, its benchmark tables --
lives in its own test folder, ``tests/<game>/expectations.py``, as capital
constants named like the fields of :class:`Expectations` (``LEAK_SAMPLE`` …).
A game without that module (e.g. one found through ``KADO_GAME_DIRS``) gets the
defaults below, derived from its declaration: every shared check still runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from bot import gamefacts
from bot.engine import JSON, Result, State

Swaps = Callable[[State, "int | None"], list[State]]
Depends = Callable[[dict, int, list[str], list[dict]], "tuple[str, list[str]] | None"]


@dataclass(frozen=True)
class Expectations:
    """One game's own numbers for the shared tests and benchmarks; each field has a default from its facts."""

    game: str
    # -- tests/robustness: the leak scan
    leak_sample: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: {0: (0, 1), 1: (0,)})
    """chunk -> indices of the seeded games test_leaks.py plays (``tests/robustness/leaks/leak_sample.py``
    chooses them)."""
    secret_swaps: Swaps | None = None
    """Twins of a state that differ only in a secret ``audience`` may not know (None: the generic twins only)."""
    card_keys: frozenset[str] = frozenset()
    """Keys whose values are card ids, in views and private events (checked against what the seat's view shows)."""
    # -- tests/pictures, tests/ai, tests/platform, tests/ratings
    picture_runs: tuple[tuple[int, int, dict[str, JSON]], ...] = ()
    """(seats, seed, options) of the whole games tests/pictures/test_inputs.py draws (default: one, fewest seats)."""
    pictures_have_words: bool = True
    """Its pictures hold words, so a picture differs by language (Promotion's postcard has none)."""
    pictures_mostly_kept: bool = False
    """Most moves leave most of its pictures as they were (so the inputs cache keeps more than it draws)."""
    option_context: Mapping[str, JSON] = field(default_factory=dict)
    """Options that let another option show in the rules text (GETGEM's match target needs match play)."""
    teaching_options: tuple[str, ...] = ()
    """Options each value of which has its own sentence on the rules' first page."""
    hidden: Callable[[State, int], Any] | None = None
    """What ``seat`` cannot see in a state, to prove twin states really differ (None: the whole state)."""
    decision_kind: Callable[[State, int, list[dict]], str] | None = None
    """A label for the kind of a decision (AI coverage checks; None: the first legal action's type)."""
    strong_move_kinds: frozenset[str] = frozenset()
    """Decision kinds the strong AI must have answered in tests/ai/test_legal.py (simultaneous, out-of-turn…)."""
    placements: tuple[tuple[Result, list[int]], ...] = ()
    """Results of the game and the places the ratings give them (tests/ratings/test_placements.py)."""
    # -- bench/ and docs/pictures
    load_share: float = 0.1
    """Its share of the tables in the load benchmarks (bench.clicks.tables, bench.pictures, bench.picture_mix)."""
    load_seats: int = 0
    """Seats at a load benchmark's table (default: its fewest)."""
    request_tables: tuple[int, ...] = ()
    """Seat counts bench.requests measures (default: fewest and most)."""
    board_view_tables: tuple[int, ...] = ()
    """Seat counts bench.screens.board_view measures (default: fewest and most)."""
    ai_rating_tables: tuple[tuple[str, ...], ...] = ()
    """Tables of AI levels bench.ai.ratings calibrates at (default: the three levels, as the seats allow)."""
    ai_rating_games: int = 100
    """Games per table set bench.ai.ratings plays by default."""
    ai_strength_matchups: tuple[tuple[str, ...], ...] = ()
    """Tables bench.ai.strength plays by default (default: as ``ai_rating_tables``)."""
    readme_picture: tuple[int, int, int] = (0, 1, 20)
    """(seats, seed, moves played) of the position docs/pictures/make.py draws for README (seats 0: fewest)."""
    readme_japanese: bool = False
    """docs/pictures/make.py also draws that position in Japanese (``<game>-ja.png``, shown in README)."""
    flow_rules: Mapping[str, JSON] = field(default_factory=dict)
    """Rule options giving a benchmark's human long reaction windows (bench.screens.flow)."""
    flow_depends: Depends | None = None
    """What a decision depends on, from the seat's view (bench.screens.flow; None: not in that benchmark)."""
    # -- tests/e2e: whole games through the real bot
    short_game: Mapping[str, JSON] = field(default_factory=dict)
    """Rule options that make a whole game short and still whole (its moments, its end), for the end-to-end tests
    that play one to the end; every click costs a bot round trip (default: the game's own rules, when no option
    shortens it much -- Eminit's deck is played through whatever its options)."""
    simultaneous_choices: bool = False
    """Every seat may have to choose at once, in secret (a round's picks, a contest's declarations): a seeded game
    shows each reader others' hidden choices pending (tests/slow/test_notice_leaks.py checks the scan met them)."""
    review_loss_seats: int = 0
    """A table size at which seeded games hold choices that lose at once in every world the seat's view allows
    (tests/review/test_known_losses.py); 0: the game has no such positions to test the review on."""
    review_positions: Callable[[], list[tuple[State, int, dict]]] | None = None
    """Positions built by hand, each (state, deciding seat, its clearly losing action), that the review must call a
    mistake or a blunder (tests/review/test_known_losses.py); None: the game builds none."""


def _defaults(facts: gamefacts.Game) -> dict[str, Any]:
    """The fields whose defaults depend on the game's declaration (its seats)."""
    low, high = facts.min_seats, facts.max_seats
    ends = (low,) if low == high else (low, high)
    levels = ("strong", "normal", "easy")
    table = tuple(levels[i % 3] for i in range(max(low, min(3, high))))
    return {
        "picture_runs": ((low, 1, {}),),
        "load_seats": low,
        "request_tables": ends,
        "board_view_tables": ends,
        "ai_rating_tables": (table,),
        "ai_strength_matchups": (table,),
        "readme_picture": (low, 1, 20),
    }


@cache
def expectations(game: str) -> Expectations:
    """``tests/<game>/expectations.py`` read into :class:`Expectations`, defaults filled from the game's facts."""
    values = _defaults(gamefacts.facts_of(game))
    try:
        module = importlib.import_module(f"tests.{game}.expectations")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"tests.{game}", f"tests.{game}.expectations"):
            raise
        module = None
    names = {f.name for f in fields(Expectations)} - {"game"}
    for name in names:
        if module is not None and hasattr(module, name.upper()):
            values[name] = getattr(module, name.upper())
    declared = [n for n in dir(module) if n.isupper() and not n.startswith("_")] if module else []
    unknown = [n for n in declared if n.lower() not in names]
    if unknown:
        raise TypeError(f"tests/{game}/expectations.py declares unknown {', '.join(unknown)}")
    return Expectations(game, **values)


def ids() -> tuple[str, ...]:
    """Every installed game, in order (the registry's list; the shared tests take their games from it)."""
    return gamefacts.ids()


def every() -> list[Expectations]:
    """Every installed game's expectations, in order."""
    return [expectations(g) for g in ids()]


def load_mix() -> tuple[tuple[str, int, float], ...]:
    """(game, seats, share) of the load benchmarks' tables: each game's ``LOAD_SHARE``, most played first,
    the shares scaled to sum to 1 (today's four: PORTAS 60 %, GETGEM and Eminit 15 %, Promotion 10 %)."""
    every_one = every()
    total = sum(e.load_share for e in every_one) or 1.0
    mix = [(e.game, e.load_seats, e.load_share / total) for e in every_one]
    return tuple(sorted(mix, key=lambda m: -m[2]))


def table_size(game: str, prefer: int = 3) -> int:
    """A table size the game allows, as near ``prefer`` as it can be (a shared test's one table per game)."""
    facts = gamefacts.facts_of(game)
    return max(facts.min_seats, min(prefer, facts.max_seats))
