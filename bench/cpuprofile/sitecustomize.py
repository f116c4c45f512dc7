"""Loaded into the bot process by ``bench.clicks.openloop --cprofile DIR`` (via PYTHONPATH), never by the bot itself.

Profiles every thread of the bot with cProfile on the thread's own CPU clock
(``time.thread_time``), so a busy neighbour on a shared machine, a thread
waiting for the GIL or for fsync costs nothing here: only work is counted.
Each thread's profile is written to ``DIR/<thread name>.prof`` when the
process exits (the bot closes cleanly on SIGTERM).  The profiler slows the
bot several times over: read shares, not milliseconds.
"""

from __future__ import annotations

import atexit
import cProfile
import os
import sys
import threading
import time
from pathlib import Path

_DIR = os.environ.get("KADO_CPUPROFILE_DIR")
_profiles: list[tuple[str, cProfile.Profile]] = []
_lock = threading.Lock()


def _start() -> None:
    profile = cProfile.Profile(time.thread_time)
    with _lock:
        _profiles.append((threading.current_thread().name, profile))
    profile.enable()


def _thread_start(*_args: object) -> None:
    """The first profile event of a new thread: swap this hook for the thread's own profiler."""
    sys.setprofile(None)
    _start()


def _dump() -> None:
    assert _DIR is not None
    out = Path(_DIR)
    out.mkdir(parents=True, exist_ok=True)
    with _lock:
        for name, profile in _profiles:
            profile.disable()
            profile.dump_stats(str(out / f"{name}-{id(profile)}.prof"))


if _DIR:
    threading.setprofile(_thread_start)  # each new thread starts its own profiler on its first event
    _start()
    atexit.register(_dump)
