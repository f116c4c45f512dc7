"""A slow game's DM screens: a seat asked nothing is not edited for others' public moves, and catches up once.

Through the session manager with a real engine (GETGEM, three humans, the AI
choosing their moves) and the real presenter with its sending recorded
(tests/robustness/leaks/leak_capture.py), the catch-ups' timers injected.  At
relaxed pace a seat not asked anything gets no DM edit for another's public
move; once asked it gets its screen at once, the latest state; an armed
catch-up, fired, edits each waiting seat once with its current screen.  At
live pace every seat's DM follows every move, as before.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from pathlib import Path

from bot.core import ai
from bot.core.games import get
from bot.core.sessions import Player, SessionManager
from bot.core.slow import pace
from bot.core.store import SeatRecord, SessionRecord, Store
from tests.robustness.leaks.leak_capture import CapturePresenter, payload_text
from tests.robustness.leaks.leakkit import pictures_as_digests
from tests.slow.test_notice_delay import Timers

GAME, SEATS, STEPS = "getgem", 3, 40


async def _start(path: Path | str, game_pace: str, game: str = GAME, seats: int = SEATS,
                 seed: int = 46) -> tuple[SessionManager, CapturePresenter, SessionRecord, Timers]:
    """A game of ``seats`` humans (user ids 1000 + seat) started at ``game_pace``, its catch-ups' timers injected."""
    store = await Store.open(path)
    presenter = CapturePresenter(store)
    timers = Timers()
    presenter.dm_refresh._call_later = timers  # the catch-ups fire when the test says
    manager = SessionManager(store, presenter, ai_delay=0, turn_timeout=1e9, pick_timeout=1e9, seed=seed)
    players = [Player(1000 + i, f"P{i}", "en") for i in range(seats)]
    record = await manager.new_lobby(game, guild_id=1, channel_id=10, host=players[0], locale="en", pace=game_pace)
    for p in players[1:]:
        await manager.join(record.id, p)
    await manager.start(record.id, players[0])
    return manager, presenter, record, timers


@contextlib.asynccontextmanager
async def _game(path: Path, game_pace: str) -> AsyncIterator[tuple[SessionManager, CapturePresenter, SessionRecord,
                                                                   Timers]]:
    with pictures_as_digests(GAME, False):
        manager, presenter, record, timers = await _start(path, game_pace)
        try:
            yield manager, presenter, record, timers
        finally:
            await manager.close()
            await manager.store.close()


async def _step(manager: SessionManager, record: SessionRecord, rng: random.Random) -> None:
    spec = get(GAME)
    assert record.state is not None
    seat = rng.choice(spec.rules.to_act(record.state))
    action = ai.choose(spec, record.state, seat, "easy", rng.getrandbits(32))
    index = spec.rules.legal(record.state, seat).index(action)
    await manager.act(record.id, 1000 + seat, manager.prompt_version(record, seat), index)


async def _shown_now(presenter: CapturePresenter, record: SessionRecord, seat: int) -> str:
    return payload_text(await presenter.dm_screens.payload(record, seat))


async def test_a_seat_asked_nothing_waits_for_its_turn_or_its_catch_up(tmp_path: Path) -> None:
    async with _game(tmp_path / "k.sqlite3", pace.RELAXED) as (manager, presenter, record, timers):
        spec, rng = get(GAME), random.Random(3)
        skipped = asked_after_waiting = 0
        stale: set[int] = set()
        last = {seat: await _shown_now(presenter, record, seat) for seat in range(SEATS)}  # the start showed all
        for _ in range(STEPS):
            presenter.clear()
            await _step(manager, record, rng)
            if record.status != "active":
                break
            assert record.state is not None
            dms = {seat: payload for seat, payload, _ in presenter.dms}
            assert presenter.boards, "the channel board shows every public change at once"
            for seat in spec.rules.to_act(record.state):  # asked: its screen at once, and the latest one
                assert seat in dms, f"seat {seat} asked to choose, its DM not brought up to date"
                assert payload_text(dms[seat]) == await _shown_now(presenter, record, seat)
                asked_after_waiting += seat in stale
            for seat in range(SEATS):
                if seat in dms:
                    stale.discard(seat)
                    last[seat] = payload_text(dms[seat])
                elif last[seat] != await _shown_now(presenter, record, seat):  # shows an older state now
                    skipped += 1
                    stale.add(seat)
                    assert (record.id, seat) in presenter.dm_refresh._timers  # its catch-up is armed
            if asked_after_waiting >= 3 and stale:
                break  # a seat waits for its catch-up now
        assert skipped > 0, "every public move edited every DM, as at live pace"
        assert asked_after_waiting > 0  # a seat that had waited was shown the latest state when asked
        # one catch-up per waiting seat, armed an interval (the notice delay) after the first change it missed
        pending = timers.pending()
        armed = {seat for _, seat in presenter.dm_refresh._timers}
        assert stale and len(pending) == len(armed) and stale <= armed, (stale, armed)  # one catch-up per seat, at most
        assert {t.delay for t in pending} == {pace.NOTICE_DELAY}
        presenter.clear()
        for timer in pending:
            timer.fire()
        for task in list(presenter.dm_refresh.running):
            await task
        assert sorted(seat for seat, _, _ in presenter.dms) == sorted(armed)  # each once
        for seat, payload, _ in presenter.dms:
            assert payload_text(payload) == await _shown_now(presenter, record, seat)
        assert not presenter.dm_refresh._timers


async def test_a_live_games_dms_follow_every_move_as_before(tmp_path: Path) -> None:
    async with _game(tmp_path / "k.sqlite3", pace.LIVE) as (manager, presenter, record, timers):
        rng, steps = random.Random(3), 0
        presenter.clear()
        for _ in range(STEPS):
            await _step(manager, record, rng)
            if record.status != "active":
                break
            steps += 1
            assert len(presenter.dms) == steps * SEATS  # every seat's DM at every move: today's count
        assert steps > 10 and not timers.armed


async def test_a_catch_up_overtaken_by_a_move_sends_the_newest_screen(tmp_path: Path) -> None:
    """A catch-up runs outside the channel's turn: a move committed meanwhile may have shown its screen
    first, so the catch-up ends by sending the newest screen once more (the DM shows the latest move)."""
    async with _game(tmp_path / "k.sqlite3", pace.RELAXED) as (_, presenter, record, timers):
        real = presenter.dm_screens.update
        shown: list[int] = []

        async def update(rec: SessionRecord, seat: SeatRecord, **kwargs: object) -> None:
            shown.append(rec.version)
            if len(shown) == 1:
                rec.version += 1  # as if a move were committed while this screen was on its way
            await real(rec, seat)

        presenter.dm_screens.update = update  # type: ignore[method-assign]
        presenter.dm_refresh._arm(record, 0)
        timers.pending()[0].fire()
        for task in list(presenter.dm_refresh.running):
            await task
        assert shown == [record.version - 1, record.version]
