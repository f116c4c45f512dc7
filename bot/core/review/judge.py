"""What a finished game is worth to a seat, and how a decision's loss is labelled.

Why one measure for every table size: a review's labels must mean the same in
PORTAS (2 seats) as in Promotion (4).  A seat's **standing** is the share of
the other seats it finished ahead of, ties counting half: 1 for beating
everyone, 0 for last.  With 2 seats that is the win chance (a draw is ½); with
more it is the expected rank, scaled to [0, 1] — so the thresholds below,
chess.com's expected-points steps, read the same way everywhere.  The order is
the ratings' (:func:`bot.core.ratings.placements.places`): winners first, then
by the game's own scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.ai.search import BACKTRACK_TYPES
from bot.core.ratings.placements import places
from bot.engine import Action

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (("best", 0.0), ("good", 0.05), ("inaccuracy", 0.10), ("mistake", 0.20))
"""Upper bounds of expected-result loss (chess.com's Game Review steps); above the last: ``blunder``.

``best`` is "no loss at all" only up to :data:`BEST_SLACK`: two choices the
search cannot tell apart (the same estimate within its noise) are both best.
"""
BEST_SLACK = 0.005
"""Loss under which a choice counts as the best: an estimate of a few hundred rollouts differs by that much by luck."""
GOOD_ENOUGH = "good"
"""How close "Find a better move" asks a try to come (lichess' loop: a move within "good")."""


def standing(winners: Sequence[int], scores: Sequence[float], seat: int) -> float:
    """The seat's share of the other seats it finished ahead of (ties half): 1 first alone, 0 last alone."""
    seats = len(scores)
    if seats < 2:
        return 1.0
    place = places(winners, scores, seats)
    mine = place[seat]
    ahead = sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for s, p in enumerate(place) if s != seat)
    return ahead / (seats - 1)


SURE = 1.5
"""Standard errors taken off an estimated loss before it is labelled (:func:`sure_loss`)."""


def sure_loss(estimated: float, spread: float) -> float:
    """The loss the search is sure of: the estimate less :data:`SURE` standard errors of it (never below 0).

    Why: an estimate from a few dozen sampled worlds has luck in it; a good
    move that drew a little worse than the best would otherwise be called an
    inaccuracy, and a strong player's review would be full of them.  The
    error is of the paired gap (the two choices played in the same worlds),
    so a real blunder, whose gap is large and steady, keeps almost all of it.
    """
    return max(0.0, estimated - SURE * spread)


def label(loss: float) -> str:
    """The label of a decision that cost ``loss`` of expected result (0 = as good as the best found)."""
    if loss <= BEST_SLACK:
        return "best"
    for name, bound in THRESHOLDS[1:]:
        if loss <= bound:
            return name
    return "blunder"


def good_enough(loss: float) -> bool:
    """A try "Find a better move" accepts: within :data:`GOOD_ENOUGH`."""
    return LABELS.index(label(loss)) <= LABELS.index(GOOD_ENOUGH)


def judged(legal: list[Action]) -> list[int]:
    """Indices of the choices a review compares ("cancel"/"back" undo a sub-step: not a choice of play)."""
    return [i for i, a in enumerate(legal) if a.get("type") not in BACKTRACK_TYPES]
