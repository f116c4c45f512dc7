"""Where the Hint button sits: under a seat's own choices in its DM, or beside the board's choices."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import i18n
from bot.core import games
from bot.core import settings as server_settings
from bot.core.settings import hint_policy
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.ui import payloads


def _record(game: str, seats: int) -> SessionRecord:
    spec = games.get(game)
    record = SessionRecord(
        id=5, game=game, guild_id=7, channel_id=9, host_id=1, status="active", seed=3, created_at=0, updated_at=0,
        seats=[SeatRecord(i, f"p{i}", user_id=i + 1) for i in range(seats)],
    )  # fmt: skip
    record.state = spec.rules.new(seats, 3)
    return record


def _hint_ids(payload: dict[str, Any]) -> list[str]:
    found: list[str] = []

    def walk(item: Any) -> None:
        custom_id = getattr(item, "custom_id", None)
        if isinstance(custom_id, str) and custom_id.startswith("k:hi:"):
            found.append(custom_id)
        for child in getattr(item, "children", None) or []:
            walk(child)
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            walk(accessory)

    for item in payload["view"].children:
        walk(item)
    return found


@pytest.fixture(autouse=True)
def _server_offers_hints() -> Any:
    """Server 7 offers hints in every game (as if a manager had chosen so); forgotten afterwards."""
    hint_policy.remember(7, {"hints": "always"})
    yield
    hint_policy._known.pop(7, None)


def test_a_dm_offers_a_hint_only_to_the_seat_whose_choice_it_is() -> None:
    record = _record("getgem", 3)
    spec, tr = games.get("getgem"), i18n.translator("en")
    acting = spec.rules.to_act(record.state)
    offered = []
    for seat in range(3):
        ids = _hint_ids(payloads.private(record, spec, seat, tr, "games", picture=None))
        many = len(spec.rules.legal(record.state, seat)) > 1
        assert ids == (["k:hi:5:0"] if seat in acting and many else []), (seat, ids)
        offered += ids
    assert offered, "the seat to act has a choice at the start of GETGEM"


def test_a_board_with_the_choices_on_it_carries_one_hint_button_and_a_finished_one_none() -> None:
    record = _record("portas", 2)
    spec, tr = games.get("portas"), i18n.translator("ja")
    assert _hint_ids(payloads.board(record, spec, tr, picture=None)) == ["k:hi:5:0"]
    assert _hint_ids(payloads.board(record, spec, tr, picture=None, interactive=False)) == []  # a spectator's copy
    record.status = "finished"
    assert _hint_ids(payloads.board(record, spec, tr, picture=None)) == []


def test_by_default_a_rated_game_shows_no_hint_button_and_a_casual_one_does() -> None:
    hint_policy.remember(7, {})  # the defaults: hints in games that are not rated
    spec, tr = games.get("portas"), i18n.translator("en")
    rated = _record("portas", 2)  # two players in a server: rated
    assert _hint_ids(payloads.board(rated, spec, tr, picture=None)) == []
    casual = _record("portas", 2)
    casual.guild_id = None  # in DMs: never rated
    assert _hint_ids(payloads.board(casual, spec, tr, picture=None)) == ["k:hi:5:0"]
    hint_policy.remember(7, {"rate_ai_games": False})  # a server that does not rate games with AI seats
    with_ai = _record("portas", 2)
    with_ai.seats[1] = SeatRecord(1, "AI", ai_level="normal")
    assert _hint_ids(payloads.board(with_ai, spec, tr, picture=None)) == []  # the AI's turn, not a human's
    assert hint_policy.offered(with_ai) and not hint_policy.offered(rated)


def test_a_settings_change_moves_the_button_at_once() -> None:
    class Store:
        def __init__(self) -> None:
            self.data: dict[str, Any] = {}

        async def guild_settings(self, guild_id: int) -> dict[str, Any]:
            return dict(self.data)

        async def set_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
            self.data = data

    rated = _record("portas", 2)
    store = Store()
    asyncio.run(server_settings.update(store, 7, lambda d: server_settings.change(d, "hints", hint_policy.NEVER)))
    assert not hint_policy.offered(rated)
    asyncio.run(server_settings.update(store, 7, lambda d: server_settings.change(d, "hints", hint_policy.ALWAYS)))
    assert hint_policy.offered(rated)
