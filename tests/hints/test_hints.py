"""Hints: only what the seat may see, within their deadline, unrated for whoever takes one; the setting's default."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from bot import i18n
from bot.core import ai, games
from bot.core.ai import hints
from bot.core.names import shown_names
from bot.core.ratings import rate_result
from bot.core.settings import change, hint_policy, read
from bot.core.store import SeatRecord, SessionRecord
from bot.engine import Result
from bot.frontend.presenting import results
from bot.frontend.ui import hint_text
from bot.frontend.ui import ratings as ratings_ui
from tests.gamekit import expectations, ids, table_size

GAMES = ids()
SEATS = {game: table_size(game) for game in GAMES}
BUDGET = ai.Budget(seconds=None, max_sims=40)



def _swaps(game: str) -> Any:
    """The game's secret swaps (the leak scanner's): twins of a position that differ only in what a seat cannot see."""
    swaps = expectations(game).secret_swaps
    assert swaps is not None, f"{game} declares no secret swaps in tests/{game}/expectations.py"
    return swaps

def positions(game: str, seed: int, every: int = 3) -> Iterator[tuple[Any, int, list[Any]]]:
    """Positions of a seeded game played at random where one seat has a real choice."""
    rules = games.get(game).rules
    state = rules.new(SEATS[game], seed)
    rng = random.Random(seed)
    step = 0
    while rules.result(state) is None and step < 400:
        seat = rules.to_act(state)[0]
        legal = rules.legal(state, seat)
        if len(legal) > 1 and step % every == 0:
            yield state, seat, legal
        state = rules.apply(state, seat, rng.choice(legal)).state
        step += 1


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hint_says_the_same_whatever_the_seat_cannot_see(game: str, lang: str) -> None:
    """The leak scanner's secret swaps: a twin differing only in what the seat cannot see gets the same hint text."""
    spec, tr = games.get(game), i18n.translator(lang)
    checked = 0
    for state, seat, _ in positions(game, seed=11):
        twins = _swaps(game)(state, seat)
        if not twins:
            continue
        texts = set()
        for s in [state, *twins[:2]]:
            view = spec.rules.view(s, seat)
            hint = hints.advise(spec, view, seat, spec.rules.legal(s, seat), 5, BUDGET)
            texts.add(hint_text.answer(spec, hint, spec.rules.legal(s, seat), view, seat, names(SEATS[game]), tr))
        assert len(texts) == 1, texts
        checked += 1
        if checked >= 3:
            break
    assert checked, "no position with a secret to swap"


@pytest.mark.parametrize("game", GAMES)
def test_the_worker_gets_the_view_never_the_state(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = games.get(game)
    sent: list[dict[str, Any]] = []

    def capture(payload: str) -> dict[str, Any]:
        sent.append(json.loads(payload))
        return {"best": 0}

    monkeypatch.setattr(hints, "job", capture)
    state, seat, _ = next(iter(positions(game, seed=3)))
    for s in [state, *_swaps(game)(state, seat)[:1]]:
        asyncio.run(hints.ask(None, spec, s, seat, 1))
    for job in sent:
        job.pop("deadline")
    assert sent[0]["view"] == spec.rules.view(state, seat) and all(j == sent[0] for j in sent)


def test_a_late_hint_answers_with_the_normal_ai_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = games.get("getgem")
    release = threading.Event()
    monkeypatch.setattr(hints, "job", lambda payload: release.wait(5) and {"best": 0})  # a search that never ends
    monkeypatch.setattr(hints, "SLACK", 0.05)
    state, seat, legal = next(iter(positions("getgem", seed=4)))
    try:
        hint = asyncio.run(hints.ask(None, spec, state, seat, 1, think=0.01))
    finally:
        release.set()
    assert not hint.searched and 0 <= hint.best < len(legal)
    text = hint_text.answer(spec, hint, legal, spec.rules.view(state, seat), seat, names(3), i18n.translator("en"))
    assert "ran out of time" in text and "normal AI" in text


def test_a_hint_names_the_best_and_the_next_best_choice_with_their_chances() -> None:
    spec = games.get("portas")
    state, seat, legal = next(iter(positions("portas", seed=2)))
    view = spec.rules.view(state, seat)
    hint = hints.advise(spec, view, seat, legal, 1, BUDGET)
    assert hint.searched and hint.alternative is not None and hint.alternative != hint.best
    assert 0.0 <= (hint.alternative_chance or 0) <= (hint.chance or 0) <= 1.0
    text = hint_text.answer(spec, hint, legal, view, seat, names(2), i18n.translator("en"))
    assert spec.render.control(legal[hint.best], view, seat, names(2), i18n.translator("en")).label in text
    assert "%" in text and "will not change your rating" in text


def test_the_hints_setting_defaults_to_games_that_are_not_rated() -> None:
    humans = [{"user_id": 1}, {"user_id": 2}]
    with_ai = [{"user_id": 1}, {"ai": "normal"}]
    assert read({}).hints == hint_policy.CASUAL
    assert not hint_policy.allowed(7, humans, {})  # a rated game in a server: no hints by default
    assert not hint_policy.allowed(7, with_ai, {})  # games with AI seats are rated by default
    assert hint_policy.allowed(7, with_ai, {"rate_ai_games": False})  # the server does not rate them
    assert hint_policy.allowed(None, humans, {})  # a game in DMs is never rated
    assert hint_policy.allowed(7, humans, change({}, "hints", hint_policy.ALWAYS))
    assert not hint_policy.allowed(None, humans, change({}, "hints", hint_policy.NEVER))
    assert change({"hints": "never"}, "hints", hint_policy.CASUAL) == {}  # the default is not stored


def test_a_hinted_player_is_not_rated_and_the_result_says_so() -> None:
    seats = [{"user_id": 1, "name": "alice", "hinted": True}, {"user_id": 2, "name": "bob"}]
    changes = rate_result("portas", {"winners": [0], "scores": [5, 2], "seats": seats}, {})
    assert [c.user_id for c in changes] == [2]
    record = SessionRecord(
        id=1, game="portas", guild_id=7, channel_id=5, host_id=1, status="finished", seed=1, created_at=0,
        updated_at=0, seats=[SeatRecord(0, "alice", user_id=1, hinted=True), SeatRecord(1, "bob", user_id=2)],
    )  # fmt: skip
    spec = games.get("portas")
    lines = ratings_ui.dm_lines(record, changes)  # each player's last DM: bob his change, alice why she has none
    assert "did not change" in lines[0] and "1,500 →" in lines[1]
    for lang, words in (("en", "Not rated"), ("ja", "レーティング対象外")):
        text = results.result_text(record, spec, i18n.translator(lang), Result([0], [5, 2], "test"), changes)
        line = next(line for line in text.splitlines() if words in line)
        assert shown_names(record)[0] in line and "bob" not in line
