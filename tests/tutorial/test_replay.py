"""``/game replay`` of a finished tutorial starts from its curated deal, not from ``rules.new``."""

from __future__ import annotations

import pytest

from bot.core import ai, games, replay, tutorial
from bot.core.store import TUTORIAL, SeatRecord, SessionRecord


@pytest.mark.parametrize("game", ["portas", "eminit"])  # the two whose deal is not rules.new's
def test_a_tutorials_replay_rebuilds_the_game_that_was_played(game: str) -> None:
    script = tutorial.load(game)
    spec = games.get(game)
    options = {**spec.resolve_options(script.OPTIONS), TUTORIAL: True}
    record = SessionRecord(id=1, game=game, guild_id=1, channel_id=1, host_id=1, status="finished",
                           seed=script.SEED, created_at=0.0, updated_at=0.0, options=options,
                           seats=[SeatRecord(seat=i, name=f"p{i}") for i in range(script.SEATS)])
    state = tutorial.first_state(record)
    log = []
    for version in range(1, 400):
        if spec.rules.result(state) is not None:
            break
        seat = spec.rules.to_act(state)[0]
        action = ai.choose(spec, state, seat, "easy", version)
        state = spec.rules.apply(state, seat, action).state
        log.append({"version": version, "seat": seat, "payload": action})
    steps = replay.rebuild(spec.rules, script.SEATS, record.seed, record.options, log,
                           first=tutorial.first_state(record))
    assert steps[-1].state == state and replay.finished(spec.rules, steps)
