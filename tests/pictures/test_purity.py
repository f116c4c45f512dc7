"""View purity: two different true states with the same view give byte-identical pictures.

The second state comes from the engine's own ``determinize`` (a full state
consistent with what one seat knows: the hidden hands, deck order and field
faces dealt afresh).  Whenever its views equal the real state's, every picture
drawn from them must be the same bytes: a picture cannot depend on anything
a view hides.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import i18n
from bot.pictures import samples
from tests.pictures.helpers import HANDS, names, picture

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", samples.GAMES)
@SETTINGS
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    other=st.integers(0, 10_000),
    locale=st.sampled_from(["en", "ja"]),
)
def test_same_view_same_picture(game: str, seed: int, moves: int, other: int, locale: str) -> None:
    engine = samples.rules(game)
    pic = picture(game)
    seats = samples.SEATS[game][seed % len(samples.SEATS[game])]
    state = samples.play(game, seats, seed, moves)
    n = seats
    seat = seed % n
    twin = engine.determinize(engine.view(state, seat), seat, other)
    who = names(n, long=seed % 2 == 0)
    tr = i18n.translator(locale)
    spectator = engine.view(state, None)
    assert engine.view(twin, None) == spectator
    assert pic.board(engine.view(twin, None), who, tr) == pic.board(spectator, who, tr)
    if game in HANDS:
        own = engine.view(state, seat)
        assert engine.view(twin, seat) == own
        assert pic.hand(engine.view(twin, seat), seat, who, tr) == pic.hand(own, seat, who, tr)


@pytest.mark.parametrize("game", HANDS)
def test_twins_really_differ_where_the_view_is_blind(game: str) -> None:
    """The purity property is only worth something if the twin states differ in hidden cards."""
    engine = samples.rules(game)
    differ = 0
    for seed in range(10):
        state = samples.play(game, samples.SEATS[game][-1], seed, 20)
        twin = engine.determinize(engine.view(state, 0), 0, seed + 99)
        differ += twin["hands"][1:] != state["hands"][1:]
    assert differ >= 5


@pytest.mark.parametrize("game", samples.GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_board_draws_only_public_parts_even_from_a_seat_view(game: str, seed: int) -> None:
    """Handed a seat's view by mistake, the board still shows nothing that seat alone knows."""
    engine = samples.rules(game)
    pic = picture(game)
    tr = i18n.translator("en")
    for _label, state in samples.positions(game, seed):
        n = samples.seats_at(game, seed)
        who = names(n, long=False)
        public = pic.board(engine.view(state, None), who, tr)
        for seat in range(n):
            assert pic.board(engine.view(state, seat), who, tr) == public, (seat, _label)
