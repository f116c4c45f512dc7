"""What a seat's DM says of the seat itself: asked to move or to choose, played by the AI, or taken from its player.

Split from :mod:`bot.frontend.ui.payloads` (the DM screen of a seat still
played) so the words of these two cases live in one place.
"""

from __future__ import annotations

from typing import Any

from bot.core.sessions.prompts import is_own_turn, is_reaction
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.ui import layout, screens
from bot.gamefacts import Game
from bot.i18n import Tr

DEPARTED = {"seat_kicked": "dm.kicked", "seat_left": "dm.left"}
"""The event that took a seat from its player, and what their last DM says of it."""


def asked_own_move(spec: Game, record: SessionRecord, seat: int) -> bool:
    """Is ``seat`` asked to move on its own turn, not to answer a choice (a Barrier, a take-back, a declaration)?

    A DM header saying "Your move" to a player asked to react in another's
    turn reads as if the turn had passed to them.
    """
    return is_own_turn(spec, record, seat) and not is_reaction(spec, record, seat)


def departed(spec: Game, tr: Tr, channel_name: str | None, event_kind: str) -> dict[str, Any]:
    """The last DM screen of a player whose seat the AI took (``event_kind``: a kick or a leave).

    Without buttons: the old ones would answer "you are not playing", and
    a kicked player would not learn why their game stopped asking them.
    """
    game = tr(f"{spec.id}.name")
    title = tr("dm.title", game=game, channel=channel_name) if channel_name else game
    view = screens.private_screen(layout.accent(spec.accent, "over"), title, tr(DEPARTED[event_kind]), "", "", [], [])
    return {"content": None, "embed": None, "view": view, "attachments": []}


def stood_in(seat: SeatRecord, tr: Tr) -> str | None:
    """The status line of a player whose seat the AI plays after their timeouts (None otherwise).

    The table sees the seat's name marked "(AI)" (:meth:`bot.core.store.SessionRecord.names`); the
    player's own DM says so in words and how to take the seat back (any move: its buttons stay).
    """
    return tr("dm.ai_stands_in") if seat.ai_stands_in and seat.user_id is not None else None
