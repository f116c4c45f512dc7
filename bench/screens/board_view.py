"""Does the board stay in view?  Kado's own messages below the live board, and the messages a game leaves.

Run: ``.venv/bin/python -m bench.screens.board_view [--games 2] [--only eminit] [--grace 0]``
(about a minute per game and size on an idle 2-core machine)

Why: a board that sinks under the bot's own posts (a moment per contest, a
turn notice per waiting player) makes players scroll for the game they are
playing.  Two figures per game and table size, from full random
games of humans through the Discord emulator (every choice a random button,
as bench/requests.py plays them):

* **max below** — the most of Kado's non-deleted channel messages that ever
  stood below the live board at once (players' chat aside: the bench has none).
  Counted on every message the bot creates or deletes in the channel, so a
  turn notice that lives a few milliseconds counts too;
* **lasting** — Kado's channel messages still there when the game is over:
  the board, the result and whatever the game posted on the way;
* **moments shown** — the moments the channel was shown (a post each, or a
  version of the one moments message each: bot/frontend/presenting/board_position.py).

``--grace 0`` (default) posts a turn notice the moment a human must act: the
worst case, players always slower than ``TURN_PING_GRACE``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.requests import BOT_ENV, ROOT, play, quiet, set_up
from tests import gamekit
from tests.e2e.below_board import BelowBoard
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.rest.openapi import get_spec

CONFIGS: tuple[tuple[str, int], ...] = tuple((e.game, n) for e in gamekit.every() for n in e.board_view_tables)
"""(game, seats) measured: each game's ``BOARD_VIEW_TABLES`` (tests/<game>/expectations.py)."""


async def measure(emu: DiscordEmulator, watch: BelowBoard, guild: Any, game: str, size: int, games: int
                  ) -> dict[str, Any]:
    tables = []
    for g in range(games):
        chan = emu.create_channel(guild, f"{game}{size}-{g}")
        users = [emu.create_user(f"{game[0]}{size}t{g}p{p}") for p in range(size)]
        for user in users:
            emu.add_member(guild, user)
        tables.append((chan, users))
    boards = await asyncio.gather(*(set_up(emu, game, c, u) for c, u in tables))
    for board in boards:
        watch.watch(board)
    rngs = [random.Random(f"{game}{size}{g}") for g in range(games)]
    await asyncio.gather(*(play(emu, b, u, r) for b, (_, u), r in zip(boards, tables, rngs, strict=True)))
    await quiet(emu)
    ids = [c.id for c, _ in tables]
    return {"game": game, "size": size, "games": games,
            "max_below": [watch.most[i] for i in ids], "lasting": [watch.lasting(i) for i in ids],
            "moments": [watch.moments(i) for i in ids]}


async def run(args: argparse.Namespace) -> None:
    get_spec().validate_body = lambda op, body: []  # type: ignore[method-assign]  # speed (bench.requests)
    emu = DiscordEmulator(interaction_deadline=None)
    await emu.start()
    watch = BelowBoard(emu)
    guild = emu.create_guild("Bench", preferred_locale="en-US")
    started = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="kado-board-view-", dir=ROOT) as tmp:
        env = {**BOT_ENV, "TURN_PING_GRACE": str(args.grace)}
        async with BotProcess(emu, Path(tmp) / "kado.sqlite3", extra_env=env) as bot:
            await bot.ready(timeout=60)
            await quiet(emu)
            for game, size in CONFIGS:
                if args.only and game != args.only:
                    continue
                rows.append(await measure(emu, watch, guild, game, size, args.games))
                print(f"  {game} {size}: done", flush=True)
    print(f"\nKado's messages below the live board (turn notice grace {args.grace:g} s), {args.games} games each")
    print(f"  {'game':<10}{'seats':>5}{'max below (worst)':>19}{'max below per game':>24}{'lasting per game':>22}"
          f"{'moments shown per game':>26}")
    for r in rows:
        print(f"  {r['game']:<10}{r['size']:>5}{max(r['max_below']):>19}{r['max_below']!s:>24}"
              f"{r['lasting']!s:>22}{r['moments']!s:>26}")
    print(f"run time {time.perf_counter() - started:.0f} s; emulator violations {len(emu.violations)}")
    await emu.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per game and table size (played at once)")
    parser.add_argument("--only", help="one game only (portas, getgem, promotion, eminit)")
    parser.add_argument("--grace", type=float, default=0.0, help="TURN_PING_GRACE of the bot (seconds)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
