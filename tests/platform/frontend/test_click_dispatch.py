"""Clicks are routed from their custom_id by ``clicks.on_component``, on a message parsed lightly (``clicks.lighten``).

Why these tests: discord.py's DynamicItem dispatch rebuilt a whole view from
the clicked message for every click, and parsed that message's components
first; the bot now does neither (docs/performance-journal.md, "The event loop's
share").  A click must still reach exactly its route once, whether or not
its id is on the message, and what the routes read of the message (id,
flags, channel) must survive the lightening.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from typing import Any

import discord
import pytest

from bot.core import turns
from bot.core.ai.gate import ClickGate
from bot.frontend.inbound import clicks, interactions
from tests.platform.frontend.test_cycles import _interaction_payload


@pytest.fixture
def routed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """Stand in for the move handler; fail if anything rebuilds a view from the clicked message."""
    seen: list[tuple[int, int, int]] = []

    async def on_act(interaction: discord.Interaction, sid: int, pv: int, idx: int) -> None:
        seen.append((sid, pv, idx))

    def no_view(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a view was rebuilt from the clicked message")

    monkeypatch.setattr(interactions, "on_act", on_act)
    monkeypatch.setattr(clicks, "_live_here", lambda *a, **k: None)  # no bot here (origin: test_forged_origin)
    monkeypatch.setattr(discord.ui.View, "from_message", no_view)
    monkeypatch.setattr(discord.ui.LayoutView, "from_message", no_view)
    return seen


def _interaction(data: dict[str, Any]) -> discord.Interaction:
    state = discord.Client(intents=discord.Intents.none())._connection
    return discord.Interaction(data=data, state=state)  # type: ignore[arg-type]


async def test_a_click_on_a_button_of_the_message_runs_its_route_once(routed: list[tuple[int, int, int]]) -> None:
    await clicks.on_component(_interaction(clicks.lighten(_interaction_payload())))
    assert routed == [(1, 2, 3)]


async def test_a_clicks_route_runs_as_a_players_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its channel's turn takes a freed work slot before the AIs' moves (bot/core/turns.py ``WorkSlots``)."""
    seen: list[bool] = []

    async def on_act(interaction: discord.Interaction, sid: int, pv: int, idx: int) -> None:
        seen.append(turns._players_turn())

    monkeypatch.setattr(interactions, "on_act", on_act)
    monkeypatch.setattr(clicks, "_live_here", lambda *a, **k: None)
    # discord.py runs each listener in a task of its own
    await asyncio.create_task(clicks.on_component(_interaction(clicks.lighten(_interaction_payload()))))
    assert seen == [True]
    assert not turns._players_turn()  # this test's task is not the click's


async def test_a_clicks_route_runs_with_the_ai_searches_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI workers' searches wait while a click is handled (bot/core/ai/gate.py), then go on, even if it fails."""
    gate = ClickGate(multiprocessing.get_context("spawn"))
    seen: list[bool] = []

    async def on_act(interaction: discord.Interaction, sid: int, pv: int, idx: int) -> None:
        seen.append(gate.closed)
        raise RuntimeError("the handler failed")

    monkeypatch.setattr(interactions, "on_act", on_act)
    monkeypatch.setattr(clicks, "_live_here", lambda *a, **k: None)
    monkeypatch.setattr(clicks, "_searches_paused", clicks._searches_paused)  # restored after the test
    clicks.pause_searches_with(gate.held)
    with pytest.raises(RuntimeError):
        await clicks.on_component(_interaction(clicks.lighten(_interaction_payload())))
    assert seen == [True]
    assert not gate.closed


async def test_a_click_whose_id_is_not_on_the_message_runs_its_route_too(routed: list[tuple[int, int, int]]) -> None:
    data = _interaction_payload()
    data["data"]["custom_id"] = "k:a:1:5:0"  # the board was edited since the client drew it
    await clicks.on_component(_interaction(clicks.lighten(data)))
    assert routed == [(1, 5, 0)]


async def test_the_app_leaves_dynamic_items_to_the_click_router() -> None:
    """discord.py must not dispatch our buttons as well (a click would run its route twice)."""
    from bot.app import KadoBot

    source = KadoBot.setup_hook.__code__.co_names
    assert "add_dynamic_items" not in source
    assert "pause_searches_with" in source, "the app must hold the AI pool's gate around clicks"


def test_lighten_keeps_what_the_routes_read_and_drops_the_components() -> None:
    data = _interaction_payload()
    data["message"]["flags"] = 64  # an ephemeral message: the routes read its flags
    data["message"]["reactions"] = [{"count": 1, "me": False, "emoji": {"id": None, "name": "x"}}]
    interaction = _interaction(clicks.lighten(data))
    click = clicks._click(interaction)  # what the origin checks read of a click
    assert (click.user_id, click.message_id, click.private) == (7, 9, True)
    message = interaction.message
    assert message is not None
    assert message.components == [] and message.attachments == [] and message.reactions == []
    assert data["message"]["components"], "the payload received is not changed in place"


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["data"].update(custom_id="someone-else:1"),  # not our id: whoever handles it gets it whole
        lambda d: d.update(type=2),  # a slash command
    ],
)
def test_lighten_leaves_other_interactions_whole(change: Any) -> None:
    data = _interaction_payload()
    change(data)
    assert clicks.lighten(data) is data
