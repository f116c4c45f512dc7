"""discord.py's rate-limit buckets swept in amortised time, not at every new bucket.

discord.py keeps one ``Ratelimit`` per bucket key (a route and its channel,
guild or webhook), and each time it makes a new one past 256 it walks them
all to drop those idle for five minutes
(``HTTPClient._try_clear_expired_ratelimits``).  Every channel and DM a game
touches has buckets of its own, so the walk grows with the channels active in
the last five minutes and runs once per new bucket, on the event loop, its
cost growing with the buckets (docs/performance.md), and a popular bot makes new buckets all the time (a channel idle
for five minutes comes back as a new one).

Here the same walk runs only once the buckets have doubled since the last
one, or :data:`SWEEP_EVERY` seconds have passed: the idle buckets are still
dropped (a little later), memory stays within twice the live set, and a new
bucket costs O(1) amortised.  discord.py's own sweep does the dropping, so
what counts as idle stays its rule.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

SWEEP_EVERY = 60.0
"""Seconds after which the next new bucket sweeps anyway, however few were made."""

FLOOR = 256
"""discord.py's own threshold: below it, it never sweeps."""


def amortise(http: Any, clock: Callable[[], float] = time.monotonic) -> bool:
    """Make ``http`` (discord.py's ``HTTPClient``) sweep its buckets in amortised time; False if it cannot.

    A discord.py without the private sweep (a later version) is left as it is, with a warning.
    """
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    if not callable(sweep) or not isinstance(getattr(http, "_buckets", None), dict):
        log.warning("discord.py's rate-limit buckets are not where expected: their sweep is left as it is")
        return False
    last = {"size": FLOOR, "at": clock()}

    def sweep_when_doubled() -> None:
        size = len(http._buckets)
        if size < 2 * last["size"] and clock() - last["at"] < SWEEP_EVERY:
            return
        sweep()
        last["size"], last["at"] = max(FLOOR, len(http._buckets)), clock()

    http._try_clear_expired_ratelimits = sweep_when_doubled
    return True
