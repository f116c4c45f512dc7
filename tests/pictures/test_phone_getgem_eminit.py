"""GETGEM and Eminit pictures redesigned for phones: what the redesign promises beyond the size check.

:mod:`tests.pictures.test_phone_text` checks every text's on-phone size and that
none is clipped, cut or drawn over.  Here: a long name is shortened gracefully
(not just cut), a hand shows each card once with how many, nothing the text
under the board says is said again in the picture, and what only the picture
showed (a declaration, the winning hand, each seat's contest answer) is still drawn.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from types import ModuleType

import pytest

from bot import i18n
from bot.pictures import samples
from bot.pictures.canvas import width
from bot.pictures.labels import seat_label
from tests.pictures import textprobe
from tests.pictures.helpers import HANDS

GAMES = HANDS
"""The games whose pictures were redesigned for phones: those that draw a seat's hand (GETGEM and Eminit)."""


def _render(game: str) -> ModuleType:
    return importlib.import_module(f"cogs.{game}.render")


def _texts(data_fn: Callable[[], bytes]) -> list[str]:
    return [run.text for run in textprobe.record(data_fn).runs]


# --------------------------------------------------------------------------- seat labels


def test_a_long_name_is_shortened_gracefully() -> None:
    assert seat_label("Aki", 17, True, 200) == "Aki"
    # full-width Latin drawn half-width: the same letters in half the room, whole here
    wide = "ＳＵＰＥＲ＿ＬＯＮＧ＿ＮＡＭＥ＿ＰＬＡＹＥＲ２"
    assert seat_label(wide, 17, True, 300) == "SUPER_LONG_NAME_PLAYER2"
    # cut after a whole word when that fills most of the room, else inside a word; always within the room
    name = "Aurelia Montgomery-Fitzgerald III"
    for room in (60, 90, 120, 160, 220):
        label = seat_label(name, 17, True, room)
        assert label.endswith("…") and width(label, 17, True) <= room, (room, label)
        assert name.startswith(label.removesuffix("…")), label
    room = width("Aurelia Montgomery-Fitz", 17, True)  # "…Montgomery-Fi…" would cut inside a word
    assert seat_label(name, 17, True, room) == "Aurelia Montgomery…"
    assert seat_label("", 17, True, 100) == ""


# --------------------------------------------------------------------------- one place for each fact


def _repeats(game: str, seats: int, seed: int, moves: int, locale: str) -> list[str]:
    """Texts of the board picture that repeat a sentence of the board's text (its title and short lines)."""
    engine = samples.rules(game)
    pic = importlib.import_module(f"cogs.{game}.picture")
    tr = i18n.translator(locale)
    names = list(samples.SHORT_NAMES[:seats])
    view = engine.view(samples.play(game, seats, seed, moves), None)
    said = _render(game).board(view, names, tr)
    text = " ".join([said.title, *said.summary]).replace("**", "")
    runs = _texts(lambda: pic.board(view, names, tr))
    catalogue = i18n.catalogue(locale)
    cards = [v for k, v in catalogue.items() if k.startswith(f"{game}.card.")]  # a card's face names it
    long_enough = [
        run for run in runs
        if len(run) >= 8 and run not in names and not any(run.removesuffix("…") in card for card in cards)
        and not re.fullmatch(r"[\d\s/#]+", run)
    ]
    return [run for run in long_enough if run.removesuffix("…") in text]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_board_picture_does_not_repeat_the_text_under_it(game: str, locale: str) -> None:
    """The old pictures drew the title ("GETGEM — turn 7") and Eminit's waiting line, both also in the text."""
    repeated = []
    for seats in samples.SEATS[game]:
        for seed in (1, 2, 3):
            for moves in (2, 25, 60):
                repeated += _repeats(game, seats, seed, moves, locale)
    assert repeated == []


# --------------------------------------------------------------------------- hands: one card per kind


def test_a_getgem_hand_shows_each_type_once_with_how_many() -> None:
    hand = importlib.import_module("cogs.getgem.picture.hand")
    tr = i18n.translator("en")
    shown = {"cards": ["fire", "fire", "fire", "water", "steal"], "active": True, "held": [], "decl": [], "known": []}
    runs = _texts(lambda: hand.draw_hand(shown, 0, ["Aki", "Ben"], tr))
    assert runs.count("Fire") == 1 and runs.count("Water") == 1 and runs.count("Steal") == 1
    assert "×3" in runs and "×1" not in runs
    assert any(run.endswith("· 5") for run in runs)  # the header still counts every card


def test_an_eminit_hand_shows_each_kind_once_with_how_many_and_the_declaration() -> None:
    from cogs.eminit import cards

    hand = importlib.import_module("cogs.eminit.picture.hand")
    tr = i18n.translator("en")
    of_kind: dict[str, list[int]] = {}
    for card in range(200):
        try:
            of_kind.setdefault(cards.kind(card), []).append(card)
        except (IndexError, KeyError, ValueError):
            break
    gold, reflect = of_kind["gold"], of_kind["reflect"]
    shown = {
        "held": [[gold[0], 1], [gold[1], 1], [reflect[0], 0]],
        "active": False,
        "known": [{"slot": 3, "card": gold[2]}],
        "declared": reflect[1],
    }
    runs = _texts(lambda: hand.draw_hand(shown, 1, ["Aki", "Ben", "Cy"], tr))
    assert runs.count("Gold Coin") == 2  # the hand's card and the field card known as #3
    assert runs.count("Reflect") == 2  # the hand's card and the declaration
    assert "×2" in runs and "+1" in runs and "#3" in runs and "Declared" in runs


# --------------------------------------------------------------------------- still drawn


def test_getgem_declarations_and_the_winning_hand_are_drawn_in_their_rows() -> None:
    draw = importlib.import_module("cogs.getgem.picture.board").draw_board
    tr = i18n.translator("en")
    base = {
        "n": 3, "to_act": [1], "turn": 1, "phase": "end", "hand_sizes": [5, 3, 4],
        "elements": {"fire": 0, "water": None, "thunder": 2}, "decl": [[], ["fire", "water", "rainbow"], []],
        "deck": 12, "discard": {"count": 2, "top": "steal"}, "match": None, "over": None,
    }
    runs = _texts(lambda: draw(base, ["Aki", "Ben", "Cy"], tr))
    assert "Declared" in runs and "End phase" in runs and "Ben" in runs
    over = {**base, "to_act": [], "phase": "over", "over": {"winners": [1], "reveal": ["fire", "water", "thunder"]}}
    runs = _texts(lambda: draw(over, ["Aki", "Ben", "Cy"], tr))
    assert "Hand" in runs and "End phase" not in runs


def test_eminit_rows_mark_each_seats_contest_answer_without_words() -> None:
    """A declared seat and a done seat look different from a deciding one (the words are in the text)."""
    board = importlib.import_module("cogs.eminit.picture.board")
    tr = i18n.translator("en")
    base = {
        "n": 3, "phase": "scramble", "to_act": [0, 1, 2], "result": None, "field": [], "quota": 5, "deck_size": 20,
        "discard": 3, "contest": {"slot": 2, "card": 0, "flipper": 0, "placed_by": 1,
                                  "seats": ["deciding", "deciding", "deciding"], "answered": [False] * 3},
        "last_contest": None, "scores": [0, 0, 0], "hand_sizes": [3, 3, 3], "skip": [False] * 3,
        "treasures": [[], [], []],
    }
    answered = {**base, "to_act": [0], "contest": {**base["contest"], "seats": ["deciding", "declared", "done"]}}
    names = ["Aki", "Ben", "Cy"]
    assert board.draw_board(base, names, tr) != board.draw_board(answered, names, tr)
    declared_only = {**answered, "contest": {**base["contest"], "seats": ["deciding", "declared", "declared"]}}
    assert board.draw_board(answered, names, tr) != board.draw_board(declared_only, names, tr)


def test_eminit_final_standings_sort_by_points_and_ties_share_a_place() -> None:
    board = importlib.import_module("cogs.eminit.picture.board")
    tr = i18n.translator("en")
    shown = {
        "n": 3, "phase": "over", "to_act": [], "field": [], "quota": 5, "deck_size": 0, "discard": 30,
        "result": {"reason": "turn_cap", "winners": [], "scores": [2, 6, 6]}, "contest": None, "last_contest": None,
        "scores": [2, 6, 6], "hand_sizes": [4, 5, 7], "skip": [False] * 3, "treasures": [[], [], []],
    }
    runs = _texts(lambda: board.draw_board(shown, ["Aki", "Ben", "Cy"], tr))
    # a place in words ("1st"), never a bare number beside the seat's own ①②③
    assert [run for run in runs if run in ("1st", "2nd", "3rd")] == ["1st", "1st", "3rd"]
    assert not [run for run in runs if run in ("1", "2", "3")]
    assert runs.index("Ben") < runs.index("Cy") < runs.index("Aki")
