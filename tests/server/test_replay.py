"""Replays rebuild every public board from the seed, the options and the action log alone."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.core import games, replay
from bot.core.sessions import SessionError, SessionManager
from bot.engine import RuleError
from bot.frontend.answers import error_text_in
from bot.frontend.server_commands.replays import _load_replay
from tests.server.helpers import board_text, manager, play_to_end, player

GAMES = games.available()


@pytest.mark.parametrize("game", GAMES)
async def test_replay_reproduces_every_public_board_in_order(game: str, tmp_path: Path) -> None:
    m, cap = await manager(tmp_path / "k.sqlite3")
    spec = games.get(game)
    seats = [player(i) for i in range(spec.min_seats)]
    record = await play_to_end(m, game, seats, seed=hash(game) % 1000)
    seen = cap.views[record.id]
    # every version from the deal to the end was shown exactly once
    assert sorted(seen) == list(range(record.version + 1))

    stored = await m.store.get_session(record.id)
    assert stored is not None
    log = await m.store.actions(record.id)
    started = time.perf_counter()
    steps = replay.rebuild(spec.rules, len(stored.seats), stored.seed, stored.options, log)
    elapsed = time.perf_counter() - started
    assert [s.number for s in steps] == list(range(record.version + 1))
    assert replay.public_views(spec.rules, steps) == [seen[v] for v in range(record.version + 1)]
    names = stored.names()
    assert [board_text(spec, spec.rules.view(s.state, None), names) for s in steps] == [
        cap.boards[record.id][v] for v in range(record.version + 1)
    ]
    assert steps[-1].state == stored.state  # the rebuilt end is the stored end
    assert replay.finished(spec.rules, steps)
    assert elapsed < 5, f"rebuilding {len(steps)} steps took {elapsed:.2f}s"
    await m.store.close()


def _portas_log(n: int) -> tuple[object, list[dict]]:
    rules = games.get("portas").rules
    state = rules.new(2, 7, {})
    log = []
    for version in range(1, n + 1):
        (seat,) = rules.to_act(state)
        action = rules.legal(state, seat)[0]
        state = rules.apply(state, seat, action).state
        log.append({"version": version, "seat": seat, "payload": action})
    return rules, log


def test_a_gap_in_the_log_is_refused_not_skipped() -> None:
    rules, log = _portas_log(4)
    del log[1]
    with pytest.raises(replay.ReplayError, match="jumps"):
        replay.rebuild(rules, 2, 7, {}, log)


def test_an_action_the_engine_refuses_is_reported() -> None:
    rules, log = _portas_log(3)
    log[2] = {**log[2], "seat": 1 - log[2]["seat"]}  # the wrong player
    with pytest.raises(replay.ReplayError) as info:
        replay.rebuild(rules, 2, 7, {}, log)
    assert isinstance(info.value.__cause__, RuleError)


def test_log_order_is_by_version_and_public_events_only() -> None:
    rules, log = _portas_log(5)
    forward = replay.rebuild(rules, 2, 7, {}, log)
    shuffled = replay.rebuild(rules, 2, 7, {}, list(reversed(log)))
    assert [s.state for s in forward] == [s.state for s in shuffled]
    assert forward[0].seat is None and forward[0].action is None
    for step in forward[1:]:
        assert all(e.to is None for e in step.public_events())
    assert not replay.finished(rules, forward)


async def test_replay_of_a_pruned_game_says_why_in_the_askers_language(tmp_path: Path) -> None:
    m, _ = await manager(tmp_path / "k.sqlite3")
    try:
        await _check_pruned_replay(m)
    finally:  # an open store's thread would keep pytest from exiting after a failure
        await m.close()
        await m.store.close()


async def _check_pruned_replay(m: SessionManager) -> None:
    record = await play_to_end(m, "portas", [player(0), player(1)])
    settings = SimpleNamespace(history_days=30)
    interaction = SimpleNamespace(guild_id=1, client=SimpleNamespace(store=m.store, settings=settings))
    await _load_replay(interaction, record.id)  # whole: it replays
    assert await m.store.prune_history(time.time() + 1) == 1
    with pytest.raises(SessionError) as info:
        await _load_replay(interaction, record.id)
    assert (info.value.code, info.value.args_) == ("replay_pruned.other", {"id": record.id, "days": 30})
    en, ja = error_text_in("en", info.value), error_text_in("ja", info.value)
    assert "30 days" in en and f"#{record.id}" in en
    assert "30日間" in ja and en != ja
    settings.history_days = 1
    with pytest.raises(SessionError) as info:
        await _load_replay(interaction, record.id)
    assert "for 1 day only" in error_text_in("en", info.value) and "1日間" in error_text_in("ja", info.value)
    settings.history_days = 0  # retention switched off after the prune: no "0 days"
    with pytest.raises(SessionError) as info:
        await _load_replay(interaction, record.id)
    assert info.value.code == "replay_pruned_any" and "no longer kept" in error_text_in("en", info.value)
    assert [h["session_id"] for h in await m.store.history(guild_id=1, channel_id=50)] == [record.id]
