"""Whether and when a slow game's DM screen is refreshed tells its player nothing hidden.

The leak scanner's method (tests/slow/test_notice_leaks.py) on the refresh decisions of
:mod:`bot.frontend.presenting.slow.dm_refresh`: one seeded relaxed game of every game
played in DMs, every seat a human whose moves the AI picks, through the session manager
and the real presenter.  At every step, for each seat, the decision is made again on
states that seat cannot tell from the real one (the game's secret swaps, a twin re-dealt
from its view), from the same memory of what it was shown: refreshed now, left to a
catch-up, or nothing, and the catch-up armed or not, must all be the same.  The last
test plants a decision that reads another seat's hand and requires the scan to see it.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from bot.core import ai
from bot.core.games import get
from bot.core.slow import pace
from bot.core.store import SessionRecord
from bot.frontend.presenting.slow import dm_refresh
from bot.frontend.presenting.slow.dm_refresh import DmRefresh
from tests import gamekit
from tests.robustness.leaks.leakkit import pictures_as_digests
from tests.slow.test_dm_refresh import _start
from tests.slow.test_notice_delay import Timers
from tests.slow.test_notice_leaks import _alike

DM_GAMES = [g for g in gamekit.ids() if not get(g).public_controls]
MAX_STEPS = 120


def _decision(real: DmRefresh, record: SessionRecord, seat: int) -> tuple[bool, bool]:
    """``seat``'s decision for ``record`` from ``real``'s memory, on a copy: (left for later, catch-up armed)."""
    trial = DmRefresh(real._screens, real._notices, call_later=Timers())
    trial._seen = dict(real._seen)
    trial._timers = {k: v for k, v in real._timers.items() if k != (record.id, seat)}
    later = trial.later(record)
    return seat in later, (record.id, seat) in trial._timers


async def _scan(game: str, seed: int) -> tuple[int, list[str]]:
    spec, rng = get(game), random.Random(seed)
    n = rng.choice(range(spec.min_seats, spec.max_seats + 1))
    manager, presenter, record, _ = await _start(":memory:", pace.RELAXED, game, n, seed)
    compared, problems = 0, []
    try:
        for step in range(MAX_STEPS):
            if record.status != "active":
                break
            assert record.state is not None
            seat = rng.choice(spec.rules.to_act(record.state))
            action = ai.choose(spec, record.state, seat, "easy", rng.getrandbits(32))
            draft = copy.copy(record)
            draft.state = spec.rules.apply(record.state, seat, action).state  # the next state, before it is shown
            for reader in range(n):
                real = _decision(presenter.dm_refresh, draft, reader)
                for kind, other in _alike(draft, spec, reader, rng):
                    compared += 1
                    seen = _decision(presenter.dm_refresh, dataclasses.replace(draft, state=other), reader)
                    if seen != real:
                        problems.append(f"{game} step {step}, seat {reader} ({kind}): {real} != {seen}")
            index = spec.rules.legal(record.state, seat).index(action)
            await manager.act(record.id, 1000 + seat, manager.prompt_version(record, seat), index)
    finally:
        await manager.close()
        await manager.store.close()
    return compared, problems


@pytest.mark.parametrize("game", DM_GAMES)
async def test_a_seats_refresh_depends_on_nothing_it_cannot_see(game: str) -> None:
    with pictures_as_digests(game, False):
        compared, problems = await _scan(game, seed=46)
    assert problems == [], "\n".join(problems[:5])
    assert compared > 20


async def test_the_scan_finds_a_decision_that_reads_another_seats_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real = dm_refresh.signature

    def peeking(record: SessionRecord, spec: object, seat: int, public: object = None) -> dm_refresh.Signature:
        """Refreshed at once when the next seat's hidden part hashes even: a leak of that hand's timing."""
        sig = real(record, spec, seat, public)  # type: ignore[arg-type]
        rules = get(record.game).rules
        other = rules.view(record.state, (seat + 1) % len(record.seats))
        hidden = dm_refresh.private_part(other, rules.view(record.state, None))
        return dataclasses.replace(sig, asked=sig.asked or int(dm_refresh._digest(hidden), 16) % 2 == 0)

    monkeypatch.setattr(dm_refresh, "signature", peeking)
    with pictures_as_digests("getgem", False):
        _, problems = await _scan("getgem", seed=46)
    assert problems
