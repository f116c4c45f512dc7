"""A seat the AI took after its player's timeouts (AFK) is marked "(AI)" wherever an AI seat is, until taken back.

Before, only a seat its player left (or a moderator took) was marked: an AFK
player's name went on showing on the board, on the turn line, in the other
players' DMs and in the result as if they still played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot import i18n
from bot.core import games
from bot.core.names import shown
from bot.core.sessions import SessionManager
from bot.core.store import SessionRecord, Store
from bot.engine import Result
from bot.frontend.presenting import results
from bot.frontend.ui import payloads
from tests.platform.core.sessions.clock.test_afk_takeback import PLAYERS, _go_afk
from tests.platform.core.sessions.test_sessions import ALICE, BOB, Clock, Recorder

MARKED = {"en": "{} (AI)", "ja": "{}（AI）"}


async def _afk_game(path: Path, locale: str) -> tuple[SessionManager, SessionRecord, int]:
    clock = Clock()
    store = await Store.open(path)
    m = SessionManager(store, Recorder(), clock=clock, afk_limit=2)
    m.ai_delay = 3600  # the AI standing in does not move: the seat stays the AI's while we look
    record = await m.new_lobby("getgem", guild_id=1, channel_id=81, host=ALICE, locale=locale)
    await m.join(record.id, BOB)
    await m.start(record.id, ALICE)
    afk, _ = await _go_afk(m, record, clock)
    return m, record, afk


def _text(payload: dict[str, Any]) -> str:
    return "\n".join(c.content for c in payload["view"].walk_children() if isinstance(c, discord.ui.TextDisplay))


@pytest.mark.parametrize("locale", ["en", "ja"])
async def test_an_afk_seat_is_marked_as_the_ais_everywhere_and_unmarked_when_taken_back(
    tmp_path: Path, locale: str
) -> None:
    m, record, afk = await _afk_game(tmp_path / "k.sqlite3", locale)
    try:
        await _check_marks(m, record, afk, locale)
    finally:  # the stand-in AI's pending move must not outlive the test, passed or failed
        await m.close()
        await m.store.close()


async def _check_marks(m: SessionManager, record: SessionRecord, afk: int, locale: str) -> None:
    spec, tr = games.get(record.game), i18n.translator(locale)
    name, other = PLAYERS[afk].name, 1 - afk
    marked = MARKED[locale].format(name)
    assert record.names()[afk] == marked  # the seat list: the board's words and its picture take their names here
    marked = shown(marked)  # as texts write it (Markdown escaped)
    assert marked in payloads.waiting_line(record, spec, tr)  # "bob (AI) is thinking…"
    assert marked in _text(payloads.board(record, spec, tr, picture=None))
    assert marked in _text(payloads.private(record, spec, other, tr, None, picture=None))  # the others' DMs
    own = _text(payloads.private(record, spec, afk, tr, None, picture=None))
    assert tr("dm.ai_stands_in") in own  # the player is told the AI plays for them, and how to take it back
    result = Result((afk,), tuple(1.0 if s == afk else 0.0 for s in range(2)))
    assert marked in results.result_text(record, spec, tr, result, None)

    await m.act(record.id, PLAYERS[afk].user_id, m.prompt_version(record, afk), 0)  # any move takes it back
    assert record.names()[afk] == name
    assert marked not in payloads.waiting_line(record, spec, tr)
    assert marked not in _text(payloads.private(record, spec, other, tr, None, picture=None))
    assert tr("dm.ai_stands_in") not in _text(payloads.private(record, spec, afk, tr, None, picture=None))
