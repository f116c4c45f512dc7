"""Small shared moves for the robustness tests that run the real bot against the emulator."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import (
    World,
    act_buttons,
    click_and_wait,
    db_rows,
    open_lobby,
    preset_guild_settings,
    press_start,
    waiting_for,
)
from tests.emulator.models import Message, User


async def start_portas(world: World, *, guest: User | None = None) -> Message:
    """Open a PORTAS lobby as alice, let ``guest`` (bob by default) join, start; the live board."""
    board = await open_lobby(world, "portas", world.alice)
    guest = guest or world.bob
    await world.emu.click(guest, board, board.button("Join"))
    await world.emu.wait_until(lambda: guest.name in board.text(), description=f"{guest.name} in the lobby")
    await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: act_buttons(board), description="the board with move buttons")
    return board


def mover(world: World, board: Message) -> User:
    """The user the board waits for."""
    (name,) = waiting_for(board)
    return next(u for u in (world.alice, world.bob, world.carol, world.mod) if u.name == name)


async def play_one(world: World, board: Message, message: Message | None = None) -> None:
    """The waiting player clicks their first button (on ``message``, the board by default); must be taken."""
    res = await click_and_wait(world, mover(world, board), message or board, act_buttons(message or board)[0], board)
    assert not res.followups, [f.text() for f in res.followups]


def db_version(tmp_path: Path) -> int:
    """The version of the newest session (its number of stored moves)."""
    return int(db_rows(tmp_path, "SELECT version FROM sessions ORDER BY id DESC LIMIT 1")[0][0])


def db_snapshot(tmp_path: Path) -> tuple[object, ...]:
    """Everything a refused request must leave untouched: sessions, seats, actions, results."""
    return tuple(
        tuple(db_rows(tmp_path, f"SELECT * FROM {table} ORDER BY 1, 2"))
        for table in ("sessions", "seats", "actions", "results")
    )


def preset_settings(tmp_path: Path, guild_id: int, data: dict[str, object]) -> None:
    """Store a server's settings (e.g. ``{"ai_levels": ["easy"]}``) before the bot starts, as /game settings would."""
    preset_guild_settings(tmp_path / "kado.sqlite3", guild_id, data)


def sid_of(message: Message) -> int:
    """The session id a Kado message's buttons carry."""
    for button in message.buttons():
        if button.custom_id and button.custom_id.startswith(("k:l:", "k:a:", "k:h:", "k:rm:")):
            return int(button.custom_id.split(":")[2])
    raise AssertionError(f"no session button on {message!r}")
