"""Pictures kept by their inputs: served from the cache, every picture of whole seeded games is the one drawn afresh.

A game's picture module splits each picture into ``*_inputs(view)`` (the part
of the view it shows) and ``draw_*(inputs, ...)`` (the drawing, handed nothing
else); :mod:`bot.frontend.drawing.picture_cache` keys a picture by (game, viewer, locale,
names, inputs).  Here whole games are played move by move, every board and
every seat's hand drawn from scratch, and:

* each picture the cache serves (by slot, as the bot asks, and by key across
  every position of every game) is byte-identical to the one drawn afresh;
* the check can fail: with any one input (or the viewer, locale or names) left
  out of the key, some position is served a stale picture.
"""

from __future__ import annotations

import functools
import importlib
import random
from dataclasses import dataclass
from typing import Any

import pytest

from bot import i18n
from bot.core import games
from bot.frontend.drawing import picture_cache
from bot.pictures import samples
from tests import gamekit

GAMES = tuple(g for g in gamekit.ids() if games.get(g).picture is not None)
"""Every installed game that draws; each plays the games its ``PICTURE_RUNS`` name (tests/<game>/expectations.py)."""
MOVES = 150
"""At most this many moves of each game (a whole game of all but a GETGEM match)."""
ECHO_MOVES = 20
"""Each game's first moves are played again in Japanese, and with other names (so those must be in the key)."""


@dataclass(frozen=True)
class Drawn:
    game: str
    viewer: int | None  # None: the board; else that seat's hand
    locale: str
    names: tuple[str, ...]
    inputs: Any
    png: bytes  # drawn from scratch, from the whole view


def _play(
    game: str, seats: int, seed: int, options: dict[str, Any], locale: str, long: bool, moves: int
) -> list[list[Drawn]]:
    """Every picture of one game, move by move (a list per position), each drawn from scratch."""
    spec = games.get(game)
    pic = importlib.import_module(f"cogs.{game}.picture")
    engine = spec.rules
    tr = i18n.translator(locale)
    names = list((samples.LONG_NAMES if long else samples.SHORT_NAMES)[:seats])
    state = engine.new(seats, seed, spec.resolve_options(options))
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        at = []
        for viewer in [None, *(range(seats) if hasattr(pic, "hand") else ())]:
            view = engine.view(state, viewer)
            if viewer is None:
                png = pic.board(view, names, tr)
                inputs = pic.board_inputs(view)
            else:
                png = pic.hand(view, viewer, names, tr)
                inputs = pic.hand_inputs(view, viewer)
            at.append(Drawn(game, viewer, locale, tuple(names), inputs, png))
        out.append(at)
        acting = sorted(engine.to_act(state))
        if not acting:
            break
        seat = rng.choice(acting)
        state = engine.apply(state, seat, rng.choice(engine.legal(state, seat))).state
    return out


@functools.cache
def _games(game: str) -> tuple[tuple[Drawn, ...], ...]:
    """Every run of ``game``: games in English, their openings again in Japanese, and again with long names."""
    runs = []
    for seats, seed, options in gamekit.expectations(game).picture_runs:
        for locale, long, moves in (("en", False, MOVES), ("ja", False, ECHO_MOVES), ("en", True, ECHO_MOVES)):
            runs.append(tuple(d for at in _play(game, seats, seed, options, locale, long, moves) for d in at))
    return tuple(runs)


def _key(d: Drawn, leave_out: str | None = None) -> Any:
    """The cache's key of ``d``, with one of its parts (an input, or viewer/locale/names) left out if asked."""
    inputs = {k: v for k, v in d.inputs.items() if k != leave_out}
    return picture_cache.key(
        d.game,
        -1 if leave_out == "viewer" else d.viewer,
        "" if leave_out == "locale" else d.locale,
        [] if leave_out == "names" else list(d.names),
        inputs,
    )


def _served_wrong(drawn: list[Drawn], leave_out: str | None = None) -> int:
    """How many pictures a cache keyed without ``leave_out`` serves wrong, over every position (content-addressed)."""
    kept: dict[Any, bytes] = {}
    wrong = 0
    for d in drawn:
        png = kept.setdefault(_key(d, leave_out), d.png)
        wrong += png != d.png
    return wrong


@pytest.mark.parametrize("game", GAMES)
def test_pictures_served_by_slot_are_those_drawn_afresh(game: str) -> None:
    """As the bot asks: a board and each seat's DM a slot, a picture drawn again only when its key changed."""
    spec = games.get(game)
    picture_cache.clear()
    for run, drawn in enumerate(_games(game)):
        for d in drawn:
            slot = (run, d.viewer, d.locale)

            def draw(d: Drawn = d) -> bytes | None:
                if d.viewer is None:
                    return spec.draw_board(d.inputs, list(d.names), i18n.translator(d.locale))
                return spec.draw_hand(d.inputs, d.viewer, list(d.names), i18n.translator(d.locale))

            assert picture_cache.cached(slot, _key(d), draw) == d.png
    counts = picture_cache.counts()
    assert counts["drawn"] + counts["kept"] == sum(len(r) for r in _games(game))
    if gamekit.expectations(game).pictures_mostly_kept:
        assert counts["kept"] > counts["drawn"] / 2, counts  # most moves leave most pictures as they were


@pytest.mark.parametrize("game", GAMES)
def test_pictures_served_by_key_across_every_position_are_those_drawn_afresh(game: str) -> None:
    drawn = [d for run in _games(game) for d in run]
    assert _served_wrong(drawn) == 0


def _draw(d: Drawn, inputs: Any, viewer: int | None, locale: str, names: tuple[str, ...]) -> bytes | None:
    spec, tr = games.get(d.game), i18n.translator(locale)
    if viewer is None:
        return spec.draw_board(inputs, list(names), tr)
    return spec.draw_hand(inputs, viewer, list(names), tr)


def _stale(drawn: tuple[Drawn, ...], donors: tuple[Drawn, ...], part: str) -> bool:
    """Whether a cache keyed without ``part`` serves a stale picture somewhere in one run.

    Real positions seldom differ in one input alone, so the position asked for
    second is made: a position with ``part`` taken from another (``donors``: any game's; or, for
    the viewer, locale and names, another seat, language or names).  Keyed
    without ``part`` it finds the first position's picture: stale if it should look different.
    """
    other_names = tuple(reversed(drawn[0].names))
    for i, d in enumerate(drawn):
        at = i * len(donors) // len(drawn)  # a donor from about as far into its game
        cache: dict[Any, bytes | None] = {_key(d, part): d.png}
        inputs, viewer, locale, names = d.inputs, d.viewer, d.locale, d.names
        if part == "viewer":
            viewer = (d.viewer + 1) % len(d.names)
        elif part == "locale":
            locale = "ja" if d.locale == "en" else "en"
        elif part == "names":
            names = other_names
        else:
            donor = next((e for e in donors[at:] + donors[:at] if e.inputs[part] != d.inputs[part]), None)
            if donor is None:
                continue
            inputs = {**d.inputs, part: donor.inputs[part]}
        asked = Drawn(d.game, viewer, locale, names, inputs, b"")
        try:
            fresh = _draw(d, inputs, viewer, locale, names)
        except (KeyError, IndexError, TypeError, ValueError):  # a made position the drawing cannot lay out
            continue
        if cache.get(_key(asked, part)) != fresh:
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_a_key_missing_any_input_serves_a_stale_picture(game: str) -> None:
    """The checks above can fail: leave any one part out of the key and some position gets a stale picture.

    This also shows that every input is drawn: one that changed no picture
    would be dead weight in the key, costing hits.
    """
    runs = _games(game)
    unused = []
    for kind in ("board", "hand"):
        of_kind = [tuple(d for d in run if (d.viewer is None) == (kind == "board")) for run in runs]
        if not of_kind[0]:
            continue
        parts = sorted(of_kind[0][0].inputs) + ["names"] + (["viewer"] if kind == "hand" else [])
        parts += ["locale"] if gamekit.expectations(game).pictures_have_words else []  # else one for every language
        donors = tuple(d for run in of_kind for d in run)
        unused += [f"{kind}.{part}" for part in parts if not any(_stale(run, donors, part) for run in of_kind)]
    assert unused == []
