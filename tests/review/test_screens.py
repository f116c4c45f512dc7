"""The review's words and "Find a better move": choices named as the game's buttons, tries judged, in en and ja."""

from __future__ import annotations

import time

import pytest

from bot import i18n
from bot.core import games, replay
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.inbound import review_screens
from bot.frontend.ui.review_buttons import FindButton, TryButton
from tests.review.games import play, review

SEED = 3


@pytest.fixture(scope="module")
def game() -> tuple[SessionRecord, list[replay.Step], dict]:
    """An easy player's PORTAS game against the strong AI, and the easy seat's review (it has costly decisions)."""
    log = play("portas", ["easy", "strong"], SEED)
    record = SessionRecord(id=7, game="portas", guild_id=1, channel_id=10, host_id=100, status="finished",
                           seed=SEED, created_at=time.time(), updated_at=time.time(),
                           seats=[SeatRecord(seat=0, name="alice", user_id=100),
                                  SeatRecord(seat=1, name="AI 1", ai_level="strong")])
    steps = replay.rebuild(games.get("portas").rules, 2, SEED, {}, log)
    done = review("portas", 2, SEED, log, 0)
    assert done["costliest"], "the easy seat's review should list a costly decision"
    return record, steps, done


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_review_names_the_costliest_decisions_in_the_games_own_words(game, locale: str) -> None:
    record, steps, done = game
    spec = games.get("portas")
    tr = i18n.translator(locale)
    payload = review_screens.review_payload(record, spec, steps, 0, done, tr)
    text = payload["content"]
    first = next(d for d in done["decisions"] if d["step"] == done["costliest"][0])
    legal = spec.rules.legal(steps[first["step"] - 1].state, 0)
    view = spec.rules.view(steps[first["step"] - 1].state, 0)
    chosen = spec.render.control(legal[first["chosen"]], view, 0, ["alice", "AI 1"], tr).label
    assert chosen in text and tr(f"review.label.{first['label']}") in text
    assert [f.filename for f in payload["attachments"]] == [review_screens.CHART]
    assert [type(c) for c in payload["view"].children] == [FindButton]


def test_find_a_better_move_judges_each_try_until_one_is_good(game) -> None:
    record, steps, done = game
    spec = games.get("portas")
    tr = i18n.translator("en")
    first = next(d for d in done["decisions"] if d["step"] == done["costliest"][0])
    values, best = first["values"], first["values"][first["best"]]
    payload = review_screens.find_payload(record, spec, steps, 0, done, tr)
    tries = [c for c in payload["view"].children if isinstance(c, TryButton)]
    assert {t.idx for t in tries} == {i for i, v in enumerate(values) if v is not None}
    played = review_screens.find_payload(record, spec, steps, 0, done, tr, tried=first["chosen"])
    assert "is the move you played" in played["content"]
    wrong = [i for i, v in enumerate(values) if v is not None and best - v > 0.05 and i != first["chosen"]]
    for i in wrong:
        answer = review_screens.find_payload(record, spec, steps, 0, done, tr, tried=i)
        assert "is not better" in answer["content"] and not any(b.item.disabled for b in answer["view"].children)
    right = review_screens.find_payload(record, spec, steps, 0, done, tr, tried=first["best"])
    assert "✅" in right["content"]
    assert all(b.item.disabled for b in right["view"].children)  # found: the loop ends
