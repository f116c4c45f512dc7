"""A move click's way through bot/ goes down its layers and never comes back into a module it left.

Why: a reader follows a click from the router to the edit that answers it
(CONTRIBUTING.md, "A move click's path") only if no module hands the click to
another that calls back into the first (the route table once bounced between
``inbound/clicks.py`` and ``ui/components.py``; a save and a DM's "built"
signal were closures called back from below).  The click here is the real
thing from ``clicks.on_component`` down, with a real session manager, store and
``DiscordPresenter``: only Discord's two doors are stood in for (the
interaction callback and the bot-token edit).  Every call into bot/ is seen by
``sys.setprofile``; its chain of callers (in its task, through the awaits) must
name each module once.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

import discord
import pytest

from bot.core import games
from bot.core.sessions import Player, SessionManager
from bot.core.store import SessionRecord, Store
from bot.frontend.inbound import clicks
from bot.frontend.presenting.presenter import DiscordPresenter
from bot.transport import wire
from tests.platform.frontend.test_cycles import _interaction_payload

ALICE, BOB = Player(7, "Alice"), Player(8, "Bob")


class _Http:
    """The bot-token side of discord.py's HTTP client, answering as Discord would and sending nothing."""

    def __init__(self) -> None:
        self.edits: list[int] = []
        self.ids = iter(range(1000, 2000))

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> dict[str, Any]:
        self.edits.append(message_id)
        return {}

    async def start_private_message(self, user_id: int) -> dict[str, Any]:
        return {"id": str(next(self.ids))}

    def __getattr__(self, name: str) -> Any:
        async def sent(channel_id: int, *args: Any, **kwargs: Any) -> dict[str, Any]:
            return {**_interaction_payload()["message"], "id": str(next(self.ids)), "channel_id": str(channel_id)}

        return sent


def _chain(frame: FrameType | None, prefix: str = "bot.") -> list[str]:
    """The modules under ``prefix`` from ``frame`` down to its task's first, callers first, each run of one once."""
    modules: list[str] = []
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if name.startswith(prefix) and (not modules or modules[-1] != name):
            modules.append(name)
        frame = frame.f_back
    return modules[::-1]


async def _click(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> tuple[list[list[str]], SessionRecord, list[str]]:
    """One move click of a 2-player ``game``, traced: on its board if it is played there, else in the mover's DM.

    Returns every chain of callers seen, the session after the click, and Discord's callbacks sent.
    """
    client = discord.Client(intents=discord.Intents.none())
    http = _Http()
    monkeypatch.setattr(client, "http", http)
    monkeypatch.setattr(client._connection, "http", http)  # what a channel's send goes through
    store = await Store.open(tmp_path / "k.sqlite3")
    presenter = DiscordPresenter(client, store)
    sessions = SessionManager(store, presenter, ai_delay=0)
    services = {"settings": type("S", (), {"answer_within": 10.0})(), "store": store, "sessions": sessions,
                "presenter": presenter, "forwarder": None}
    for name, value in services.items():
        setattr(client, name, value)
    record = await sessions.new_lobby(game, guild_id=None, channel_id=5, host=ALICE, locale="en")
    await sessions.join(record.id, BOB)
    await store.set_board_message(record, 9)
    await sessions.start(record.id, ALICE)
    assert record.state is not None
    (seat,) = sessions.spec(record).rules.to_act(record.state)
    mover = (ALICE, BOB)[seat]
    callbacks: list[str] = []

    async def send(client: Any, method: str, url: str, *args: Any, **kwargs: Any) -> None:
        callbacks.append(url.rsplit("/", 1)[-1])

    monkeypatch.setattr(wire, "_send", send)  # Discord's interaction callback: the click's answer
    payload = _interaction_payload()
    payload["user"]["id"] = str(mover.user_id)
    if not sessions.spec(record).public_controls:  # a game played in DMs: the click is on the mover's own DM
        dm = record.seats[seat]
        assert dm.dm_channel_id is not None and dm.dm_message_id is not None, "the start sent each player's DM"
        payload["channel_id"] = payload["message"]["channel_id"] = str(dm.dm_channel_id)
        payload["message"]["id"] = str(dm.dm_message_id)
    payload["data"]["custom_id"] = f"k:a:{record.id}:{sessions.prompt_version(record, seat)}:0"
    interaction = discord.Interaction(data=clicks.lighten(payload), state=client._connection)  # type: ignore[arg-type]
    chains: list[list[str]] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_globals.get("__name__", "").startswith("bot."):
            chains.append(_chain(frame))

    version = record.version
    sys.setprofile(profile)
    try:
        await clicks.on_component(interaction)
    finally:
        sys.setprofile(None)
    assert record.version == version + 1, "the click made its move"
    await sessions.close()
    await store.close()
    return chains, record, callbacks


def _first(public_controls: bool) -> str:
    """The first installed 2-player game whose moves are clicked on its board (True) or in DMs (False)."""
    return next(g for g in games.available()
                if games.get(g).public_controls is public_controls and games.get(g).min_seats <= 2)


@pytest.mark.parametrize("on_board", [True, False], ids=["board", "dm"])
async def test_a_move_click_visits_no_module_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on_board: bool
) -> None:
    game = _first(on_board)
    chains, _, callbacks = await _click(tmp_path, monkeypatch, game)
    assert callbacks == ["callback"]  # answered once: by its move's edit of the clicked message, nothing more
    seen = {module for chain in chains for module in chain}
    layers = ["bot.frontend.inbound.clicks", "bot.frontend.inbound.interactions", "bot.core.sessions.parts.play",
              "bot.frontend.presenting.presenter", "bot.transport.edits", "bot.transport.acks"]
    if not on_board:  # answered by the clicker's DM
        layers += ["bot.frontend.presenting.dm_screens", "bot.frontend.presenting.delivery"]
    for layer in layers:
        assert layer in seen, f"the trace missed {layer}: it would prove nothing"
    twice = [chain for chain in chains if len(chain) != len(set(chain))]
    assert not twice, "a module entered again below itself:\n" + "\n".join(" -> ".join(c) for c in twice[:5])


def test_control_a_call_back_into_a_module_is_seen() -> None:
    """The check can fail: a chain that leaves a module and comes back to it names it twice."""
    namespace_a: dict[str, Any] = {"__name__": "fake.a"}
    namespace_b: dict[str, Any] = {"__name__": "fake.b"}
    exec("def down(then):\n    return then()", namespace_b)
    exec("import sys\ndef top(down):\n    return down(back)\ndef back():\n    return sys._getframe()", namespace_a)
    frame = namespace_a["top"](namespace_b["down"])
    assert _chain(frame, "fake.") == ["fake.a", "fake.b", "fake.a"]
