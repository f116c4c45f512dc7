"""Reading a game's moments as the channel showed them: the lines of its moments message, edit after edit.

Why: a game's moments no longer come as one post each but as one message below
the board, edited with each new moment (bot/frontend/presenting/board_position.py), which
shows only the newest few.  A test that wants every moment a game told reads
every version of that message.
"""

from __future__ import annotations

from tests.e2e.helpers import World
from tests.emulator.models import Message

SEPARATOR = "\n\n"


def moment_messages(world: World, board: Message) -> list[Message]:
    """The channel's plain bot messages after the board (the moments message, notices, the result), oldest first."""
    return [m for m in world.emu.channel_messages(world.chan) if m.id > board.id and not m.is_v2]


def versions(message: Message) -> list[str]:
    """Every content a message has had, oldest first (its current one last)."""
    return [str(old.get("content") or "") for old in message.history] + [message.content]


def entries(world: World, board: Message) -> list[str]:
    """Every block the channel showed below the board, once each, in the order they first appeared."""
    seen: dict[str, None] = {}
    for message in moment_messages(world, board):
        for content in versions(message):
            for block in content.split(SEPARATOR):
                if block.strip():
                    seen.setdefault(block, None)
    return list(seen)
