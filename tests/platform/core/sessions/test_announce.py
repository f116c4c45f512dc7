"""Ends a crash kept from being shown are shown at the next start, once (SessionManager + the real presenter).

A "crash" here is a presenter that shows nothing (the process died right after
each commit); the next start is a new SessionManager with the real
:class:`~bot.frontend.presenting.presenter.DiscordPresenter`, its Discord I/O recorded instead of
sent, on the same SQLite store.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot import i18n
from bot.core.games import get
from bot.core.ratings import Change
from bot.core.sessions import LATE_ANNOUNCE_WINDOW, Player, SessionManager
from bot.core.store import SessionRecord, Store
from bot.engine import Event, Result
from bot.frontend.presenting import results
from tests.robustness.leaks.leakkit import CapturePresenter

ALICE = Player(1, "alice")
BOB = Player(2, "bob")
MOD = 99


class Shown(CapturePresenter):
    """The real presenter (boards, closing lines, the announced mark); Discord replaced by recording."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nonces: list[str | None] = []

    async def _post(self, record: SessionRecord, content: str, *, nonce: str | None = None, view: Any = None) -> bool:
        self.posts.append(content)
        self.nonces.append(nonce)
        return True


class Crashed:
    """The presenter of a process killed right after each commit: shows nothing, marks nothing."""

    def __init__(self) -> None:
        self.results: dict[int, Result | None] = {}

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        return None

    async def lobby_changed(self, record: SessionRecord) -> None:
        return None

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        return None

    async def session_ended(self, record: SessionRecord, result: Result | None, answer: object = None) -> None:
        self.results[record.id] = result

    async def remind(self, record: SessionRecord, seats: list[int]) -> None:
        return None


async def _game(m: SessionManager, channel: int) -> SessionRecord:
    record = await m.new_lobby("portas", guild_id=1, channel_id=channel, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    return record


async def _play_to_the_end(m: SessionManager, record: SessionRecord) -> None:
    for _ in range(500):
        if record.status != "active":
            return
        assert record.state is not None
        (seat,) = m.spec(record).rules.to_act(record.state)
        await m.act(record.id, (ALICE, BOB)[seat].user_id, m.prompt_version(record, seat), 0)
    raise AssertionError("the game did not end")


def _ids(payload: dict[str, Any]) -> list[str]:
    """Every button's custom_id but the board's "Details" (always there: the long text stays one click away)."""
    view = payload.get("view")
    items = view.walk_children() if view is not None else []
    ids = [str(getattr(c, "custom_id", None)) for c in items if getattr(c, "custom_id", None)]
    return [i for i in ids if not i.startswith("k:d:")]


def _closing(record: SessionRecord, result: Result | None, changes: Sequence[Change] = ()) -> str:
    """The closing line; ``changes``: the game's rating changes, which a rated game's line ends with."""
    return results.result_text(record, get(record.game), i18n.translator(record.locale), result, changes)


async def _announced(store: Store) -> dict[int, float | None]:
    async with store.db.execute("SELECT id, announced_at FROM sessions ORDER BY id") as cur:
        return {r[0]: r[1] for r in await cur.fetchall()}


async def test_an_end_shown_is_marked_and_not_shown_again(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    try:
        shown = Shown(store)
        m = SessionManager(store, shown, ai_delay=0)
        record = await _game(m, 50)
        await _play_to_the_end(m, record)
        assert len(shown.posts) == 1 and record.announced_at is not None
        assert shown.nonces == [f"kado-end-{record.id}"]  # a repeat of this post after a crash is dropped
        reset = await _game(m, 51)
        await m.reset(51, MOD)
        assert reset.announced_at is not None
        assert all(v is not None for v in (await _announced(store)).values())
        await m.close()

        again = Shown(store)  # the next start
        assert await SessionManager(store, again, ai_delay=0).announce_missed_endings() == 0
        assert again.posts == [] and again.boards == []
    finally:
        await store.close()


async def test_ends_a_crash_left_unshown_are_shown_once_at_the_next_start(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    try:
        crashed = Crashed()
        m = SessionManager(store, crashed, ai_delay=0)
        played = await _game(m, 60)
        await _play_to_the_end(m, played)  # the last move committed, never shown
        reset = await _game(m, 61)
        await m.reset(61, MOD)  # a moderator's reset: the board keeps its buttons
        lobby = await m.new_lobby("portas", guild_id=1, channel_id=62, host=ALICE, locale="en")
        await store.set_board_message(lobby, 777)
        await m.cancel_lobby(lobby.id, ALICE)  # the lobby board keeps its Join button
        forfeit = await _game(m, 63)
        await m.leave_game(63, BOB)  # a forfeit: its result is not the state's, it is the stored one
        old = await _game(m, 64)
        await _play_to_the_end(m, old)
        await store.db.execute(
            "UPDATE sessions SET ended_at=? WHERE id=?", (time.time() - LATE_ANNOUNCE_WINDOW - 60, old.id)
        )
        await m.close()
        assert all(v is None for v in (await _announced(store)).values())

        shown = Shown(store)  # the next start
        assert await SessionManager(store, shown, ai_delay=0).announce_missed_endings() == 4
        # the closing lines, exactly as the end would have posted them, in the order the games ended
        assert shown.posts == [
            _closing(played, crashed.results[played.id], await store.session_rating_changes(played.id)),
            _closing(reset, None),
            _closing(forfeit, crashed.results[forfeit.id], await store.session_rating_changes(forfeit.id)),
        ]
        assert "**Ratings:**" in shown.posts[0] and "**Ratings:**" not in shown.posts[1]
        assert crashed.results[forfeit.id] == Result(winners=(0,), scores=(0.0, 0.0), reason="forfeit")
        assert "bob left the game" in shown.posts[2] and "alice won" in shown.posts[2]
        # final boards: no move or lobby button is left, a finished game offers its rematch
        boards = shown.boards
        assert len(boards) == 4
        assert _ids(boards[0]) == [f"k:rm:{played.id}"] and _ids(boards[3]) == [f"k:rm:{forfeit.id}"]
        assert _ids(boards[1]) == [] and _ids(boards[2]) == []
        assert "Game over" in str(boards[1]["view"].to_components())
        assert i18n.translator("en")("lobby.cancelled") in str(boards[2]["view"].to_components())

        marks = await _announced(store)
        assert [sid for sid, at in marks.items() if at is None] == [old.id]  # too old: history, not news
        later = Shown(store)  # and the start after that shows nothing again
        assert await SessionManager(store, later, ai_delay=0).announce_missed_endings() == 0
        assert later.posts == [] and later.boards == []
    finally:
        await store.close()
