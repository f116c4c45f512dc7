"""How ratings read where players look: the result post, the DMs' end, the lobby.

Numbers are formatted here once (``1,512``, ``+26``, ``−4``), so the post, the
DM and the commands agree; the words come from :mod:`bot.i18n.ratings`.  The
lobby's numbers are read from the store when the lobby is drawn: a database
read, never a Discord request more per click.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from bot import i18n
from bot.core.ratings import Change, Skill, level_skill, win_chances
from bot.core.store import SessionRecord
from bot.i18n import Tr
from bot.i18n.words import and_list

log = logging.getLogger(__name__)


def number(value: int) -> str:
    """``1,512``: thousands grouped the same way in English and Japanese."""
    return f"{value:,}"


def delta(value: int) -> str:
    """``+26``, ``−4`` (a real minus sign), ``±0``."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "±0"


def rating(skill: Skill, tr: Tr) -> str:
    """A rating as shown, with a mark while it is provisional (few games or still unsure)."""
    return number(skill.shown) + (tr("rating.provisional_mark") if skill.provisional else "")


def change_text(change: Change) -> dict[str, str]:
    """The fields every rating-change sentence takes (``before``, ``after``, ``delta``), as players read numbers."""
    return {
        "before": number(change.before.shown),
        "after": number(change.after.shown),
        "delta": delta(change.delta),
    }


def result_line(changes: Sequence[Change], names: Sequence[str], tr: Tr) -> str | None:
    """``**Ratings:** alice 1,512 → 1,538 (+26) · bob …`` for the result post; None when the game was not rated."""
    if not changes:
        return None
    parts = [tr("rating.change", name=names[c.seat], **change_text(c)) for c in changes if c.seat < len(names)]
    return tr("rating.result", changes=tr("words.dot").join(parts))


def unrated_line(tr: Tr, names: Sequence[str] = ()) -> str:
    """The result's line saying its game counts for no rating: for everyone, or only for ``names``.

    Why a line at all: a player who sees no rating change could think it was
    lost; ``names`` is for a game rated for the others only (a player who was
    given a hint, say).
    """
    if names:
        return "-# " + tr("result.unrated_for", names=and_list(list(names), tr))
    return "-# " + tr("result.unrated")


def dm_line(change: Change, game: str, tr: Tr) -> str:
    """The line a player's last DM screen gets: their own change."""
    return tr("rating.dm", game=game, **change_text(change))


async def session_changes(store: Any, record: SessionRecord) -> list[Change] | None:
    """What a game did to its players' ratings (committed with its result); None if unreadable.

    None, not an empty list: an empty list means the game was not rated, and the result says so.
    """
    try:
        return list(await store.session_rating_changes(record.id))
    except Exception:
        log.warning("could not read the rating changes of session %s", record.id, exc_info=True)
        return None


def dm_lines(record: SessionRecord, changes: Sequence[Change]) -> dict[int, str]:
    """seat -> its player's rating line, in their own language, for their last DM screen (a hint's "not rated")."""
    out = {}
    for c in changes:
        if c.seat < len(record.seats) and record.seats[c.seat].user_id is not None:
            tr = i18n.translator(record.seats[c.seat].locale)
            out[c.seat] = dm_line(c, tr(f"{record.game}.name"), tr)
    if record.status == "finished":  # a finished game: whoever took a hint reads why their rating did not move
        for seat in record.seats:
            if seat.hinted and seat.user_id is not None and seat.seat not in out:
                out[seat.seat] = i18n.translator(seat.locale)("hint.dm")
    return out


async def seat_skills(store: Any, record: SessionRecord) -> list[Skill] | None:
    """Each seat's rating in this server's game (AI seats: their level's), or None outside a server.

    A failed read shows the lobby without ratings: they are information, and
    the lobby must still work.
    """
    if record.guild_id is None:
        return None
    humans = [s.user_id for s in record.seats if s.user_id is not None]
    try:
        known = await store.players_ratings(record.guild_id, record.game, humans)
    except Exception:
        log.warning("could not read the ratings of lobby %s", record.id, exc_info=True)
        return None
    return [
        known.get(s.user_id, Skill()) if s.user_id is not None else level_skill(record.game, s.ai_level)
        for s in record.seats
    ]


def lobby_lines(names: Sequence[str], skills: Sequence[Skill], tr: Tr, *, chances: bool) -> tuple[list[str], str]:
    """Each seat's label with its rating, and (``chances``: the seats can start) the chances to win."""
    labels = [tr("rating.lobby.seat", name=n, rating=rating(s, tr)) for n, s in zip(names, skills, strict=True)]
    if not chances or len(skills) < 2:
        return labels, ""
    odds = win_chances(list(skills))
    line = tr(
        "rating.lobby.chances",
        chances=tr("words.dot").join(
            tr("rating.lobby.chance", name=n, pct=f"{round(p * 100)}%") for n, p in zip(names, odds, strict=True)
        ),
    )
    return labels, line
