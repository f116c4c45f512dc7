"""The click path leaves no garbage that only Python's cyclic collector can free (bot.frontend.ui.cycles).

Each test counts what ``gc.collect()`` finds after the objects are dropped,
with the collector paused so that nothing is collected behind the test's back;
the controls show the same objects *do* form cycles when not unlinked, so the
tests can fail.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest

from bot.frontend.inbound import clicks, interactions
from bot.frontend.ui import cycles
from bot.frontend.ui.components import ActButton, LobbyButton, Static


@pytest.fixture
def collector_paused() -> Iterator[Callable[[], int]]:
    """Pause the collector; yield a function that collects and returns how many unreachable objects it found."""
    was_enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    try:
        yield gc.collect
    finally:
        if was_enabled:
            gc.enable()


def _interaction_payload() -> dict[str, Any]:
    """An INTERACTION_CREATE for a click on a board button, as Discord sends it (trimmed to what discord.py reads)."""
    user = {"id": "7", "username": "player", "discriminator": "0", "avatar": None}
    return {
        "id": "1",
        "application_id": "2",
        "type": 3,
        "token": "tok",
        "version": 1,
        "channel_id": "5",
        "user": user,
        "locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
        "authorizing_integration_owners": {},
        "context": 1,
        "data": {"custom_id": "k:a:1:2:3", "component_type": 2},
        "message": {
            "id": "9",
            "channel_id": "5",
            "content": "",
            "type": 0,
            "flags": 0,
            "tts": False,
            "pinned": False,
            "author": {"id": "2", "username": "kado", "discriminator": "0", "avatar": None},
            "timestamp": "2026-11-22T00:00:00+00:00",
            "edited_timestamp": None,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 2, "label": "5 → 14", "custom_id": "k:a:1:2:3"},
                        {"type": 2, "style": 2, "label": "6 → 15", "custom_id": "k:a:1:2:4"},
                    ],
                }
            ],
        },
    }


def _board_view(view: discord.ui.View) -> discord.ui.View:
    for idx in range(6):
        view.add_item(ActButton(1, 2, idx, label=f"move {idx}"))
    view.add_item(LobbyButton(1, "join", "Join"))
    return view


async def test_a_static_layout_is_freed_without_the_collector(collector_paused: Callable[[], int]) -> None:
    view = _board_view(Static())
    assert len(view.to_components()[0]["components"]) == 5  # rendered as before: 5 per row
    del view
    assert collector_paused() == 0


async def test_control_a_plain_view_is_a_cycle(collector_paused: Callable[[], int]) -> None:
    view = _board_view(discord.ui.View(timeout=None))
    view.to_components()
    del view
    assert collector_paused() > 0


async def test_a_clicked_item_and_its_interaction_are_released(
    collector_paused: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click as the bot receives it (lightened, routed by ``clicks.on_component``) leaves no cycle behind."""
    state = discord.Client(intents=discord.Intents.none())._connection
    seen: list[int] = []

    async def on_act(interaction: discord.Interaction, sid: int, pv: int, idx: int) -> None:
        seen.append(idx)
        assert not interaction.response.is_done()  # the handler still has the whole interaction

    monkeypatch.setattr(interactions, "on_act", on_act)
    monkeypatch.setattr(clicks, "_live_here", lambda *a, **k: None)  # no bot here (origin: test_forged_origin)
    interaction = discord.Interaction(data=clicks.lighten(_interaction_payload()), state=state)  # type: ignore[arg-type]
    await clicks.on_component(interaction)
    assert seen == [3]
    del interaction
    assert collector_paused() == 0


async def test_control_an_unreleased_click_is_a_cycle(collector_paused: Callable[[], int]) -> None:
    state = discord.Client(intents=discord.Intents.none())._connection
    interaction = discord.Interaction(data=_interaction_payload(), state=state)  # type: ignore[arg-type]
    assert interaction.message is not None
    view = discord.ui.View.from_message(interaction.message, timeout=None)
    interaction.response.is_done()
    del view, interaction
    assert collector_paused() > 0


def test_unlink_view_accepts_none() -> None:
    cycles.unlink_view(None)


async def test_a_finished_slash_command_interaction_is_released(collector_paused: Callable[[], int]) -> None:
    """What ``KadoBot.on_app_command_completion`` does once discord.py reports a command done."""
    from bot.app import KadoBot

    state = discord.Client(intents=discord.Intents.none())._connection
    interaction = discord.Interaction(data=_interaction_payload(), state=state)  # type: ignore[arg-type]
    interaction.response.is_done()  # the response is cached, as after any command that answered
    await KadoBot.on_app_command_completion(None, interaction, None)  # type: ignore[arg-type]
    del interaction
    assert collector_paused() == 0


def test_a_sent_picture_is_freed_without_the_collector(collector_paused: Callable[[], int]) -> None:
    """A file discord.py has sent and closed (its buffer's close put back) leaves no cycle; discord.File's does."""
    import io

    for cls, expected_cycles in ((cycles.File, False), (discord.File, True)):  # the second is the control
        for _ in range(10):
            file = cls(io.BytesIO(b"\x89PNG" + bytes(1000)), filename="board.png")
            file.reset()
            file.close()
            del file
        assert (collector_paused() > 0) is expected_cycles, cls


async def test_a_remembered_click_leaves_its_task_free(collector_paused: Callable[[], int]) -> None:
    """The clicked message is remembered in the click task's own context without making that task a cycle."""
    import asyncio

    from bot.transport import edits

    class _Message:
        id = 9
        flags = discord.MessageFlags()

    class _Click:
        message = _Message()
        application_id = 2
        token = "tok"

    tokens = edits.Tokens(reuse=60)

    async def click() -> int | None:
        tokens.remember_click(_Click())  # type: ignore[arg-type]
        return edits.clicked_message()

    for _ in range(10):
        assert await asyncio.create_task(click()) == 9
    assert collector_paused() == 0
