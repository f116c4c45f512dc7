"""Crash soak: SIGKILL the real bot many times while simulated users play PORTAS in many channels.

Run: ``.venv/bin/python -m bench.store.soak [--kills 200] [--channels 8] [--seed 1] [--moves 0 10] [--jitter 0.15]``

The same harness as ``tests/robustness/crash/test_crash.py`` (``tests/robustness/crash/crashkit.py``:
acknowledged moves checked against the ``actions`` table by replay after every
kill, boards players hold checked after every restart), with more kills and
channels than a unit test can afford.  Prints one line of figures; the exit code
is 1 if any acknowledged move was lost, a stored move matches no click, a board
stayed stale, or the emulator saw a protocol violation.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from tests.emulator import DiscordEmulator
from tests.robustness.crash.crashkit import CrashRun, Figures


async def soak(
    kills: int, channels: int, seed: int, moves: tuple[int, int], jitter: float, verbose: bool
) -> tuple[Figures, int]:
    """One run; returns its figures and the number of emulator violations."""
    with tempfile.TemporaryDirectory(prefix="kado-soak-") as tmp:
        async with DiscordEmulator() as emu:
            run = CrashRun(
                emu,
                Path(tmp) / "kado.sqlite3",
                seed=seed,
                kills=kills,
                channels=channels,
                moves=moves,
                jitter=jitter,
                log=(lambda msg: print(msg, flush=True)) if verbose else None,
            )
            figures = await run.run()
            for violation in emu.violations:
                print(f"violation: {violation}", file=sys.stderr)
            return figures, len(emu.violations)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200, help="SIGKILLs in total (default 200)")
    parser.add_argument("--channels", type=int, default=8, help="channels playing at once, 2 users each (default 8)")
    parser.add_argument("--seed", type=int, default=1, help="seed for kill moments and clicks (default 1)")
    parser.add_argument(
        "--moves", type=int, nargs=2, default=(0, 10), metavar=("MIN", "MAX"),
        help="acknowledged moves (all channels) between a restart and the next kill, drawn uniformly (default 0 10)",
    )
    parser.add_argument(
        "--jitter", type=float, default=0.15,
        help="then up to this many more seconds of play, drawn uniformly, so kills land anywhere in a click",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per kill")
    args = parser.parse_args(argv)
    figures, violations = asyncio.run(
        soak(args.kills, args.channels, args.seed, tuple(args.moves), args.jitter, args.verbose)
    )
    print(figures.line() + f" violations={violations}")
    for problem in figures.problems[:20]:
        print(f"PROBLEM: {problem}")
    bad = figures.problems or figures.losses or figures.phantoms or violations
    print("RESULT:", "FAIL" if bad else "OK (0 acknowledged moves lost)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
