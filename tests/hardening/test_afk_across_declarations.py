"""AFK counts only own turns: answering a declaration neither adds to nor resets the count.

Before: with ``AFK_LIMIT=2``, each declaration a player answered reset their
count, so one whose own turns all ran out kept the seat for ever as long as
they answered the contests in between.  Eminit's Treasure, three humans,
through the session manager with an injected clock.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.core.sessions import prompts
from tests.platform.core.sessions.clock.test_reaction_windows import PLAYERS, Events
from tests.platform.core.sessions.test_sessions import Clock, _manager

SEEDS = [0, 1, 2]  # deals whose contests come between two of the AFK player's own turns


async def _eminit(tmp_path: Path, clock: Clock, seed: int):  # type: ignore[no-untyped-def]
    """Eminit's Treasure for three humans, AFK_LIMIT=2, dealt from ``seed`` (no AI moves: none is seated)."""
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=100, afk_limit=2, seed=seed)
    rec = Events()
    m.presenter = rec
    m.ai_delay = 3600
    record = await m.new_lobby("eminit", guild_id=1, channel_id=70, host=PLAYERS[0], locale="en")
    for p in PLAYERS[1:]:
        await m.join(record.id, p)
    await m.start(record.id, PLAYERS[0])
    return m, record, rec


@pytest.mark.parametrize("seed", SEEDS)
async def test_own_turns_that_run_out_hand_the_seat_over_despite_declarations(tmp_path: Path, seed: int) -> None:
    clock = Clock()
    m, record, rec = await _eminit(tmp_path, clock, seed)
    rng = random.Random(seed)
    spec = m.spec(record)
    afk = 1
    own_timeouts = answered = 0
    present = True  # until the first contest the AFK player still plays their own turns

    def pick(seat: int) -> int:
        return rng.randrange(len(m.legal_for(record, seat)))

    try:
        for _ in range(3000):
            assert record.status == "active", "the game ended first"
            if record.seats[afk].ai_level is not None:
                break
            waiting = spec.rules.to_act(record.state)
            reacting = [s for s in waiting if prompts.is_reaction(spec, record, s)]
            if reacting:  # a contest: everyone, the AFK player too, declares
                for seat in reacting:
                    await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), pick(seat))
                    answered += seat == afk and own_timeouts == 1  # between their first and second timeout
                present = False
                continue
            seat = waiting[0]
            if seat == afk and not present and prompts.counts_afk(spec, record, seat):
                own_timeouts += 1
                clock.now = record.deadline + 1
                await m.expire(record.id, record.deadline)
                continue
            await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), pick(seat))
        else:
            raise AssertionError("the seat never went to the AI")
        assert answered >= 1, "no declaration was answered between two timeouts: the test proved nothing"
        assert own_timeouts == 2
        assert [e.args["seat"] for e in rec.events if e.kind == "seat_to_ai"] == [afk]
    finally:
        await m.close()
        await m.store.close()
