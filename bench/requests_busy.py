"""Bot-token requests per move when the bot is busy: bench.requests' games beside the open loop's load.

Run: ``.venv/bin/python -m bench.requests_busy [--games 6] [--load-games 300] [--think 3] [--only getgem]``

Why: :mod:`bench.requests` measures the request budget on an idle bot, with
the emulator's 3-s answer deadline off.  A run on a loaded machine gave 2.22
bot-token requests per move for GETGEM at 5 players against 0.05–0.62 idle:
when a click's answer misses its window, its edits may fall back to the bot
token — exactly when the bot is busy and Discord's global limit (50/s per
bot) matters.  Here each game and table size is measured twice in one bot
process: **idle** (alone), then **busy**, beside ``--load-games`` PORTAS
games whose players click after an exponential pause of mean ``--think`` s
(300 / 3 s ≈ 100 clicks/s, the open loop's load), pictures drawn in the
bot's worker (as deployed), Discord's 3-s deadline on.  Target: ≤ 1.2
bot-token requests per move, for every game and size, busy as idle.

Each size's games have ``--window`` seconds (an unfinished one is named,
what it played is counted), so the run ends by itself.  Every bot-token edit
of a measured message is put down to why (:mod:`bench.clicks.token_reasons`: never
clicked, its clicks answered too late, an answer on its way, a token that
lived); ``--deadline 0.3`` makes many clicks miss the emulator's deadline, as
a bot past its capacity would.  Small and bounded: ``--games 3
--load-games 150 --think 1.5 --window 60`` (about 9 minutes;
docs/performance-journal.md.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import re
import sqlite3
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bench.clicks import token_reasons
from bench.clicks.play import (
    AS_DEPLOYED,
    BoardWatch,
    click_until,
    next_change,
    open_game,
    two_player_tables,
    whose_turn,
)
from bench.requests import BOT_ENV, CONFIGS, quiet, route_of, set_up
from tests.e2e.dmplay import default_choice, dm_controls
from tests.e2e.helpers import act_buttons, is_over, waiting_for
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.models import Channel, Guild, User
from tests.emulator.rest.openapi import get_spec
from tests.emulator.state.message import Message

ROOT = Path(__file__).resolve().parents[1]
TARGET = 1.2
STALL = 120.0  # seconds a size's games may take at most (--window): beyond, what they played is counted
BOARD_WAIT = 1.0  # seconds a DM move waits for the board: a hidden pick never shows there
TAKEN_WAIT = 30.0  # seconds a click waits to be shown or refused (a lost refusal: the player looks again)
SETTLE = 3.0  # seconds after the last game ended for its last edits (the bot never goes quiet under load)


async def play(emu: DiscordEmulator, board: Message, users: list[User], rng: random.Random) -> int:
    """bench.requests' random game, each DM move waited for a bounded time: beside a load the bot never goes quiet.

    (tests.e2e.dmplay takes a move the board does not show — a hidden pick — as shown once the bot has sent
    nothing for 0.2 s; beside a load that never comes, and every such move waited for ever: the stall of the
    first busy runs.)  Returns the clicks made.
    """
    by_name = {u.name: u for u in users}
    clicks = 0
    while not is_over(board):
        assert clicks < 5000, "game did not end"
        names = [n for n in waiting_for(board) if n in by_name]
        user = by_name[rng.choice(names)] if names else None
        edits = board.edits
        if user is None:
            await emu.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=60,
                                 description="the board to change")
            continue
        message = board if act_buttons(board) else dm_controls(SimpleNamespace(emu=emu), user)  # type: ignore[arg-type]
        if message is None:
            await asyncio.sleep(0.1)  # the DM not shown yet
            continue
        shown = message.edits
        # (not waited for: a click answered after the deadline never gets its answer, the move stands all the same)
        res = await emu.click(user, message, default_choice(act_buttons(message), rng), wait=False)
        taken = lambda r=res, m=message, n=shown, e=edits: m.edits > n or board.edits > e or r.reply is not None  # noqa: E731
        until = time.monotonic() + TAKEN_WAIT
        while not taken() and time.monotonic() < until:
            await asyncio.sleep(0.02)
        if res.reply is None and taken():
            clicks += 1
            until = time.monotonic() + BOARD_WAIT  # a hidden pick leaves the board as it was
            while board.edits <= edits and time.monotonic() < until:
                await asyncio.sleep(0.02)
    return clicks


async def measure(
    emu: DiscordEmulator, guild: Guild, db: Path, game: str, size: int, games: int, tag: str, window: float
) -> dict[str, Any]:
    """Play ``games`` random games of ``size`` at once; the bot-token requests on their channels and DMs.

    (bench.requests counts every request until the bot goes quiet; beside a load it never does, so the
    requests are told apart by the channel in their path.)
    """
    tables = []
    for g in range(games):
        chan = emu.create_channel(guild, f"{tag}-{game}{size}-{g}")
        users = [emu.create_user(f"{tag}{game[0]}{size}t{g}p{p}") for p in range(size)]
        for user in users:
            emu.add_member(guild, user)
        tables.append((chan, users))
    mark, started = len(emu.requests), time.perf_counter()
    boards: list[Message | None] = [None] * games

    async def one(g: int) -> None:
        chan, users = tables[g]
        boards[g] = await set_up(emu, game, chan, users)
        await play(emu, boards[g], users, random.Random(f"{game}{size}{g}"))

    # a bot past its capacity lets clicks miss Discord's 3-s deadline, and a game may then wait for ever:
    # the window is bounded, and what was played in it is counted all the same (the stalled games are named)
    stalled = []
    runs = [asyncio.create_task(one(g)) for g in range(games)]
    _, pending = await asyncio.wait(runs, timeout=window)
    for g, task in enumerate(runs):
        if task in pending:
            task.cancel()
            board = boards[g]
            stalled.append("set-up" if board is None else f"waits for {waiting_for(board)}: "
                           f"{board.text().splitlines()[-1][:60] if board.text() else ''}")
        elif task.exception() is not None:
            stalled.append(f"failed: {task.exception()!r}"[:120])
    await asyncio.gather(*runs, return_exceptions=True)
    await asyncio.sleep(SETTLE)
    ours = {c.id for c, _ in tables} | {emu.dm_channel(u).id for _, users in tables for u in users}
    boards_ids = {c.id for c, _ in tables}
    mine = [
        r for r in emu.requests[mark:]
        if r.token_kind == "bot" and (m := re.match(r"/channels/(\d+)", r.path)) and int(m.group(1)) in ours
    ]
    con = sqlite3.connect(db)
    try:
        ids = ",".join(str(c.id) for c, _ in tables)
        (moves,) = con.execute(
            f"SELECT COUNT(*) FROM actions WHERE session_id IN (SELECT id FROM sessions WHERE channel_id IN ({ids}))"
        ).fetchone()
    finally:
        con.close()
    refused = [  # token edits and followups refused in the measured channels (callbacks: counted apart)
        r for r in emu.requests[mark:] if r.token_kind == "interaction" and r.status >= 400
        and not r.path.startswith("/interactions/")
        and (res := emu.interactions.get(r.path.split("/")[3])) is not None and res.channel.id in ours
    ]
    log = emu.requests
    why = token_reasons.reasons(emu, log, mark, ours) if isinstance(log, token_reasons.Stamped) else {}
    return {"game": game, "size": size, "moves": moves, "bot": len(mine), "stalled": stalled, "why": why,
            "routes": collections.Counter(route_of(r.method, r.path, boards_ids) for r in mine),
            "late": token_reasons.unanswered(emu, ours, started),
            "doomed": token_reasons.refused_callbacks(emu, log, mark, ours), "refused": collections.Counter(
                f"{route_of(r.method, r.path, boards_ids)} → {r.status}" for r in refused)}


async def load_game(
    emu: DiscordEmulator, watch: BoardWatch, chan: Channel, pair: tuple[User, User], think: float,
    rng: random.Random, stop: asyncio.Event, clicks: list[int], setup: asyncio.Semaphore,
) -> None:
    """One PORTAS game after another; each move clicked after an exponential pause (the open loop's players)."""
    by_name = {u.name: u for u in pair}
    async with setup:  # (games open a few at a time)
        board, _ = await open_game(emu, watch, chan, *pair, timeout=120)
    while not stop.is_set():
        if is_over(board):
            board, _ = await open_game(emu, watch, chan, *pair, timeout=120)
            continue
        changed = watch.event(board)
        turn = whose_turn(board, by_name)
        if turn is None:
            await next_change(changed, 5)
            continue
        await asyncio.sleep(rng.expovariate(1 / think))
        if stop.is_set() or whose_turn(board, by_name) is None:
            continue
        user, buttons = whose_turn(board, by_name)  # type: ignore[misc]
        edits = board.edits
        await click_until(emu, user, board, rng.choice(buttons), changed, lambda b=board, e=edits: b.edits > e,
                          timeout=30)
        clicks[0] += 1


async def run(args: argparse.Namespace) -> None:
    get_spec().validate_body = lambda op, body: []  # type: ignore[method-assign]  # speed (bench.clicks.latency)
    # as Discord: a click answered after 3 s is lost (--deadline: shorter, to see what a bot past its capacity does)
    emu = DiscordEmulator(interaction_deadline=args.deadline)
    await emu.start()
    token_reasons.stamp(emu)  # why each bot-token edit was one (bench.clicks.token_reasons)
    guild = emu.create_guild("Bench", preferred_locale="en-US")
    watch = BoardWatch(emu)
    load = two_player_tables(emu, guild, args.load_games, "load")
    rows: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    rates: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="kado-reqbusy-", dir=ROOT) as tmp:
        db = Path(tmp) / "kado.sqlite3"
        env: dict[str, str | None] = {**BOT_ENV, **AS_DEPLOYED, "TURN_PING_GRACE": "600"}
        async with BotProcess(emu, db, extra_env=env) as bot:
            await bot.ready(timeout=60)
            await quiet(emu)
            configs = [(g, s) for g, s in CONFIGS if not args.only or g == args.only]
            for game, size in configs:
                rows["idle"].append(await measure(emu, guild, db, game, size, args.games, "idle", args.window))
                print(f"  idle {game} {size}: {rows['idle'][-1]['moves']} moves", flush=True)
            stop, clicks = asyncio.Event(), [0]
            rng = random.Random(3)
            setup = asyncio.Semaphore(20)
            tasks = [
                asyncio.create_task(load_game(emu, watch, c, p, args.think, rng, stop, clicks, setup)) for c, p in load
            ]
            await asyncio.sleep(args.warmup)
            c0, t0 = clicks[0], time.perf_counter()
            print(f"  load: {clicks[0]} clicks in the warm-up", flush=True)
            for game, size in configs:
                rows["busy"].append(await measure(emu, guild, db, game, size, args.games, "busy", args.window))
                print(f"  busy {game} {size}: {rows['busy'][-1]['moves']} moves", flush=True)
            rates["busy"] = (clicks[0] - c0) / (time.perf_counter() - t0)
            stop.set()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            lines = bot.log_text().splitlines()  # each traceback's last line: what was raised
            errors = collections.Counter(ln[:160] for i, ln in enumerate(lines)
                                         if i and ln and not ln[0].isspace() and lines[i - 1].startswith("  ")
                                         and not ln.startswith(("Traceback", "During", "The above")))
    print(f"{args.games} games per size; busy: {args.load_games} PORTAS games beside them, "
          f"{rates['busy']:.0f} load clicks/s made; load average {os.getloadavg()[0]:.2f}")
    print(f"  {'game':<10}{'seats':>5}{'idle/move':>10}{'busy/move':>10}   busy: top bot-token routes per move")
    worst = 0.0
    for idle, busy in zip(rows["idle"], rows["busy"], strict=True):
        per = [r["bot"] / max(1, r["moves"]) for r in (idle, busy)]
        worst = max(worst, *per)
        top = ", ".join(f"{route} {n / max(1, busy['moves']):.2f}" for route, n in busy["routes"].most_common(3))
        print(f"  {idle['game']:<10}{idle['size']:>5}{per[0]:>10.2f}{per[1]:>10.2f}   {top}")
        for tag, row in (("idle", idle), ("busy", busy)):
            refused = ", ".join(f"{route} {n}" for route, n in row["refused"].most_common(3))
            if row["late"] or refused or row["stalled"]:
                print(f"      {tag}: {row['moves']} moves; {row['late']} clicks never answered (past the deadline), "
                      f"{row['doomed']} callbacks refused; "
                      f"refused token requests: {refused or '—'}; unfinished: {len(row['stalled'])}")
            if row["why"]:
                print(f"      {tag}: bot-token edits by reason: "
                      + ", ".join(f"{w} {n / max(1, row['moves']):.2f}" for w, n in row["why"].most_common()))
            for why in row["stalled"][:3]:
                print(f"        {why}")
    verdict = "met" if worst <= TARGET else "MISSED"
    print(f"bot-token requests per move, idle and busy (set-up included): worst {worst:.2f} "
          f"(target ≤ {TARGET:g}: {verdict}); emulator violations {len(emu.violations)}")
    for e, n in errors.most_common(4):
        print(f"  bot log: {n} × {e}")
    await emu.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="measured games per game and table size")
    parser.add_argument("--load-games", type=int, default=300, help="PORTAS games making the load")
    parser.add_argument("--think", type=float, default=3.0, help="mean seconds between a load player's clicks")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--deadline", type=float, default=3.0,
                        help="seconds the emulator accepts a click's answer (Discord: 3; shorter: many miss it)")
    parser.add_argument("--window", type=float, default=STALL,
                        help="seconds a size's games may take: the unfinished ones are named, their moves counted")
    parser.add_argument("--only", help="one game only (portas, getgem, promotion, eminit)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
