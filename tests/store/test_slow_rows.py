"""Slow games' rows on every backend, seen by a second process: ``/game ai-for`` votes, absences, notify choices.

Two stores opened on one database stand for two processes (a restart, or two
shards sharing PostgreSQL): what one writes, the other reads.  Runs against
SQLite always and PostgreSQL when one is reachable (conftest.py; CI's
PostgreSQL line runs tests/store).
"""

from __future__ import annotations

from typing import Any

from bot.core.slow import notify_prefs
from bot.core.slow.notify_prefs import NotifyPrefs
from tests.store.conftest import Backend


async def test_ai_for_votes_are_kept_for_the_next_process(backend: Backend, store: Any) -> None:
    assert await store.add_ai_vote(7, 2, 100) == {100}
    assert await store.add_ai_vote(7, 2, 100) == {100}  # voting twice is one vote
    await store.close()
    again = await backend.open()  # a restart
    assert await again.add_ai_vote(7, 2, 200) == {100, 200}
    assert await again.add_ai_vote(7, 1, 200) == {200}  # votes are per seat
    await again.drop_ai_votes(7, 2)
    assert await again.add_ai_vote(7, 2, 300) == {300}
    await again.forget_notify(300)  # /game forgetme takes the voter's rows too
    assert await again.add_ai_vote(7, 2, 100) == {100}


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_a_notify_choice_made_on_one_shard_is_seen_on_the_other(backend: Backend, store: Any) -> None:
    other = await backend.open()  # the other shard's process
    clock = Ticks()
    here, there = NotifyPrefs(store, clock), NotifyPrefs(other, clock)
    await there.load([100])
    assert there.choice(100, notify_prefs.OWN, "correspondence") == notify_prefs.DM  # nobody chose: the default
    await here.set(100, notify_prefs.OWN, notify_prefs.NONE)
    assert here.choice(100, notify_prefs.OWN, "correspondence") == notify_prefs.NONE  # this process: at once
    clock.now += notify_prefs.PREFS_LIFE  # the other process, once its copy is as old as its stated life
    await there.load([100])
    assert there.choice(100, notify_prefs.OWN, "correspondence") == notify_prefs.NONE


async def test_an_absence_is_read_by_the_other_process(backend: Backend, store: Any) -> None:
    other = await backend.open()
    await store.set_away(100, 5000.0)
    assert await other.absences(1000.0) == {100: 5000.0}
    assert await other.absences(6000.0) == {}  # over
    await store.set_away(100, None)
    assert await other.absences(1000.0) == {}
