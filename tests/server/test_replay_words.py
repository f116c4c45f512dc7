"""A replay's step names its move: never "kenji moved." for the first click of a move of several clicks."""

from __future__ import annotations

import random

import pytest

from bot import gamefacts, i18n
from bot.core import games, replay
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.server_commands.replays import replay_payload
from tests import gamekit


def _finished(game: str, seats: int, seed: int) -> tuple[SessionRecord, list[replay.Step]]:
    spec = games.get(game)
    options = spec.resolve_options({})
    rng = random.Random(seed)
    state = spec.rules.new(seats, seed, options)
    log = []
    while spec.rules.to_act(state):
        seat = rng.choice(spec.rules.to_act(state))
        action = rng.choice(spec.rules.legal(state, seat))
        state = spec.rules.apply(state, seat, action).state
        log.append({"version": len(log) + 1, "seat": seat, "payload": action})
    steps = replay.rebuild(spec.rules, seats, seed, options, log)
    record = SessionRecord(
        id=5, game=game, guild_id=1, channel_id=2, host_id=100, status="finished", seed=seed, created_at=0.0,
        updated_at=0.0, options=options, state=state, version=len(log), locale="en",
        seats=[SeatRecord(seat=i, name=f"p{i}", user_id=100 + i) for i in range(seats)],
    )
    return record, steps


def _seats(game: str) -> int:
    """Three seats where the game allows (a player, the one acted on, a bystander), else its nearest count."""
    facts = gamefacts.facts_of(game)
    return max(facts.min_seats, min(3, facts.max_seats))


def test_every_step_names_its_move() -> None:
    tr = i18n.translator("en")
    clicked = {}
    for game in gamekit.ids():
        record, steps = _finished(game, _seats(game), seed=4)
        spec = games.get(game)
        clicked[game] = 0
        for page in range(1, len(steps)):
            embed = replay_payload(record, spec, steps, page, tr)["embed"]
            move = next(f.value for f in embed.fields if f.name == "Move")
            assert "moved." not in move, (game, page, steps[page].action)
            clicked[game] += "chose “" in move
    assert any(clicked.values()), f"no game has a first click of a move of several clicks: {clicked}"


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", gamekit.ids())
def test_the_end_reveal_speaks_of_each_player_in_the_third_person(game: str, locale: str) -> None:
    record, steps = _finished(game, _seats(game), seed=2)
    embed = replay_payload(record, games.get(game), steps, len(steps), i18n.translator(locale))["embed"]
    players = [f for f in embed.fields if f.name in record.names()]
    assert [f.name for f in players] == record.names()
    for field in players:
        assert field.name in field.value, field.value  # "p0's hand (4): …" / 「p0の手札（4枚）：…」
        assert not any(word in field.value for word in ("Your", "You ", "you ", "あなた")), field.value
