"""Prompt versions (bot.core.sessions.prompts): a used button is spent; another player's pick spends nothing of yours.

the version used to change only when a seat's list of legal
actions changed, and sometimes the next list is the same (a PORTAS turn,
Eminit's repeated "pass"), so a double click made two moves.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.core.games import get
from bot.core.sessions import Player, SessionError, SessionManager, prompts
from bot.core.store import SeatRecord, SessionRecord, Store
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Recorder

DAVE = Player(4, "dave")
PLAYERS = (ALICE, BOB, CAROL, DAVE)


async def _game(m: SessionManager, game: str, channel: int, players: int) -> SessionRecord:
    record = await m.new_lobby(game, guild_id=1, channel_id=channel, host=ALICE, locale="en")
    for p in PLAYERS[1:players]:
        await m.join(record.id, p)
    await m.start(record.id, ALICE)
    return record


def _repeats(m: SessionManager, record: SessionRecord, seat: int, index: int) -> bool:
    """Whether playing ``index`` leaves ``seat`` with the very same list of choices (the issue's case)."""
    rules = m.spec(record).rules
    assert record.state is not None
    legal = rules.legal(record.state, seat)
    after = rules.apply(record.state, seat, legal[index]).state
    return rules.result(after) is None and prompts.digest(list(rules.legal(after, seat))) == prompts.digest(legal)


@pytest.mark.parametrize("together", [False, True], ids=["one-after-the-other", "at-once"])
async def test_two_identical_clicks_make_one_move_even_when_the_next_choices_are_the_same(
    tmp_path: Path, together: bool
) -> None:
    m = SessionManager(await Store.open(tmp_path / "k.sqlite3"), Recorder(), ai_delay=0, seed=3)  # type: ignore[arg-type]
    rng = random.Random(3)
    for channel in range(100, 120):
        record = await _game(m, "portas", channel, 2)
        while record.status == "active":
            assert record.state is not None
            (seat,) = m.spec(record).rules.to_act(record.state)
            user, pv = PLAYERS[seat].user_id, m.prompt_version(record, seat)
            index = rng.randrange(len(m.legal_for(record, seat)))
            if not _repeats(m, record, seat, index):
                await m.act(record.id, user, pv, index)
                continue
            version = record.version
            if together:
                outcomes = await asyncio.gather(*(m.act(record.id, user, pv, index) for _ in range(2)),
                                                return_exceptions=True)
                (refused,) = [o for o in outcomes if isinstance(o, BaseException)]
            else:
                await m.act(record.id, user, pv, index)
                with pytest.raises(SessionError) as info:
                    await m.act(record.id, user, pv, index)
                refused = info.value
            assert isinstance(refused, SessionError) and refused.code == "stale_button"
            assert record.version == version + 1 and len(await m.store.actions(record.id)) == version + 1
            # the fresh button (same choices, new version) works
            await m.act(record.id, user, m.prompt_version(record, seat), index)
            assert record.version == version + 2
            await m.close()
            await m.store.close()
            return
    raise AssertionError("no position with the same choices twice in a row was reached")


async def test_another_players_pick_does_not_spend_your_button(tmp_path: Path) -> None:
    m = SessionManager(await Store.open(tmp_path / "k.sqlite3"), Recorder(), ai_delay=0, seed=5)  # type: ignore[arg-type]
    rng = random.Random(5)
    record = await _game(m, "promotion", 60, 4)
    for _ in range(2000):
        assert record.status == "active" and record.state is not None
        to_act = m.spec(record).rules.to_act(record.state)
        if len(to_act) > 1:
            break
        seat = to_act[0]
        await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), 0)
    first, second = to_act[0], to_act[1]
    kept = m.prompt_version(record, second)
    await m.act(record.id, PLAYERS[first].user_id, m.prompt_version(record, first), 0)
    assert m.prompt_version(record, second) == kept  # the other's hidden pick changed nothing of yours
    version = record.version
    index = rng.randrange(len(m.legal_for(record, second)))
    await m.act(record.id, PLAYERS[second].user_id, kept, index)  # the button drawn before still works
    assert record.version == version + 1
    await m.close()
    await m.store.close()


def test_the_mover_gets_a_new_version_the_others_keep_theirs() -> None:
    spec = get("portas")
    record = SessionRecord(id=1, game="portas", guild_id=1, channel_id=1, host_id=1, status="active", seed=1,
                           created_at=0.0, updated_at=0.0,
                           seats=[SeatRecord(seat=0, name="a", user_id=1), SeatRecord(seat=1, name="b", user_id=2)])
    record.state = spec.rules.new(2, 1, spec.resolve_options(None))
    prompts.refresh_prompts(spec, record)
    before = dict(record.prompts)
    record.version = 7  # the choices are unchanged: only the mover's version moves
    prompts.refresh_prompts(spec, record, mover=1)
    assert record.prompts["0"] == before["0"] and record.prompts["1"] == [7, before["1"][1]]
