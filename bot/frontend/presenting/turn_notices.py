"""Turn notices on Discord: who is pinged when the game waits for them, with a link to where they act.

Split from :mod:`bot.frontend.presenting.presenter`, which decides *when* a notice is due
(after a move is shown, at half time); this module says *what* it reads and
*how* it reaches the channel.  The timing itself (the grace before a ping, the
edit instead of a second ping) is :class:`bot.core.slow.notify.TurnNotifier`'s.
"""

from __future__ import annotations

import logging

import discord

from bot import i18n
from bot.core.sessions.prompts import is_own_turn, is_reaction
from bot.core.slow.notify import Notice
from bot.core.store import SessionRecord
from bot.frontend.presenting.delivery import Delivery
from bot.gamefacts import Game
from bot.transport.followups import Followups

log = logging.getLogger(__name__)


def jump_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link that opens one message of a channel (a board)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


class ChannelNotices:
    """:class:`bot.core.slow.notify.Sender` on Discord: a notice pings its one player and nobody else.

    Posted, edited and deleted as a followup of the channel's freshest
    interaction while one is live (:class:`bot.transport.followups.Followups`): outside
    Discord's global limit, which a notice every turn used to cost two
    requests of; with the bot token otherwise.
    """

    def __init__(self, followups: Followups) -> None:
        self.followups = followups

    async def post(self, channel_id: int, user_id: int, text: str) -> int | None:
        """The new notice's message id, or None when the channel refuses it (the game goes on without it)."""
        only = discord.AllowedMentions(users=[discord.Object(id=user_id)], everyone=False, roles=False)
        try:
            return await self.followups.send(channel_id, text, only)
        except (discord.Forbidden, discord.NotFound) as exc:  # no permission, or the channel is gone: a line, not
            log.warning("no turn notice in channel %s: %s", channel_id, exc)  # a traceback every turn
            return None

    async def edit(self, channel_id: int, message_id: int, text: str) -> None:
        """Reword a notice (the reminder at half time) without pinging its player a second time."""
        # an edit never pings; allowed_mentions keeps a re-render from resolving any other mention
        await self.followups.edit(channel_id, message_id, text, discord.AllowedMentions.none())

    async def delete(self, channel_id: int, message_id: int) -> None:
        """Take a notice down once its player has acted, so the channel keeps only the live ones."""
        await self.followups.delete(channel_id, message_id)  # one a moderator deleted first is no error


def turn_notices(
    record: SessionRecord, spec: Game, delivery: Delivery, *, reminder: bool = False
) -> dict[int, Notice]:
    """The notice of each human seat the game waits for: where to act, and until when.

    The link goes to the player's DM message (``delivery`` knows it), or to
    the board for a game whose buttons are there, or for a player whose DMs
    are closed (with "My hand").  An AFK seat, played by the AI meanwhile, is
    not waited for; nor is a seat in a reaction window, whose silence is an answer.
    """
    if record.status != "active" or record.state is None:
        return {}
    tr = i18n.translator(record.locale)
    board = jump_link(record.guild_id, record.channel_id, record.board_message_id or 0)
    deadline = tr("turn.deadline", ts=int(record.deadline)) if record.deadline else ""
    notices: dict[int, Notice] = {}
    for seat in spec.rules.to_act(record.state):
        s = record.seats[seat]
        if s.user_id is None or s.ai_level is not None or is_reaction(spec, record, seat):
            continue  # a reaction window waits on the clock, not on the player: silence is an answer
        dm = None if spec.public_controls else delivery.message_link(s)
        if spec.public_controls:
            where = tr("turn.where.board", link=board)
        elif dm is None:
            where = tr("turn.where.hand", link=board)
        else:
            where = tr("turn.where.dm", link=dm)
        key = "turn.reminder" if reminder else "turn.notice"
        if key == "turn.notice" and not is_own_turn(spec, record, seat):
            key = "turn.notice.choice"  # a choice in someone else's turn (an Eminit receiver's Supply) is no move
        notices[seat] = Notice(s.user_id, tr(key, mention=f"<@{s.user_id}>", where=where, deadline=deadline))
    return notices
