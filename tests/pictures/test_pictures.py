"""Every picture game: seeded positions draw valid, light, deterministic PNGs, with long names in ja and en."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.pictures import samples
from tests import gamekit
from tests.pictures.helpers import HANDS, check_png, names, picture

CASES = [(game, seed) for game in samples.GAMES for seed in (1, 2, 3, 4)]


@pytest.mark.parametrize(("game", "seed"), CASES)
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_board_and_hands_draw_from_views(game: str, seed: int, locale: str) -> None:
    engine = samples.rules(game)
    pic = picture(game)
    tr = i18n.translator(locale)
    for _label, state in samples.positions(game, seed):
        n = samples.seats_at(game, seed)
        who = names(n, long=locale == "ja" or seed % 2 == 0)
        view = engine.view(state, None)
        board = pic.board(view, who, tr)
        check_png(board)
        assert pic.board(engine.view(state, None), list(who), tr) == board  # same view, same bytes
        if game in HANDS:
            for seat in range(n):
                own = engine.view(state, seat)
                data = pic.hand(own, seat, who, tr)
                check_png(data)
                assert pic.hand(engine.view(state, seat), seat, list(who), tr) == data


@pytest.mark.parametrize("game", samples.GAMES)
def test_pictures_change_with_the_view(game: str) -> None:
    """A picture that ignored its input would pass the checks above: moves and languages must show."""
    engine = samples.rules(game)
    pic = picture(game)
    seats = samples.SEATS[game][-1]
    early, late = samples.play(game, seats, 7, 2), samples.play(game, seats, 7, 40)
    who = names(seats, long=False)
    en, ja = i18n.translator("en"), i18n.translator("ja")
    assert pic.board(engine.view(early, None), who, en) != pic.board(engine.view(late, None), who, en)
    if gamekit.expectations(game).pictures_have_words:  # Promotion's postcard is one picture for every language
        assert pic.board(engine.view(late, None), who, en) != pic.board(engine.view(late, None), who, ja)
    if game in HANDS:
        assert pic.hand(engine.view(late, 0), 0, who, en) != pic.hand(engine.view(late, 0), 0, who, ja)


@pytest.mark.parametrize("game", samples.GAMES)
def test_missing_names_and_emoji_names_do_not_break_a_picture(game: str) -> None:
    engine = samples.rules(game)
    state = samples.play(game, samples.SEATS[game][-1], 5, 30)
    tr = i18n.translator("en")
    check_png(picture(game).board(engine.view(state, None), ["🌸🌸", ""], tr))
