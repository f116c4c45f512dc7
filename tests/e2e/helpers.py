"""Shared moves for end-to-end tests: a world of users, and reading a board like a player."""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

from tests.emulator import BotProcess, DiscordEmulator, Perm
from tests.emulator.models import Channel, Guild, Message, User

FAST_AI = {"KADO_AI_DELAY": "0.02"}


@dataclass
class World:
    emu: DiscordEmulator
    guild: Guild
    chan: Channel
    alice: User
    bob: User
    carol: User
    mod: User

    def users(self) -> list[User]:
        return [self.alice, self.bob, self.carol]


def make_world(emu: DiscordEmulator, *, closed_dms: tuple[str, ...] = ()) -> World:
    guild = emu.create_guild("Test", preferred_locale="en-US")
    chan = emu.create_channel(guild, "games")
    users = {}
    for name in ("alice", "bob", "carol", "mod"):
        users[name] = emu.create_user(name, dms_open=name not in closed_dms)
        emu.add_member(guild, users[name], permissions=Perm.MANAGE_MESSAGES if name == "mod" else 0)
    return World(emu, guild, chan, users["alice"], users["bob"], users["carol"], users["mod"])


def bot(world: World, tmp_path: Path, **env: str) -> BotProcess:
    return BotProcess(world.emu, tmp_path / "kado.sqlite3", extra_env={**FAST_AI, **env})


def act_buttons(message: Message) -> list[Any]:
    return [b for b in message.buttons() if b.custom_id and b.custom_id.startswith("k:a:") and not b.disabled]


def board_text(message: Message) -> str:
    """What the short board says (its Text Displays): the picture, buttons and details are not read."""
    return "\n".join(message.text_displays()) if message.is_v2 else message.text()


def waiting_for(message: Message) -> list[str]:
    """Names the board says it waits for (the shared status line)."""
    # the platform's status line follows the game's short lines; a game's own text may say "Waiting for" too
    found = re.findall(r"Waiting for ([^\n<]+?)\.(?: · | Time runs out|\n|$)", board_text(message))
    return [n.strip() for n in found[-1].split(",")] if found else []


def is_over(message: Message) -> bool:
    return "Game over" in board_text(message)


async def details_text(world: World, user: User, board: Message) -> str:
    """Press the board's "Details" as ``user`` and read the private answer: the long board text."""
    res = await world.emu.click(user, board, board.button("Details"))
    assert res.ephemeral, res.text()
    return res.text()


def db_rows(tmp_path: Path, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(tmp_path / "kado.sqlite3")
    try:
        return con.execute(query, params).fetchall()
    finally:
        con.close()


async def open_lobby(world: World, game: str, host: User) -> Message:
    res = await world.emu.slash(host, world.chan, f"{game} new")
    assert res.message is not None and not res.ephemeral, res.text()
    return await res.wait_loaded()  # "thinking…" first, then the lobby


async def press_start(emu: DiscordEmulator, host: User, lobby: Message) -> Any:
    """The host presses Start; with empty seats they confirm filling them with AIs (an ephemeral question)."""
    start = next(b for b in lobby.buttons() if (b.custom_id or "").endswith(":start"))  # any language
    res = await emu.click(host, lobby, start)
    question = res.message if res.ephemeral else None
    confirm = [b for b in question.buttons() if (b.custom_id or "").endswith(":start_ai")] if question else []
    if confirm:
        res = await emu.click(host, question, confirm[0])
    return res


async def click_and_wait(world: World, user: User, message: Message, button: Any, board: Message) -> Any:
    """Click, then wait until the board shows the consequence (an edit) or the click was refused."""
    edits = board.edits
    res = await world.emu.click(user, message, button)
    if res.type == 6:  # deferred update: the move was taken or a refusal follows
        await world.emu.wait_until(lambda: board.edits > edits or res.reply, description="board edit or refusal")
    return res


def preset_guild_settings(db: Path, guild_id: int, data: dict[str, Any]) -> None:
    """Store a server's settings in the database file ``db`` before the bot starts, as /game settings would.

    The schema is migrated first (the bot, starting on it, finds it current): one way, shared by the
    e2e tests, the robustness tests and the benchmarks, to start a bot on a server already set up.
    """
    import json

    from bot.core.store import _migrations

    con = sqlite3.connect(db)
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        for number, sql in _migrations():
            if number > version:
                con.executescript(sql)
                con.execute(f"PRAGMA user_version={number}")
        row = (guild_id, json.dumps(data))
        con.execute("INSERT OR REPLACE INTO guild_settings (guild_id, data) VALUES (?, ?)", row)
        con.commit()
    finally:
        con.close()


def preset_rules(tmp_path: Path, guild_id: int, game: str, options: dict[str, Any]) -> None:
    """Store a server's rule options for ``game`` before the bot starts, as /game settings would."""
    preset_guild_settings(tmp_path / "kado.sqlite3", guild_id, {"rules": {game: options}})


def spawned_workers(pid: int) -> list[psutil.Process]:
    """The bot's worker processes (multiprocessing's spawned children; its resource tracker is not one)."""
    return [p for p in psutil.Process(pid).children(recursive=True) if "spawn_main" in " ".join(p.cmdline())]


def wait_gone(process: psutil.Process, what: str, timeout: float = 10) -> None:
    """Wait until ``process`` has exited (a zombie counts): a worker must not outlive its bot."""
    deadline = time.monotonic() + timeout
    while process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, f"{what} outlived the bot"
        time.sleep(0.1)


async def leave_game(world: World, user: User) -> Any:
    """``/game leave`` in a started game, confirmed: the command only asks, its button leaves."""
    res = await world.emu.slash(user, world.chan, "game leave")
    question = await res.wait_loaded()
    button = next(b for b in question.buttons() if b.label in ("Leave the game", "ゲームから抜ける"))
    done = await world.emu.click(user, question, button)
    await done.wait()
    return done
