"""SIGTERM stops the bot within its 5 s drain plus a second, hung workers included.

Before: with its AI worker stopped (SIGSTOP: alive, not answering), the bot
had not exited 30 s after SIGTERM: closing the pool waited for the worker.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import psutil

from tests.e2e.helpers import bot, make_world, spawned_workers, wait_gone
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_sigterm_with_hung_workers_exits_within_six_seconds(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, AI_WORKERS="1", PICTURE_WORKERS="1") as proc:
        await proc.ready()
        assert proc.proc is not None
        deadline = time.monotonic() + 30
        while len(spawned_workers(proc.proc.pid)) < 2:  # both pools' workers are up
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.1)
        hung = spawned_workers(proc.proc.pid)
        for worker in hung:
            os.kill(worker.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            code = await proc.stop(grace=15)
            took = time.monotonic() - started
        finally:
            for worker in hung:
                if worker.is_running() and worker.status() != psutil.STATUS_ZOMBIE:
                    os.kill(worker.pid, signal.SIGKILL)
        assert took <= 6.0, f"the bot took {took:.1f} s to stop"
        assert code == 0, proc.log_tail_text()
        for worker in hung:
            wait_gone(worker, "a stopped worker", timeout=2)
