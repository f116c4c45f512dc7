"""A "Reviewing…" answer shown before a restart still becomes the review afterwards.

Before, the answer's interaction token lived only in the stopped process: after
the restart the review was computed and stored, but the player was left with
"Reviewing…" forever.  Now who waits is stored with the pending review, and at
start the answer is finished: the message edited while its token lives (15
minutes), else the review sent in the player's DM.  Time comes from an injected
clock; the "restart" is a new store and runner on the same database file.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core.review.runner import ReviewRunner
from bot.core.store import Store
from bot.frontend.inbound import review, review_answers
from bot.transport import wire
from tests.review.games import QUICK, store_finished
from tests.review.test_runner import Counted

SEED = 11
ALICE = 100
ASKED_AT = 1_000_000.0


class Response:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append(str(content))

    def is_done(self) -> bool:
        return bool(self.sent)


class Player:
    """The asker as the bot's REST client sees them: their DM."""

    def __init__(self) -> None:
        self.dms: list[dict[str, Any]] = []

    async def send(self, **kwargs: Any) -> None:
        self.dms.append(kwargs)


def _bot(store: Store, runner: ReviewRunner, player: Player) -> Any:
    async def fetch_user(user_id: int) -> Player:
        assert user_id == ALICE
        return player

    return SimpleNamespace(store=store, reviews=runner, fetch_user=fetch_user)


async def _ask_then_stop(path: Path, monkeypatch: pytest.MonkeyPatch, locale: str) -> int:
    """Alice asks for her review, sees "Reviewing…", and the bot stops midway; the game's id."""
    store = await Store.open(path)
    sid = await store_finished(store, "portas", ["easy", "strong"], SEED, user_id=ALICE)
    stopped = Counted(gate=asyncio.Event())
    runner = ReviewRunner(store, stopped, QUICK)
    monkeypatch.setattr(review_answers.time, "time", lambda: ASKED_AT)
    click = SimpleNamespace(guild_id=1, user=SimpleNamespace(id=ALICE), locale=locale, id=5, token="tok-5",
                            application_id=777, response=Response(), client=_bot(store, runner, Player()))
    await review.review_command.__wrapped__(click, sid)  # type: ignore[attr-defined]  # the handler, unguarded
    assert "#" in click.response.sent[0]  # "⏳ Reviewing your decisions in game #1…"
    while stopped.calls <= 2:
        await asyncio.sleep(0)
    for task in list(review_answers._answering):  # the process dies: its waiting answer with it
        task.cancel()
    await runner.close()
    await store.close()
    return sid


async def _restart(path: Path, now: float) -> tuple[Any, Player]:
    store = await Store.open(path)
    runner = ReviewRunner(store, Counted(), QUICK)
    player = Player()
    bot = _bot(store, runner, player)
    assert await runner.resume() == 1
    assert await review_answers.resume(bot, runner, clock=lambda: now) == 1
    return bot, player


async def _settled() -> None:
    while review_answers._answering:
        await asyncio.sleep(0.01)


async def test_after_a_restart_the_reviewing_message_becomes_the_review(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "kado.sqlite3"
    sid = await _ask_then_stop(path, monkeypatch, "en-US")
    edits: list[tuple[int, str, dict[str, Any]]] = []

    async def edit_original(client: Any, app: int, token: str, payload: dict[str, Any]) -> None:
        edits.append((app, token, payload))

    monkeypatch.setattr(wire, "edit_original", edit_original)
    bot, player = await _restart(path, ASKED_AT + 60)  # a minute later: the token lives
    await _settled()
    ((app, token, payload),) = edits
    assert (app, token) == (777, "tok-5") and f"#{sid} — your review" in payload["content"]
    assert player.dms == []
    status, _ = await bot.store.review(sid, 0)
    assert status == "done" and await bot.store.review_waiters() == []  # the token is not kept past its use
    await bot.store.close()


async def test_past_the_tokens_life_the_review_comes_in_a_dm_in_the_askers_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kado.sqlite3"
    sid = await _ask_then_stop(path, monkeypatch, "ja")

    async def edit_original(client: Any, app: int, token: str, payload: dict[str, Any]) -> None:
        raise AssertionError("a dead token is not used")

    monkeypatch.setattr(wire, "edit_original", edit_original)
    bot, player = await _restart(path, ASKED_AT + 16 * 60)  # the restart took long: the token is dead
    await _settled()
    ((dm,),) = [player.dms]
    assert dm["content"].startswith(f"サーバーで依頼されたゲーム#{sid}の振り返りができました")
    assert "view" not in dm and "/ゲーム 振り返り" in dm["content"]  # no "Find a better move" in a DM: where to ask
    assert len(dm["content"]) <= 2000 and [f.filename for f in dm["files"]] in ([], ["review.png"])
    await bot.store.close()
