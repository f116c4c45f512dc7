"""What the bot's process and its workers spent: CPU seconds from /proc, by process and by thread.

Why apart: the open-loop and endurance benchmarks divide these by the clicks
made; reading /proc (and py-spy for thread names) is the same for both.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import psutil

CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of every thread of ``pid`` so far (fields 14 and 15 of /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def children_cpu(pid: int) -> float:
    """CPU seconds so far of ``pid``'s worker processes (pictures, AI searches): theirs is the bot's work too."""
    total = 0.0
    for child in psutil.Process(pid).children(recursive=True):
        try:
            total += cpu_seconds(child.pid)
        except OSError:  # a worker that ended meanwhile
            continue
    return total


def thread_names(pid: int) -> dict[str, str]:
    """Native thread id -> Python thread name, read by ``py-spy dump`` (Linux does not see Python's names)."""
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    try:
        dump = subprocess.run([exe, "dump", "--pid", str(pid)], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    return dict(re.findall(r'^Thread (\d+) \([^)]*\): "([^"]+)"', dump, re.MULTILINE))


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far of each thread of ``pid`` (native id -> seconds)."""
    out: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # a thread that ended meanwhile
            continue
        out[task.name] = (int(fields[11]) + int(fields[12])) / CLK_TCK
    return out


def by_kind(pid: int, spent: dict[str, float]) -> dict[str, float]:
    """Thread CPU summed by what the thread does: the event loop, the worker threads (``asyncio.to_thread``:
    boards and their pictures are built there), the store's connection thread (aiosqlite), the rest."""
    names = thread_names(pid)
    out: collections.Counter[str] = collections.Counter()
    for tid, seconds in spent.items():
        name = names.get(tid, "")
        kind = ("event loop" if tid == str(pid) else "worker threads" if name.startswith("asyncio_")
                else "store" if "connection_worker" in name else name or "unnamed")
        out[kind] += seconds
    return dict(out)


