"""Shared pieces of the server-life tests: a recording presenter and a way to play whole games."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot import i18n
from bot.core.sessions import Player, SessionManager
from bot.core.store import SessionRecord, Store
from bot.engine import Event, Result

EN = i18n.translator("en")


def player(n: int) -> Player:
    """A player with a realistic snowflake-sized id (so a leaked id is unmistakable in a scan)."""
    return Player(412_345_678_901_234_000 + n, f"user{n}")


class Capture:
    """A presenter that keeps every public board the channel was shown, by session version."""

    def __init__(self) -> None:
        self.views: dict[int, dict[int, Any]] = {}  # session -> version -> spectator view
        self.boards: dict[int, dict[int, str]] = {}  # session -> version -> rendered board text
        self.ended: dict[int, Result | None] = {}
        self.done = asyncio.Event()

    def prepare(self, draft: SessionRecord, seat: int) -> None:
        return None

    async def lobby_changed(self, record: SessionRecord) -> None:
        pass

    async def game_changed(self, record: SessionRecord, events: list[Event], answer: object = None) -> None:
        if record.state is None:
            return
        from bot.core.games import get

        spec = get(record.game)
        view = spec.rules.view(record.state, None)
        self.views.setdefault(record.id, {})[record.version] = view
        self.boards.setdefault(record.id, {})[record.version] = board_text(spec, view, record.names())

    async def session_ended(self, record: SessionRecord, result: Result | None, answer: object = None) -> None:
        self.ended[record.id] = result
        self.done.set()

    async def remind(self, record: SessionRecord, seats: list[int]) -> None:
        pass


def board_text(spec: Any, view: Any, names: list[str]) -> str:
    board = spec.render.board(view, names, EN)
    return "\n".join([board.title, board.description, *(f"{a}: {b}" for a, b in board.fields), board.footer])


async def manager(path: Path) -> tuple[SessionManager, Capture]:
    store = await Store.open(path)
    cap = Capture()
    return SessionManager(store, cap, ai_delay=0), cap  # type: ignore[arg-type]


async def play_to_end(
    m: SessionManager,
    game: str,
    players: list[Player],
    *,
    channel_id: int = 50,
    guild_id: int = 1,
    seed: int = 0,
    max_moves: int = 5000,
) -> SessionRecord:
    """Open, fill with ``players`` (all human), start, and play random legal moves until the game ends."""
    host, *others = players
    record = await m.new_lobby(game, guild_id=guild_id, channel_id=channel_id, host=host, locale="en")
    for p in others:
        await m.join(record.id, p)
    await m.start(record.id, host)
    rng = random.Random(seed)
    spec = m.spec(record)
    for _ in range(max_moves):
        if record.status != "active":
            break
        assert record.state is not None
        seat = spec.rules.to_act(record.state)[0]
        legal = m.legal_for(record, seat)
        await m.act(record.id, players[seat].user_id, m.prompt_version(record, seat), rng.randrange(len(legal)))
    assert record.status == "finished", f"{game} did not finish in {max_moves} moves"
    return record
