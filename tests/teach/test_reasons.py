"""Why a game ended as it did: one line from the game's own render, in the result post and in every DM.

GETGEM says whose victory check came first and who was still waiting; Eminit
lists every player's points by treasure kind, in rank order (and its board, its
log line and the result's scores row rank the same way); PORTAS the ports that
scored, per player; Promotion who reached a King, and how.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import i18n
from bot.core.games import get
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.presenting import results
from bot.frontend.presenting.dm_screens import DmScreens
from cogs.eminit import cards as eminit_cards
from tests.getgem.helpers import act
from tests.getgem.helpers import build as getgem_build

NAMES = ["alice", "bob", "carol", "dave", "erin"]
EN, JA = i18n.translator("en"), i18n.translator("ja")


def _record(game: str, state: Any, n: int, locale: str = "en") -> SessionRecord:
    seats = [SeatRecord(seat=i, name=NAMES[i], user_id=10 + i, locale=("en", "ja")[i % 2]) for i in range(n)]
    return SessionRecord(id=3, game=game, guild_id=1, channel_id=2, host_id=10, status="finished", seed=0,
                         created_at=0, updated_at=0, state=state, seats=seats, locale=locale)  # fmt: skip


def _played(game: str, n: int, seed: int) -> Any:
    """A random legal game of ``game`` played to its end."""
    rules = get(game).rules
    rng = random.Random(seed)
    state = rules.new(n, seed, get(game).resolve_options(None))
    for _ in range(20000):
        if rules.result(state) is not None:
            return state
        seat = rng.choice(rules.to_act(state))
        state = rules.apply(state, seat, rng.choice(rules.legal(state, seat))).state
    raise AssertionError("no end")


def test_getgem_says_whose_check_came_first_and_who_was_waiting() -> None:
    s = getgem_build(4, [["steal"], ["arm"], ["fire", "water", "thunder"], ["exchange"]],
                     decl={1: ["steal"], 2: ["steal"], 3: ["fire", "fire"]}, turn=0)  # fmt: skip
    s, _ = act(s, 0, {"type": "end"})  # ② bob checks (fails), ③ carol wins; dave then takes none back: 2 left
    assert get("getgem").rules.result(s).winners == (2,)
    text = results.result_text(_record("getgem", s, 4), get("getgem"), EN, get("getgem").rules.result(s))
    assert ("**Why**: carol declared victory first, so their victory check came first; "
            "still waiting: dave (still 2 to take back).") in text  # fmt: skip
    ja = results.result_text(_record("getgem", s, 4, "ja"), get("getgem"), JA, get("getgem").rules.result(s))
    assert "carolが先に勝利宣言したため" in ja and "dave（宣言カード残り2枚）" in ja


def test_each_dm_gets_the_reason_in_its_reader_language() -> None:
    s = getgem_build(2, [["steal"], ["fire", "rainbow"]], decl={1: ["steal"]}, elements={"thunder": 1})
    s, _ = act(s, 0, {"type": "end"})
    screens = DmScreens(None, None, None)  # type: ignore[arg-type]  (only its lines are used here)
    record = _record("getgem", s, 2)
    screens.add_reason(record)
    assert screens.recent[(3, 0)] == ["**Why**: bob declared victory and still held fire, water and thunder "
                                      "when their last declaration card came back (the victory check)."]  # fmt: skip
    assert screens.recent[(3, 1)][0].startswith("**決め手**：bobが勝利宣言し")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eminit_lists_points_by_treasure_kind_in_rank_order_everywhere(seed: int) -> None:
    spec = get("eminit")
    s = _played("eminit", 4, seed)
    view = spec.rules.view(s, None)
    scores = view["result"]["scores"]
    ranked = sorted(range(4), key=lambda p: (-scores[p], p))
    line = spec.render.reason(view, NAMES, EN)
    assert line is not None and line.startswith("**Points by card**: ")
    positions = [line.index(f" {NAMES[p]}: ") for p in ranked]
    assert positions == sorted(positions)  # top score first
    for p in range(4):  # each player's kinds add up to their score
        part = re.search(rf"{NAMES[p]}: (.*?) = {scores[p]}(?: · |$)", line)
        assert part is not None, line
        points = [int(x) for x in re.findall(r"\((\d+)\)", part.group(1))]
        assert sum(points) == scores[p]
        assert len(points) == len({eminit_cards.kind(c) for c in view["treasures"][p]})
    result = spec.rules.result(s)
    text = results.result_text(_record("eminit", s, 4), spec, EN, result)
    row = next(r for r in text.splitlines() if r.startswith("Scores") or "Scores:" in r)
    at = [row.index(NAMES[p]) for p in ranked]
    assert at == sorted(at)  # the scores row: rank order, not "winner first, then seat order"
    board = spec.render.board(view, NAMES, EN)
    players = dict(board.fields)[EN("eminit.board.players")]
    at = [players.index(NAMES[p]) for p in ranked]
    assert at == sorted(at)


@pytest.mark.parametrize("seed", [4, 5])
def test_portas_lists_the_ports_that_scored(seed: int) -> None:
    spec = get("portas")
    s = _played("portas", 2, seed)
    view = spec.rules.view(s, None)
    line = spec.render.reason(view, NAMES, EN)
    assert line is not None and line.startswith("**Ports that scored**")
    for p in range(2):
        part = re.search(rf"{NAMES[p]} {view['scores'][p]} \((.*?)\)(?: · |$)", line)
        assert part is not None, line
        scored = [int(x) for x in re.findall(r"= (\d+)", part.group(1))]
        assert sum(scored) == view["scores"][p] and len(scored) == len(view["taken"][p])
    assert spec.render.reason(view, NAMES, JA).startswith("**得点になったポート**")


def test_promotion_says_who_reached_a_king_and_how() -> None:
    spec = get("promotion")
    for seed in range(40):
        s = _played("promotion", 4, seed)
        if spec.rules.result(s).winners:
            break
    view = spec.rules.view(s, None)
    line = spec.render.reason(view, NAMES, EN)
    winner = NAMES[view["winners"][0]]
    assert line is not None and line.startswith("**How**: " + winner) and "13 (a King)" in line, line
    assert spec.render.reason(view, NAMES, JA).startswith("**決め手**：" + winner)
