"""Pieces drawn once and pasted (Canvas.tile): a warm cache must draw exactly what a cold one draws."""

from __future__ import annotations

import importlib
import random
from typing import Any

from PIL import Image

from bot import i18n
from bot.pictures import samples, tiles
from bot.pictures.canvas import Canvas
from tests.pictures.helpers import picture


def test_a_tile_is_drawn_once_per_key_and_pasted_where_asked() -> None:
    tiles.clear()
    drawn: list[int] = []

    def piece(c: Canvas) -> None:
        drawn.append(1)
        c.card((2, 2, 30, 40), (240, 240, 240))

    a = Canvas(200, 60, (10, 20, 30))
    a.tile((5, 5), (36, 48), "test.card", piece)
    a.tile((100, 5), (36, 48), "test.card", piece)
    assert len(drawn) == 1
    assert a.image.crop((5, 5, 41, 53)).tobytes() == a.image.crop((100, 5, 136, 53)).tobytes()
    b = Canvas(200, 60, (10, 20, 30))
    b.card((7, 7, 35, 45), (240, 240, 240))  # the same card drawn in place
    assert a.image.crop((0, 0, 60, 60)).tobytes() == b.image.crop((0, 0, 60, 60)).tobytes()
    Canvas(200, 60, (99, 20, 30)).tile((5, 5), (36, 48), "test.card", piece)
    assert len(drawn) == 2  # another background is another piece


def test_portas_boards_drawn_with_warm_pieces_equal_boards_drawn_from_scratch() -> None:
    """A whole game's boards, move after move, as the bot draws them: each must be the same bytes with the
    pieces of the earlier boards in the cache as with none (a key missing what a piece shows would differ)."""
    engine = samples.rules("portas")
    pic = picture("portas")
    for locale in ("en", "ja"):
        tr = i18n.translator(locale)
        for seed in range(3):
            state = engine.new(2, seed)
            rng = random.Random(seed)
            while True:
                view = engine.view(state, None)
                warm = pic.board(view, ["Aki", "ちはる"], tr)
                tiles.clear()
                assert pic.board(view, ["Aki", "ちはる"], tr) == warm
                acting = sorted(engine.to_act(state))
                if not acting:
                    break
                state = engine.apply(state, acting[0], rng.choice(engine.legal(state, acting[0]))).state


def test_getgem_boards_and_hands_drawn_with_warm_pieces_equal_boards_drawn_from_scratch() -> None:
    engine = samples.rules("getgem")
    pic = picture("getgem")
    tr = i18n.translator("ja")
    for seats, seed in ((3, 1), (5, 2)):
        names = list(samples.LONG_NAMES[:seats])
        state = engine.new(seats, seed)
        rng = random.Random(seed)
        for _move in range(60):
            views = [(None, engine.view(state, None))] + [(s, engine.view(state, s)) for s in range(seats)]
            warm = [_draw(pic, view, seat, names, tr) for seat, view in views]  # the earlier move's pieces
            tiles.clear()
            assert [_draw(pic, view, seat, names, tr) for seat, view in views] == warm, _move
            acting = sorted(engine.to_act(state))
            if not acting:
                break
            state = engine.apply(state, acting[0], rng.choice(engine.legal(state, acting[0]))).state


def _draw(pic: Any, view: Any, seat: int | None, names: list[str], tr: Any) -> bytes:
    return pic.board(view, names, tr) if seat is None else pic.hand(view, seat, names, tr)


def test_the_shelves_stay_within_their_budgets_and_keep_small_pieces_apart(monkeypatch: Any) -> None:
    from PIL import Image

    tiles.clear()
    monkeypatch.setattr(tiles, "BUDGETS", {"small": 10 * 40 * 40 * 4, "large": 3 * 200 * 200 * 4})
    for i in range(50):
        tiles.put(("large", i), Image.new("RGB", (200, 200)))
        tiles.put(("small", i), Image.new("RGB", (40, 40)))
    held = tiles.held()
    assert held["small"] <= 10 * 40 * 40 * 4 and held["large"] <= 3 * 200 * 200 * 4
    assert tiles.get(("small", 49)) is not None and tiles.get(("small", 40)) is not None  # large ones did not push
    assert tiles.get(("small", 39)) is None and tiles.get(("large", 46)) is None
    tiles.clear()


def test_text_masks_are_kept_on_their_own_shelf_within_its_budget(monkeypatch: Any) -> None:
    """Thousands of names (a popular bot's players) stay within the text shelf's bytes, push out no piece,
    and a name drawn again after its mask was pushed out is drawn exactly as before."""
    tiles.clear()
    monkeypatch.setattr(tiles, "BUDGETS", {**tiles.BUDGETS, "text": 64 * 1024})
    tiles.put(("piece", 1), Image.new("RGB", (40, 40)))
    first = Canvas(300, 40, (10, 20, 30))
    first.text((4, 20), "Player 0", 18, (240, 240, 240))
    for i in range(1, 400):
        Canvas(300, 40, (10, 20, 30)).text((4, 20), f"Player {i}", 18, (240, 240, 240), bold=i % 2 == 0)
    assert 0 < tiles.held()["text"] <= 64 * 1024
    assert tiles.get(("Player 0", 18, False), "text") is None  # pushed out by the 399 names after it
    assert tiles.get(("piece", 1)) is not None
    again = Canvas(300, 40, (10, 20, 30))
    again.text((4, 20), "Player 0", 18, (240, 240, 240))
    assert again.image.tobytes() == first.image.tobytes()
    tiles.clear()


def test_eminit_hands_with_pasted_cards_equal_hands_drawn_in_place(monkeypatch: Any) -> None:
    """Eminit's hand cards are pasted pieces: a hand must be the same bytes as with every card drawn in place
    (a piece too small for its card's shadow, or one overlapping its neighbour, would differ), warm or cold."""
    import cogs.eminit.picture as eminit
    hand_module = importlib.import_module("cogs.eminit.picture.hand")  # the package's ``hand`` is the function
    from cogs.eminit.picture import sprites

    engine = samples.rules("eminit")
    in_place = lambda canvas, box, card, points, tr: sprites.face(canvas, box, card, tr, points=points)  # noqa: E731
    for locale, seed in (("en", 1), ("ja", 2)):
        tr = i18n.translator(locale)
        state = samples.play("eminit", 5, seed, 25)
        for seat in range(5):
            view = engine.view(state, seat)
            assert view["hand"], "a hand with cards"
            tiles.clear()
            cold = eminit.hand(view, seat, list(samples.LONG_NAMES[:5]), tr)
            warm = eminit.hand(view, seat, list(samples.LONG_NAMES[:5]), tr)
            with monkeypatch.context() as patched:
                patched.setattr(hand_module, "_hand_card", in_place)
                drawn = eminit.hand(view, seat, list(samples.LONG_NAMES[:5]), tr)
            assert cold == warm == drawn, (locale, seat)
    tiles.clear()
