"""The ceiling over the beaten: wins against opponents far below you earn nothing.

Why: ``openskill`` reads every win as evidence of a larger gap, so a player
who only ever beats the random Easy AI climbs without end (100 GETGEM wins
showed above the Strong AI).  But beating one opponent again and again tells
that you are better than *them*, not by how much (in a game with luck the
model's "more wins, larger gap" has no top).  So a game can lift a player's ``mu`` at most
:data:`MARGIN` above the strongest opponent they placed ahead of (or level
with) in it; a win over someone already that far below earns nothing, a loss
costs as usual, and only results against stronger opponents lift a player
further.  :data:`MARGIN` is smaller than the gap between neighbouring AI
levels Easy and Normal in every game (a test holds ``ai_levels.json`` to
that), so beating only Easy plateaus below Normal.  The same rule makes an alt
account worthless as a punching bag: a new player sits at mu 25 (1,500), so
beating fresh accounts lifts no one past 1,560.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.ratings.scale import STEP

MARGIN = 3.0
"""How far above the strongest opponent beaten (in ``mu``; × ``STEP`` = 60 shown points) a game may lift a player.

Wide enough that a player who beats an opponent most of the time stays above
them through an occasional loss; narrower than the Easy–Normal gap."""

MARGIN_POINTS = round(MARGIN * STEP)


def capped(seat: int, before: Sequence[float], after: float, ranks: Sequence[int]) -> float:
    """``seat``'s new ``mu`` after the ceiling: ``after``, but no gain past :data:`MARGIN` over those it beat or tied.

    ``before``: every seat's ``mu`` going into the game; ``ranks``: the places
    (0 first).  A seat that placed ahead of no one gains nothing at all.
    """
    old = before[seat]
    if after <= old:
        return after
    beaten = [before[j] for j in range(len(before)) if j != seat and ranks[j] >= ranks[seat]]
    ceiling = max(beaten) + MARGIN if beaten else old
    return min(after, max(old, ceiling))
