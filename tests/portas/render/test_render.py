"""The PORTAS renderer: every key exists in both languages, boards show what they must, labels fit."""

from __future__ import annotations

import random
import string
from collections.abc import Iterator

import pytest

from bot import i18n
from bot.engine import Event, resolve_options
from bot.gameui import Board
from cogs.portas import render, rules
from cogs.portas.strings import STRINGS

from ..helpers import build, random_game

NAMES = ["Aki", "Ben"]
OPTION_SETS = [
    None,
    {"overshoot": "allowed", "pass_rule": "voluntary", "first_player": "seat0", "tiebreak": "none"},
    {"tiebreak": "treasures"},
    {"tiebreak": "last_taker"},
]


@pytest.fixture(autouse=True, scope="module")
def _registered() -> None:
    i18n.register(STRINGS)


class StrictTr:
    """A translator that records keys and fails loudly on a missing key or field."""

    def __init__(self, locale: str, used: set[str]) -> None:
        self.locale = locale
        self.used = used

    def __call__(self, key: str, /, **kwargs: object) -> str:
        self.used.add(key)
        return STRINGS[self.locale][key].format(**kwargs)


def all_transitions(seed: int, options: dict | None) -> Iterator[tuple[dict, list[Event]]]:
    """(state, events that led to it) for a random game."""
    rng = random.Random(seed)
    state = rules.new(2, seed, options)
    yield state, []
    while state["result"] is None:
        seat = state["turn"]
        t = rules.apply(state, seat, rng.choice(rules.legal(state, seat)))
        state = t.state
        yield state, list(t.events)


def render_everything(tr: StrictTr) -> None:
    for options in OPTION_SETS:
        for seed in range(12):
            for state, events in all_transitions(seed, options):
                check_board(render.board(rules.view(state, None), NAMES, tr))
                for seat in (0, 1):
                    view = rules.view(state, seat)
                    assert render.private(view, seat, NAMES, tr)
                    assert render.revealed(view, seat, NAMES, tr)  # a replay's last page
                    for action in rules.legal(state, seat):
                        control = render.control(action, view, seat, NAMES, tr)
                        assert 0 < len(control.label) <= 80
                        assert control.style in ("primary", "secondary", "success", "danger")
                for event in events:
                    line = render.event(event, NAMES, tr)
                    assert line and not line.startswith("portas.")
    # rare in random play: every way a game can be decided, a take with nothing lost
    final = list(random_game(0))[-1]
    for decided_by in ("score", "treasures", "last_taker", "draw"):
        for reason in ("all_taken", "both_passed"):
            winners = [] if decided_by == "draw" else [1]
            result = {"winners": winners, "scores": [9, 9], "reason": reason, "decided_by": decided_by}
            check_board(render.board({**rules.view(final, None), "result": result}, NAMES, tr))
            assert render.event(Event("game_over", result), NAMES, tr)
    took = {"seat": 0, "treasure": 11, "value": 11, "points": 11, "lost": 0}
    assert render.event(Event("took", took), NAMES, tr)
    check_board(render.board({**rules.view(final, None), "scores": [1, 0]}, NAMES, tr))  # "1 pt"
    assert render.reason(rules.view(final, None), NAMES, tr)  # why it ended so: the ports that scored
    assert render.reason({**rules.view(final, None), "taken": [[], []], "scores": [0, 0]}, NAMES, tr)
    assert all(render.legend(tr))  # the picture's symbols, for Details
    for opt in rules.OPTIONS:  # the readings show every value a server can choose
        for value in opt.choices or (opt.default,):
            assert all(render.rules_text(tr, resolve_options(rules.OPTIONS, {opt.name: value})))


def check_board(board: Board) -> None:
    """Discord embed limits."""
    assert 0 < len(board.title) <= 256
    assert len(board.description) <= 4096 and len(board.footer) <= 2048
    assert len(board.fields) <= 25
    for name, value in board.fields:
        assert 0 < len(name) <= 256 and 0 < len(value) <= 1024


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_key_the_renderer_uses_exists_with_its_fields(locale: str) -> None:
    used: set[str] = set()
    render_everything(StrictTr(locale, used))
    assert used <= set(STRINGS[locale])
    # every string is reachable: used by the renderer, or by the platform (name, error codes)
    platform = {"portas.name", "portas.help", "cmd.portas", "portas.rules.more_button"}  # + the help line, the command
    platform |= {f"portas.error.{code}" for code in rules.ERROR_CODES}
    for opt in rules.OPTIONS:  # labels and descriptions for the settings and the lobby
        platform |= {f"portas.option.{opt.name}", f"portas.option.{opt.name}.doc"}
        platform |= {f"portas.option.{opt.name}.{v}" for v in opt.choices}
    assert set(STRINGS[locale]) - used - platform == set()


def test_both_catalogues_have_the_same_keys_and_fields() -> None:
    assert set(STRINGS["en"]) == set(STRINGS["ja"])
    for key, text in STRINGS["en"].items():
        assert key.startswith(("portas.", "cmd.portas"))  # its own keys and its command's name
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        ja_fields = {f for _, f, _, _ in string.Formatter().parse(STRINGS["ja"][key]) if f}
        assert fields == ja_fields, key


def test_every_option_and_value_has_a_label() -> None:
    for locale in ("en", "ja"):
        for opt in rules.OPTIONS:
            assert f"portas.option.{opt.name}" in STRINGS[locale]
            for value in opt.choices:
                assert f"portas.option.{opt.name}.{value}" in STRINGS[locale]


def test_error_codes_have_field_free_messages() -> None:
    # the platform looks error texts up by code alone, without the error's args
    for locale in ("en", "ja"):
        for code in rules.ERROR_CODES:
            text = STRINGS[locale][f"portas.error.{code}"]
            assert not [f for _, f, _, _ in string.Formatter().parse(text) if f]


def test_board_shows_both_hands_treasures_scores_and_turn() -> None:
    state = build(
        hands=([1, 2, 5, 6], [3, 3, 4]),
        decks=([1, 1], [2, 6, 6]),
        open_=[(13, [5, 3], [2]), (11, [], [])],
        taken=([], [{"value": 12, "ports": [[4], [6, 2]], "points": 8}]),
        turn=1,
    )
    tr = i18n.translator("en")
    board = render.board(rules.view(state, None), NAMES, tr)
    text = "\n".join([board.title, board.description, *(f"{n}\n{v}" for n, v in board.fields)])
    assert "Aki" in board.title and "Ben" in board.title
    assert "`1` `2` `5` `6`" in text and "`3` `3` `4`" in text
    fields = dict(board.fields)
    assert fields["💎 Treasure 13 — 10/13"] == "**Aki**: 5 + 3 = 8\n**Ben**: 2"
    assert fields["💎 Treasure 11 — 0/11"] == "*nothing ported yet*"
    assert "▶ Ben — score 8" in fields
    assert "Deck: 3" in fields["▶ Ben — score 8"] and "12 (+8)" in fields["▶ Ben — score 8"]
    assert "Treasure deck: 2 left" in board.description
    assert "Ben" in board.description.splitlines()[0]


def test_board_in_japanese_and_last_moves() -> None:
    states = [s for s, _ in all_transitions(1, None)]
    view = rules.view(states[3], None)
    board = render.board(view, NAMES, i18n.translator("ja"))
    assert "手札" in "".join(v for _, v in board.fields)
    assert "直前の手" in board.description
    assert board.description.count("• ") == len(view["recent"]) > 0


def test_finished_board_names_the_winner_and_house_rules_in_the_footer() -> None:
    final = list(random_game(3, {"overshoot": "allowed"}))[-1]
    board = render.board(rules.view(final, None), NAMES, i18n.translator("en"))
    res = final["result"]
    first_line = board.description.splitlines()[0]
    if res["winners"]:
        assert NAMES[res["winners"][0]] in first_line
    else:
        assert "Draw" in first_line
    assert "Overshooting a treasure: allowed" in board.footer


def test_control_labels() -> None:
    state = build(hands=([1, 3, 5, 6], [2, 2]), open_=[(13, [5, 3], [2]), (11, [], [])])
    view = rules.view(state, 0)
    tr = i18n.translator("en")
    take = render.control({"type": "port", "card": 3, "treasure": 13}, view, 0, NAMES, tr)
    assert take.label == "3 → 13: take (+11)" and take.style == "success" and take.row == 0
    plain = render.control({"type": "port", "card": 5, "treasure": 11}, view, 0, NAMES, tr)
    assert plain.label == "5 → 11 (5/11)" and plain.row == 1
    passing = render.control({"type": "pass"}, view, 0, NAMES, tr)
    assert passing.label == "Pass" and passing.style == "danger"


def test_event_lines() -> None:
    tr = i18n.translator("en")
    ported = Event("ported", {"seat": 0, "card": 3, "treasure": 13, "total": 8})
    assert render.event(ported, NAMES, tr) == "Aki ports 3 (satchel) onto 13 → 8/13"
    took = Event("took", {"seat": 1, "treasure": 13, "value": 13, "points": 4, "lost": 9})
    assert "Ben takes treasure 13 and scores 4" in render.event(took, NAMES, tr)
    assert "9" in render.event(took, NAMES, tr)
    forced = Event("passed", {"seat": 1, "forced": True})
    assert render.event(forced, NAMES, tr) == "Ben has no legal port and passes"
    over = Event("game_over", {"winners": [], "scores": [5, 5], "reason": "both_passed", "decided_by": "draw"})
    assert "Draw" in render.event(over, NAMES, tr)
    assert render.event(Event("unknown"), NAMES, tr) == "portas.event.unknown"
    ja = render.event(ported, NAMES, i18n.translator("ja"))
    assert "かばん" in ja


def test_private_and_rules_text() -> None:
    state = rules.new(2, 1)
    view = rules.view(state, 0)
    line = render.private(view, 0, NAMES, i18n.translator("en"))
    assert "\n" not in line and render.cards_text(state["hands"][0], i18n.translator("en")) in line
    defaults = resolve_options(rules.OPTIONS, None)
    en = "\n".join(render.rules_text(i18n.translator("en"), defaults))
    ja = "\n".join(render.rules_text(i18n.translator("ja"), defaults))
    assert "PORTAS" in en and "ポータス" in ja and en != ja
    assert len(en) <= 4096 and len(ja) <= 4096


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_rules_text_is_rulebook_then_readings_with_the_current_values(locale: str) -> None:
    tr = i18n.translator(locale)
    defaults = resolve_options(rules.OPTIONS, None)
    first, readings = render.rules_text(tr, defaults)
    assert 0 < len(first) <= 1500 and 0 < len(readings) <= 4000
    seen, taught = {readings}, {first}
    for opt in rules.OPTIONS:
        for value in opt.choices:
            book, text = render.rules_text(tr, {**defaults, opt.name: value})
            assert len(book) <= 1500
            seen.add(text)
            taught.add(book)
    every = 1 + sum(len(opt.choices) - 1 for opt in rules.OPTIONS)
    assert len(seen) == every and len(taught) == every  # every value reads differently, on both pages


def test_outcome_lists_the_winners_score_first_and_one_point_reads_right() -> None:
    """"bob wins, 0 : 8" read backwards; "1 pts" read wrong (now "score 1", no plural to get wrong)."""
    tr = i18n.translator("en")
    assert render._outcome({"winners": [1], "scores": [0, 8]}, ["alice", "bob"], tr) == "🏆 **bob** wins, 8–0"
    assert render._outcome({"winners": [0], "scores": [9, 8]}, ["alice", "bob"], tr) == "🏆 **alice** wins, 9–8"
    view = {"to_act": [], "scores": [1, 2], "taken": [[], []], "hands": [[], []], "deck_sizes": [0, 0]}
    assert render._player_field(view, 0, ["alice", "bob"], tr)[0] == "alice — score 1"
    assert render._player_field(view, 1, ["alice", "bob"], tr)[0] == "bob — score 2"


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_board_reads_the_button_notation_while_the_game_runs(locale: str) -> None:
    """"1 → 13 (12/13)" has a one-line legend on the board, just above the buttons it explains."""
    state = build(hands=([1, 2, 4, 6], [3, 3]), open_=[(13, [5, 3], [3]), (11, [], [])])
    tr = i18n.translator(locale)
    label = render.control({"type": "port", "card": 1, "treasure": 13}, rules.view(state, 0), 0, NAMES, tr).label
    legend = render.board(rules.view(state, None), NAMES, tr).hint
    assert f"`{label}`" in legend and len(legend) <= 70  # the very notation a button shows, quoted
    # a finished game has no buttons left to read, so no legend either
    final = list(random_game(3))[-1]
    assert not render.board(rules.view(final, None), NAMES, tr).hint
