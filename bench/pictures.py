"""Drawing time and weight of every game picture, over seeded positions.

Run: ``.venv/bin/python -m bench.pictures [positions-per-game] [--save DIR] [--moves]``

``--save DIR`` also writes every picture drawn as ``DIR/<game>-<seed>-<stage>-<locale>[-hand<seat>].png``,
to look at them (what a reviewer of a layout change should do).

``--moves`` instead plays whole seeded games and, after every move, builds
what the presenter builds in its worker threads -- the board payload, and in
a DM game every seat's DM payload -- through the picture cache, as the bot
does: the CPU per move by game (and for bench.clicks.openloop's mix), and how many
pictures were drawn and how many were found kept (their inputs unchanged).

Why: a board is redrawn after every move, on the click path, so a picture
must cost little next to the move itself.  Target: p99 ≤ 15 ms per
picture on one core, and every PNG ≤ 150 KB.  Positions are random legal
games (early, middle, end; every table size; long names in Japanese), drawn
from the spectator view (boards) and each seat's view (hands).  CPU time
(``process_time``) is measured, so a busy neighbour on this shared machine
does not look like a slow picture.  Every position is drawn once before the
timed round: a running bot has its fonts and text masks cached after its
first few boards, and that steady state is what players wait on.  The cold
first draw is printed apart.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bot import i18n
from bot.pictures import MAX_BYTES, samples
from tests import gamekit

TARGET_MS = 15.0


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _draw(pic: Any, view: dict[str, Any], seat: int | None, names: list[str], tr: Any) -> bytes:
    return pic.board(view, names, tr) if seat is None else pic.hand(view, seat, names, tr)


MIX = {game: share for game, _seats, share in gamekit.load_mix()}
"""bench.clicks.openloop's mix of clicks (each game's ``LOAD_SHARE``: 300/75/75/50 tables, every player at the same
pace)."""


def table_record(spec: Any, session: int, state: Any, version: int, names: list[str]) -> Any:
    """A live session of ``spec`` at ``state``, its seats named ``names``, as the presenter reads one."""
    from bot.core.store import SeatRecord, SessionRecord

    return SessionRecord(
        id=session, game=spec.id, guild_id=1, channel_id=session, host_id=1, status="active", seed=session,
        created_at=0.0, updated_at=0.0, options=spec.resolve_options({}), state=state, version=version,
        locale="en", deadline=None,
        seats=[SeatRecord(seat=i, name=name, user_id=1000 * session + i, locale="en") for i, name in enumerate(names)],
    )


def build_after_move(record: Any, spec: Any, tr: Any) -> None:
    """What the presenter builds after a move: the board payload, and in a DM game every seat's DM payload."""
    from bot.frontend.ui import payloads

    payloads.board(record, spec, tr)
    if not spec.public_controls:
        for seat in range(len(record.seats)):
            payloads.private(record, spec, seat, tr, "table", [])


def moves(seeds: int) -> int:
    """Worker CPU per move as the presenter spends it (payloads through the picture cache), by game."""
    from bot.core import games
    from bot.frontend.drawing import picture_cache

    tr = i18n.translator("en")
    mix = 0.0
    print(f"{'game':<11}{'moves':>7}{'ms/move':>9}{'drawn':>7}{'kept':>7}")
    for game, share in MIX.items():
        spec = games.get(game)
        fresh = spec.rules.new(spec.min_seats, 99, spec.resolve_options({}))
        spec.board_picture(spec.rules.view(fresh, None), list(samples.SHORT_NAMES), tr)  # fonts loaded, untimed
        picture_cache.clear()
        cpu, played = 0.0, 0
        for seed in range(seeds):
            seats = (samples.SEATS.get(game) or (4,))[seed % len(samples.SEATS.get(game) or (4,))]
            rng = random.Random(seed)
            state = spec.rules.new(seats, seed, spec.resolve_options({}))
            for version in range(10_000):
                record = table_record(spec, seed, state, version, list(samples.SHORT_NAMES[:seats]))
                start = time.thread_time()
                build_after_move(record, spec, tr)
                cpu += time.thread_time() - start
                played += 1
                acting = sorted(spec.rules.to_act(state))
                if not acting:
                    break
                seat = rng.choice(acting)
                state = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat))).state
        counts = picture_cache.counts() if hasattr(picture_cache, "counts") else {"drawn": 0, "kept": 0}
        per_move = cpu / played * 1000
        mix += share * per_move
        print(f"{game:<11}{played:>7}{per_move:>9.2f}{counts['drawn']:>7}{counts['kept']:>7}")
    print(f"bench.clicks.openloop's mix (60/15/15/10 % of clicks): {mix:.2f} ms of worker CPU per move")
    return 0


def main(argv: list[str]) -> int:
    save: Path | None = None
    if "--save" in argv:
        at = argv.index("--save")
        save = Path(argv[at + 1])
        save.mkdir(parents=True, exist_ok=True)
        argv = argv[:at] + argv[at + 2 :]
    if "--moves" in argv:
        argv = [a for a in argv if a != "--moves"]
        return moves(int(argv[0]) if argv else 6)
    seeds = int(argv[0]) if argv else 12
    for game in samples.GAMES:
        i18n.register(importlib.import_module(f"cogs.{game}.strings").STRINGS)
    missed = False
    cold: float | None = None
    print(f"{'picture':<16}{'draws':>7}{'p50 ms':>9}{'p99 ms':>9}{'max KB':>9}")
    for game in samples.GAMES:
        engine = samples.rules(game)
        pic = importlib.import_module(f"cogs.{game}.picture")
        timings: dict[str, list[float]] = {"board": [], "hand": []}
        sizes: dict[str, int] = {"board": 0, "hand": 0}
        for seed in range(seeds):
            for locale in ("en", "ja"):
                tr = i18n.translator(locale)
                for label, state in samples.positions(game, seed):
                    n = samples.seats_at(game, seed)
                    names = list((samples.LONG_NAMES if locale == "ja" else samples.SHORT_NAMES)[:n])
                    views = [("board", None, engine.view(state, None))]
                    if hasattr(pic, "hand"):
                        views += [("hand", s, engine.view(state, s)) for s in range(n)]
                    for kind, seat, view in views:
                        if cold is None:
                            start = time.process_time()
                            _draw(pic, view, seat, names, tr)
                            cold = (time.process_time() - start) * 1000
                        _draw(pic, view, seat, names, tr)  # warm-up
                        start = time.process_time()
                        data = _draw(pic, view, seat, names, tr)
                        timings[kind].append((time.process_time() - start) * 1000)
                        sizes[kind] = max(sizes[kind], len(data))
                        if save is not None:
                            suffix = "" if seat is None else f"-hand{seat}"
                            (save / f"{game}-{seed}-{label}-{locale}{suffix}.png").write_bytes(data)
        for kind, values in timings.items():
            if not values:
                continue
            p50, p99 = statistics.median(values), _quantile(values, 0.99)
            heavy = sizes[kind] > MAX_BYTES
            missed |= p99 > TARGET_MS or heavy
            print(f"{game + ' ' + kind:<16}{len(values):>7}{p50:>9.2f}{p99:>9.2f}{sizes[kind] / 1000:>9.1f}")
    print(f"first picture of the process (cold font and text caches): {cold or 0:.1f} ms")
    verdict = "MISSED" if missed else "met"
    print(f"pictures: target p99 <= {TARGET_MS:.0f} ms and <= {MAX_BYTES // 1000} KB per picture: {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
