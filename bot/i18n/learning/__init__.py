"""The platform's catalogues for learning a game: hints, the guided first game, teaching as you play, reviews.

Grouped apart from the server's and the table's texts because they change together with the
teaching features; :mod:`bot.i18n` registers every one of :data:`CATALOGUES` at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n.learning import hints, learn, review, teaching

CATALOGUES: tuple[Mapping[str, Mapping[str, str]], ...] = (
    teaching.STRINGS,
    learn.STRINGS,
    hints.STRINGS,
    review.STRINGS,
)
