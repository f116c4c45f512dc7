"""Start-up with 10,000 active sessions: time to load and re-arm them, and memory per session.

Run: ``.venv/bin/python -m bench.store.restore [sessions]``   (default 10,000)

1. **Build** (not timed): a database of ``sessions`` active games, a quarter
   of each game, made through the public ``SessionManager`` flow (lobby, joins,
   start, then 0–6 random legal clicks through ``act``), so every row — state,
   prompts, deadline, seats — is what a running bot writes.  One session in
   eight has an AI seat.  ``synchronous=OFF`` while building only: the build
   is not what is measured.
2. **Restore**, in a fresh subprocess each (so RSS is not polluted by the
   build): ``Store.open`` + ``SessionManager.restore()`` with a presenter stub,
   then the real ``KadoBot.setup_hook()`` (store, cogs, DynamicItems, restore;
   only the command sync, which needs Discord, is skipped).  RSS is read
   before (code imported, every game loaded) and after (``gc.collect()``d).

Buttons need no re-arming per session: every board uses stateless
DynamicItems, registered once (``bot.frontend.ui.components``), so what "re-arm"
costs is the deadline timers and AI tasks, which are counted.

Targets: restore ≤ 2 s; RSS per active session ≤ 50 KB.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot import gamefacts

ROOT = Path(__file__).resolve().parents[2]
GAMES = gamefacts.ids()
TARGET_SECONDS = 2.0
TARGET_KB = 50.0


class NullPresenter:
    """Accepts every announcement and shows nothing (the Presenter protocol, no Discord)."""

    def prepare(self, draft: Any, seat: int) -> None:
        return None

    async def lobby_changed(self, record: Any) -> None:
        return None

    async def game_changed(self, record: Any, events: Any, answer: object = None) -> None:
        return None

    async def session_ended(self, record: Any, result: Any, answer: object = None) -> None:
        return None

    async def remind(self, record: Any, seats: Any) -> None:
        return None


# -- build ----------------------------------------------------------------------------------------------------


async def build(
    path: Path,
    count: int,
    paces: tuple[str, ...] = ("live",),
    game_ids: tuple[str, ...] = GAMES,
    turn_timeout: float = 86400.0,
) -> dict[str, int]:
    """Fill ``path`` with ``count`` active sessions of ``game_ids`` through the public session flow, ``paces`` in turn.

    ``turn_timeout``: their turns' time, so their deadlines (bench.slow_pending: a week).
    """
    from bot.core import games
    from bot.core.sessions import Player, SessionError, SessionManager
    from bot.core.store import Store

    games.available()
    store = await Store.open(path)
    await store.db.execute("PRAGMA synchronous=OFF")  # building only; restore reopens with FULL
    # Timeouts far off: the build takes a minute, and its deadlines must not fall due (and be played
    # by the timeout AI) before the restore is measured.  Restore still arms every one of them.
    manager = SessionManager(
        store, NullPresenter(), ai_delay=1e9, seed=8, turn_timeout=turn_timeout, pick_timeout=turn_timeout
    )
    rng = random.Random(8)
    per_game = dict.fromkeys(game_ids, 0)
    moves = 0
    # Exactly ``count`` active sessions, a quarter of each game: a game that ends in its first random
    # moves is not active, so its game gets another table.
    quota = {g: count // len(game_ids) + (k < count % len(game_ids)) for k, g in enumerate(game_ids)}
    i = -1
    while sum(per_game.values()) < count:
        i += 1
        game = game_ids[i % len(game_ids)]
        if per_game[game] >= quota[game]:
            continue
        spec = games.get(game)
        with_ai = i % 8 == 7
        humans = spec.min_seats - 1 if with_ai else rng.randint(spec.min_seats, spec.max_seats)
        users = [Player(10_000_000 + i * 8 + k, f"player{i}-{k}", "en") for k in range(max(1, humans))]
        record = await manager.new_lobby(
            game, guild_id=1 + i // 500, channel_id=1_000_000 + i, host=users[0], locale="en",
            pace=paces[i % len(paces)],
        )
        for user in users[1:]:
            await manager.join(record.id, user)
        await manager.start(record.id, users[0])
        for _ in range(rng.randint(0, 6)):
            to_act = [s for s in spec.rules.to_act(record.state) if not record.seats[s].is_ai]
            if record.status != "active" or not to_act:
                break
            seat = rng.choice(to_act)
            legal = manager.legal_for(record, seat)
            if not legal:
                break
            user_id = record.seats[seat].user_id
            assert user_id is not None
            try:
                await manager.act(record.id, user_id, manager.prompt_version(record, seat), rng.randrange(len(legal)))
            except SessionError:
                break
            moves += 1
        if record.status != "active":  # a game that ended in its first moves: not an active session
            continue
        per_game[game] += 1
    await manager.close()
    await store.close()
    return {**per_game, "moves": moves}


# -- measure (child process) ----------------------------------------------------------------------------------------


def _rss() -> int:
    import psutil

    gc.collect()
    return int(psutil.Process().memory_info().rss)


async def child_manager(path: Path) -> dict[str, Any]:
    """Store.open + SessionManager.restore with a presenter stub."""
    from bot.core import games
    from bot.core.sessions import SessionManager
    from bot.core.store import Store

    games.available()  # import every game (code is not per-session memory)
    before = _rss()
    start = time.perf_counter()
    store = await Store.open(path)
    manager = SessionManager(store, NullPresenter(), ai_delay=1e9)
    restored = await manager.restore()
    elapsed = time.perf_counter() - start
    after = _rss()
    out = {
        "restored": restored,
        "seconds": elapsed,
        "rss_before": before,
        "rss_after": after,
        "timers": len(manager._timers) + len(manager._reminders),
        "ai_tasks": len(manager._ai_tasks),
    }
    await manager.close()
    await store.close()
    return out


async def child_kadobot(path: Path) -> dict[str, Any]:
    """The real start-up path: ``KadoBot.setup_hook`` (command sync skipped: it needs Discord)."""
    from bot.app import KadoBot
    from bot.core import config, games

    games.available()
    settings = config.load({"DISCORD_TOKEN": "bench", "DATABASE_PATH": str(path), "KADO_AI_DELAY": "1e9"})
    bot = KadoBot(settings)

    async def no_sync() -> None:
        return None

    bot._sync_commands = no_sync  # type: ignore[method-assign]
    before = _rss()
    start = time.perf_counter()
    await bot.setup_hook()
    elapsed = time.perf_counter() - start
    after = _rss()
    out = {
        "restored": len(bot.sessions.live()),
        "seconds": elapsed,
        "rss_before": before,
        "rss_after": after,
        "timers": len(bot.sessions._timers) + len(bot.sessions._reminders),
        "ai_tasks": len(bot.sessions._ai_tasks),
    }
    await bot.close()
    return out


def child(mode: str, path: Path) -> None:
    runner = child_manager if mode == "manager" else child_kadobot
    print(json.dumps(asyncio.run(runner(path))))


def measure(mode: str, path: Path) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.store.restore", "--child", mode, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def report(label: str, m: dict[str, Any]) -> None:
    per = (m["rss_after"] - m["rss_before"]) / max(1, m["restored"]) / 1024
    ok_t = "met" if m["seconds"] <= TARGET_SECONDS else "MISSED"
    ok_m = "met" if per <= TARGET_KB else "MISSED"
    print(
        f"{label:28s} {m['restored']:6,d} sessions in {m['seconds']:5.2f} s (target ≤ {TARGET_SECONDS:g} s: {ok_t});"
        f" RSS {m['rss_before'] / 2**20:6.1f} → {m['rss_after'] / 2**20:6.1f} MiB = {per:5.1f} KB/session"
        f" (target ≤ {TARGET_KB:g} KB: {ok_m}); {m['timers']:,} timers, {m['ai_tasks']:,} AI tasks armed"
    )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], Path(sys.argv[3]))
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    keep = os.environ.get("KADO_BENCH_RESTORE_DB")  # reuse (or keep) a built database between runs
    with tempfile.TemporaryDirectory(prefix="kado-restore-", dir=ROOT) as tmp:
        path = Path(keep) if keep else Path(tmp) / "kado.sqlite3"
        if not path.exists():
            start = time.perf_counter()
            built = asyncio.run(build(path, count))
            active = sum(built[g] for g in GAMES)
            print(
                f"built {active:,} active sessions ({', '.join(f'{g} {built[g]:,}' for g in GAMES)}; "
                f"{built['moves']:,} moves) in {time.perf_counter() - start:.0f} s; "
                f"database {path.stat().st_size / 2**20:.1f} MiB"
            )
        report("SessionManager.restore", measure("manager", path))
        report("KadoBot.setup_hook", measure("kadobot", path))


if __name__ == "__main__":
    main()
