"""Loaded into the bot process by ``bench.clicks.endurance --objects`` (via PYTHONPATH), never by the bot itself.

Every ``KADO_OBJECTCOUNT_EVERY`` seconds (a daemon thread) the live objects
the collector tracks are counted by type, and the counts are written as JSON
lines to ``KADO_OBJECTCOUNT_FILE``: what grows between two counts taken long
after the caches filled is what a bot running for months would accumulate.
Counting walks every object (``gc.get_objects``), ~0.1-0.3 s on a bot's heap,
holding the GIL: the clicks of that moment are slower, which is why this is a
flag of its own and not part of the endurance's figures.
"""

from __future__ import annotations

import collections
import gc
import json
import os
import threading
import time

_FILE = os.environ.get("KADO_OBJECTCOUNT_FILE")


def _count_forever(path: str, every: float) -> None:
    while True:
        time.sleep(every)
        counts = collections.Counter(type(o).__qualname__ for o in gc.get_objects())
        with open(path, "a") as out:
            out.write(json.dumps({"at": time.monotonic(), "counts": dict(counts)}) + "\n")


if _FILE and not os.environ.get("KADO_OBJECTCOUNT_BY"):
    os.environ["KADO_OBJECTCOUNT_BY"] = str(os.getpid())  # the bot's workers inherit it: not them
    every = float(os.environ.get("KADO_OBJECTCOUNT_EVERY", "60"))
    threading.Thread(target=_count_forever, args=(_FILE, every), name="kado-objectcount", daemon=True).start()
