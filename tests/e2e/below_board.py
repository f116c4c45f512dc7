"""How many of Kado's own messages stand below a game's board: counted on every message made or deleted.

Why counted at each MESSAGE_CREATE/MESSAGE_DELETE the emulator dispatches
rather than sampled: a turn notice can live for a few milliseconds, and the
most that ever stood below the board at once is the figure (at most
3).  Shared by tests/e2e/channel/test_board_in_view_e2e.py and bench/screens/board_view.py.
"""

from __future__ import annotations

from tests.emulator import DiscordEmulator
from tests.emulator.models import Message


class BelowBoard:
    """Counts, on each bot message created or deleted in a watched channel, those standing below its board."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.boards: dict[int, Message] = {}  # channel -> its board (the lobby message the game is played on)
        self.most: dict[int, int] = {}
        original = emu._dispatch_message

        def dispatch(event: str, m: Message) -> None:
            original(event, m)
            if event in ("MESSAGE_CREATE", "MESSAGE_DELETE") and m.channel_id in self.boards:
                self.count(m.channel_id)

        emu._dispatch_message = dispatch  # type: ignore[method-assign]

    def watch(self, board: Message) -> None:
        self.boards[board.channel_id] = board
        self.count(board.channel_id)

    def _mine(self, channel_id: int) -> list[Message]:
        """Kado's messages in the channel that everyone sees, now."""
        bot = self.emu.bot_user.id
        return [m for m in self.emu.messages.values()
                if m.channel_id == channel_id and m.author_id == bot and not m.deleted and m.ephemeral_to is None]

    def below(self, channel_id: int) -> list[Message]:
        board = self.boards[channel_id]
        return [m for m in self._mine(channel_id) if m.id > board.id]

    def count(self, channel_id: int) -> None:
        self.most[channel_id] = max(self.most.get(channel_id, 0), len(self.below(channel_id)))

    def moments(self, channel_id: int) -> int:
        """Moments shown: every version of each plain message below the board still there, the result aside."""
        return sum(len(m.history) + 1 for m in self.below(channel_id) if not m.is_v2) - 1

    def lasting(self, channel_id: int) -> int:
        return len(self._mine(channel_id))
