"""Forgetting what a long run no longer needs: old messages, their pictures, spent interactions, sent frames.

Why: the emulator remembers everything, so that a test can read back what
each user saw.  A benchmark that plays for an hour (``bench.clicks.endurance``)
would then measure the emulator's growing heap as much as the bot: every
picture ever uploaded, every gateway frame ever sent, every message of every
finished game.  It grew to seconds of collector pause within half an hour,
on the cores the bot shares.  Tests never call this; long benchmarks call
:meth:`ForgettingMixin.forget_older_than` between their measuring windows.
"""

from __future__ import annotations

import datetime as _dt
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..models import DISCORD_EPOCH_MS

if TYPE_CHECKING:
    from ..base import _Session
    from ..models import InteractionResult
    from .message import Attachment, Message

#: gateway frames kept after they were sent, per session (a RESUME replays only what the bot missed)
SENT_FRAMES_KEPT = 1000
#: seconds an interaction is kept past its token's life (a request made just before it ends, answered 401)
TOKEN_SLACK = 60.0


@dataclass
class Forgotten:
    """What one call dropped, by kind."""

    messages: int = 0
    attachments: int = 0
    interactions: int = 0
    frames: int = 0
    nonces: int = 0


class ForgettingMixin:
    messages: dict[int, Message]
    interactions: dict[str, InteractionResult]
    _attachment_data: dict[int, Attachment]
    _sessions: dict[str, _Session]
    _nonces: dict[tuple[int, str], tuple[Message, float]]
    interaction_token_ttl: float

    def forget_older_than(self, seconds: float) -> Forgotten:
        """Drop messages not created or edited for ``seconds``, the pictures no kept message shows that are
        as old, interactions whose token is spent, and gateway frames already sent (all but the newest
        :data:`SENT_FRAMES_KEPT` of each session).

        Interactions are kept for their token's life and a minute (the bot may
        use a token that long), and with them the messages they can reach.  A
        dropped message answers 404 to the bot's own edits, as a deleted one
        does: ``seconds`` should be longer than the bot leaves a message it
        will edit again.
        """
        wall = time.time() - seconds
        horizon = _dt.datetime.fromtimestamp(wall, _dt.UTC)
        out = Forgotten()
        # an interaction goes only once its token is spent, however short ``seconds``: Discord honours a token
        # for its 15 minutes, and the bot's followups and @original edits use it that long
        spent = time.monotonic() - max(seconds, self.interaction_token_ttl + TOKEN_SLACK)
        for token in [t for t, res in self.interactions.items() if res.created_at < spent]:
            del self.interactions[token]
            out.interactions += 1
        reachable = {m.id for res in self.interactions.values() for m in (res.message, *res.followups) if m}
        for mid in [mid for mid, m in self.messages.items() if _touched(m) < horizon and mid not in reachable]:
            del self.messages[mid]
            out.messages += 1
        shown = {a.id for m in self.messages.values() for a in m.attachments}
        oldest_id = (int(wall * 1000) - DISCORD_EPOCH_MS) << 22  # a snowflake made at the horizon
        for aid in [aid for aid in self._attachment_data if aid < oldest_id and aid not in shown]:
            del self._attachment_data[aid]
            out.attachments += 1
        for key in [k for k, (_, at) in self._nonces.items() if at < wall]:
            del self._nonces[key]
            out.nonces += 1
        for sess in self._sessions.values():
            out.frames += sess.forget_sent(SENT_FRAMES_KEPT)
        return out


def _touched(m: Message) -> _dt.datetime:
    """When ``m`` was last created or edited (the emulator stamps both in UTC ISO form)."""
    return _dt.datetime.fromisoformat(m.edited_timestamp or m.timestamp)
