"""``/game replay`` of a finished tutorial starts from its curated deal, not from ``rules.new``."""

from __future__ import annotations

import pytest

from bot.core import ai, games, replay, tutorial
from bot.core.store import TUTORIAL, SeatRecord, SessionRecord


def _record(game: str) -> SessionRecord:
    script = tutorial.load(game)
    options = {**games.get(game).resolve_options(script.OPTIONS), TUTORIAL: True}
    return SessionRecord(id=1, game=game, guild_id=1, channel_id=1, host_id=1, status="finished",
                         seed=script.SEED, created_at=0.0, updated_at=0.0, options=options,
                         seats=[SeatRecord(seat=i, name=f"p{i}") for i in range(script.SEATS)])


def test_some_tutorial_starts_from_a_deal_that_is_not_rules_new() -> None:
    """Control: the replay test below covers a curated deal (built by the engine's ``from_deal``), not only seeds."""
    curated = []
    for game in tutorial.available():
        script, spec = tutorial.load(game), games.get(game)
        if tutorial.first_state(_record(game)) != spec.rules.new(
            script.SEATS, script.SEED, spec.resolve_options(script.OPTIONS)
        ):
            curated.append(game)
    assert curated, "every tutorial starts from rules.new: the replay of a curated deal is untested"


@pytest.mark.parametrize("game", tutorial.available())
def test_a_tutorials_replay_rebuilds_the_game_that_was_played(game: str) -> None:
    script = tutorial.load(game)
    spec = games.get(game)
    record = _record(game)
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
