"""The DM speaks to its reader: each pick line is its own, the rows are explained, the result ends it."""

from __future__ import annotations

import pytest

from bot import i18n
from cogs.promotion import render, rules
from cogs.promotion.rules.postcard import SPECIAL_NAME
from cogs.promotion.strings import STRINGS

from ..util import play

i18n.register(STRINGS)

NAMES = ["Aki", "Ben", "明日香", "Dora"]


def _private_lines(seed: int, seat: int, locale: str) -> list[str]:
    """Every private log line ``seat`` is sent over a whole random game (as the presenter collects them)."""
    tr = i18n.translator(locale)
    return [
        render.event(e, NAMES, tr)
        for *_rest, events in play(seed, None)
        for e in events
        if e.to is not None and seat in e.to
    ]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_first_pick_lines_of_a_game_never_repeat(locale: str) -> None:
    """One pick line per round, each naming its round: "row 4" four times read as one stuck message."""
    for seed in (1, 2, 3):
        for seat in range(4):
            lines = _private_lines(seed, seat, locale)
            assert len(lines) >= 2
            assert len(set(lines)) == len(lines), lines


def test_pick_line_is_second_person_with_its_round() -> None:
    tr = i18n.translator("en")
    for *_rest, events in play(1, None):
        for e in events:
            if e.kind == "pick":
                line = render.event(e, NAMES, tr)
                assert line.startswith(f"Round {e.args['round']}: you ")
                assert f"row {e.args['row']}" in line
                return
    raise AssertionError("no pick event")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_pick_phase_explains_the_rows(locale: str) -> None:
    tr = i18n.translator(locale)
    state = next(after for _b, _s, _a, after, _e in play(1, None) if after["phase"] == "pick")
    for seat in range(4):
        view = rules.view(state, seat)
        text = render.private(view, seat, NAMES, tr)
        special = render.words.sides_of(view)[view["sides"][seat]].special
        assert SPECIAL_NAME[special] in text
        assert tr(f"promotion.private.special.{special}") in text
        assert tr("promotion.private.rows_help") in text


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_finished_dm_ends_with_the_result_for_you(seed: int) -> None:
    tr = i18n.translator("en")
    options = {"max_rounds": 2} if seed == 4 else None
    state = [after for _b, _s, _a, after, _e in play(seed, options)][-1]
    assert state["phase"] == "over"
    winners = state["winners"]
    for seat in range(4):
        last = render.private(rules.view(state, seat), seat, NAMES, tr).splitlines()[-1]
        if state["reason"] != "king":
            assert "draw" in last
        elif seat in winners:
            assert last.startswith("🏆 You won")
            for other in winners:
                assert (NAMES[other] in last) == (other != seat)
        else:
            assert all(NAMES[w] in last for w in winners) and "won" in last and "You did not" in last


def test_dm_says_what_the_reveal_did_to_your_cards() -> None:
    tr = i18n.translator("en")
    checked = 0
    for _b, _s, _a, after, events in play(2, None):
        if not any(e.kind == "revealed" for e in events):
            continue
        for seat in range(4):
            text = render.private(rules.view(after, seat), seat, NAMES, tr)
            mine = [e for e in events if e.kind in ("raise", "down_move", "wild") and e.args["seat"] == seat]
            line = next(x for x in text.splitlines() if x.startswith("After the reveal"))
            for e in mine:
                assert render.words.card(e.args["suit"], e.args["old"]) in line
                assert render.words.card(e.args["suit"], e.args["new"]) in line
            if not mine and not any(e.kind == "change" for e in events):
                assert line == tr("promotion.private.you_none")
            checked += bool(mine)
    assert checked
