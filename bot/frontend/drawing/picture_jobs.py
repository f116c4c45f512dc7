"""What one picture is drawn from (a :class:`Job`), and its drawing: the same in a worker process or a thread.

A job holds everything a picture is a function of — the game, whose picture
it is (the board, or one seat's hand), the language, the names and the part
of the view the picture shows (``board_inputs`` / ``hand_inputs``) — and
nothing else, so it can cross to a worker process (:mod:`bot.frontend.drawing.picture_pool`)
and be drawn there exactly as it would be here: the true state never leaves
the bot, and a seat's hand job is built from that seat's own view.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from bot import i18n
from bot.core import games
from bot.core.store import SessionRecord
from bot.frontend.drawing import picture_cache
from bot.gamefacts import Game


@dataclass(frozen=True)
class Job:
    """One picture's inputs and nothing else: picklable, so a worker process draws it exactly as this one would."""

    session: int
    game: str
    viewer: int | None  # None: the board (from the spectator view); else that seat's hand (from its view)
    locale: str
    names: tuple[str, ...]  # as players chose them: a picture has no markdown to escape
    inputs: Any  # JSON: what the picture shows of its view

    @property
    def slot(self) -> Hashable:
        """Where the picture is shown (:mod:`bot.frontend.drawing.picture_cache`): a board in one language, or a DM."""
        return (self.session, self.viewer, self.locale)

    def key(self) -> Hashable:
        """What the picture is drawn from: a slot keeps its picture while this stays the same."""
        return picture_cache.key(self.game, self.viewer, self.locale, list(self.names), self.inputs)


def board_job(record: SessionRecord, spec: Game, tr: i18n.Tr, view: Any = None) -> Job | None:
    """The board picture's job, from the spectator view (``view``, or computed); None if the game has no
    ``picture.board`` (its rendered board may then carry a picture of its own: ``Board.image_png``)."""
    if not hasattr(spec.picture, "board"):
        return None
    assert record.state is not None
    public = spec.rules.view(record.state, None) if view is None else view
    return Job(record.id, spec.id, None, tr.locale, tuple(record.names()), spec.board_inputs(public))


def hand_job(record: SessionRecord, spec: Game, tr: i18n.Tr, seat: int, seat_view: Any = None) -> Job | None:
    """``seat``'s hand picture's job, from that seat's own view (``seat_view``, or computed); None if none is drawn.

    None for a game ended unfinished too (reset, expired, its channel gone): its hand, drawn mid-game,
    would still mark whose turn it was.
    """
    if not hasattr(spec.picture, "hand") or record.status == "abandoned":
        return None
    assert record.state is not None
    own = spec.rules.view(record.state, seat) if seat_view is None else seat_view
    return Job(record.id, spec.id, seat, tr.locale, tuple(record.names()), spec.hand_inputs(own, seat))


def draw(job: Job) -> bytes | None:
    """The picture drawn from ``job`` alone (the game loaded by its id): in a worker, in a thread, or here."""
    spec = games.get(job.game)
    tr = i18n.translator(job.locale)
    if job.viewer is None:
        return spec.draw_board(job.inputs, list(job.names), tr)
    return spec.draw_hand(job.inputs, job.viewer, list(job.names), tr)


def draw_here(job: Job) -> bytes | None:
    """The picture, kept or drawn on the caller's own thread (commands and tests; the presenter uses the pool)."""
    return picture_cache.cached(job.slot, job.key(), lambda: draw(job))
