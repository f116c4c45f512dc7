"""Discord requests per move: what limits Kado's throughput at Discord's 50 requests/s global limit.

Run: ``.venv/bin/python -m bench.requests [--games 20] [--notices both|off|on] [--token-reuse S] [--pace P|all]``
(3–6 minutes: each half about 2 on an idle 2-core machine, the notices half longer)

Every request a bot makes with its **bot token** (board edits, posts, DMs,
deletions) counts against Discord's global limit of 50 requests per second per
bot — one budget for all its shards and processes.  Interaction-token requests
(the click's acknowledgement, followups) do not.  So the bot-token requests an
accepted move costs set a ceiling on moves per second that no CPU can raise:
``50 / (bot requests per move)``.

How: the real bot process against the Discord emulator (tests/emulator), all
seats human, ``--games`` random full games per game and table size (PORTAS 2,
GETGEM 2 and 5, Promotion 4, Eminit 3 and 5), each size's games played at once
in as many channels, every choice a random button of the ones the player is
offered (from the board for PORTAS, from the player's DM otherwise).  Each
size is measured in two phases, each closed when the bot has gone quiet:

* **set-up** — ``/<game> new``, the Joins, Start, up to the first board and hands;
* **play** — the first move to the result post and the last DM edit.

Requests are the emulator's ``request_counts`` (every attempt, 429s and other
refusals included); accepted moves are the rows of the bot's action log.

Where the bot-token requests went: a board or a DM message is edited
through the interaction token of the last click on it, outside the global limit
(bot/transport/edits.py): the click's own message at once, later changes while that token
lives (Discord: 15 minutes; the bot uses it for 14).  A game here lasts seconds,
so every message clicked once keeps a live token; ``--token-reuse 0``
(``KADO_TOKEN_REUSE=0``) lets a click's token edit only that click's own
message, as the click is handled — the other bound.  Real games (15–25 minutes) lie
between, near the first: a player's DM is clicked every turn, a PORTAS board every
move; a DM game's board is clicked only until Start, so its token runs out 14
minutes into the game.  Turn notices (a channel
message pinging the player to act, deleted once they did: ``TURN_PING_GRACE``)
are posted only for players slower than the grace, so each size is played
twice: players faster than the grace (``off``: no notice is ever due) and
players always slower (``on``: ``TURN_PING_GRACE=0``, a notice every turn).
A notice is posted, edited and deleted as a followup of the freshest click or
command answered in public in its channel (bot/transport/followups.py), with the bot
token only when no such token lives.

``--pace relaxed|correspondence``: the games are played at that pace, at bench
speed, their DM notices never due, and every click is logged; the requests are
then laid on a simulated clock where players answer at the table, away, or a mix
of both, tokens die after 14 simulated minutes and DM notices come after the
notice delay (:mod:`bench.requests_slow`; ``--notices`` does not apply).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import random
import re
import sqlite3
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bench import requests_slow
from tests import gamekit
from tests.e2e.dmplay import act_once
from tests.e2e.helpers import act_buttons, is_over, preset_guild_settings, press_start, waiting_for
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.models import Channel, Guild, Message, User
from tests.emulator.rest.openapi import get_spec

ROOT = Path(__file__).resolve().parents[1]
GLOBAL_LIMIT = 50  # bot-token requests per second, per bot (Discord's global rate limit)
CONFIGS: tuple[tuple[str, int], ...] = tuple((e.game, n) for e in gamekit.every() for n in e.request_tables)
"""(game, seats) measured: each game's ``REQUEST_TABLES`` (tests/<game>/expectations.py)."""

PACES = ("live", "relaxed", "correspondence")
BOT_ENV = {"LOG_LEVEL": "WARNING", "KADO_AI_DELAY": "0.02", "TURN_TIMEOUT": "600", "PICK_TIMEOUT": "600",
           "KADO_SEED": "46"}  # the same deals run after run: a change's figures compare with the last


async def quiet(emu: DiscordEmulator, still: float = 0.6, timeout: float = 60) -> None:
    """Wait until the bot has made no request for ``still`` seconds (its answers to a phase are all in)."""
    deadline = time.monotonic() + timeout
    seen = -1
    while time.monotonic() < deadline:
        if len(emu.requests) == seen:
            return
        seen = len(emu.requests)
        await asyncio.sleep(still)
    raise TimeoutError("the bot kept making requests")


async def set_up(emu: DiscordEmulator, game: str, chan: Channel, users: list[User]) -> Message:
    res = await emu.slash(users[0], chan, f"{game} new", timeout=60)
    assert res.message is not None and not res.ephemeral, res.text()
    board = await res.wait_loaded()
    for user in users[1:]:
        await emu.click(user, board, board.button("Join"), timeout=60)
    await emu.wait_until(lambda: all(u.name in board.text() for u in users), timeout=60, description="all joined")
    await press_start(emu, users[0], board)
    await emu.wait_until(lambda: waiting_for(board), timeout=60, description="the first turn")
    return board


async def play(emu: DiscordEmulator, board: Message, users: list[User], rng: random.Random) -> int:
    """Random choices by whoever the board waits for, until the game is over; returns the clicks made."""
    world = SimpleNamespace(emu=emu)  # all act_once reads of a World
    by_name = {u.name: u for u in users}
    clicks = 0
    while not is_over(board):
        assert clicks < 5000, "game did not end"
        names = [n for n in waiting_for(board) if n in by_name]
        user = by_name[rng.choice(names)] if names else None
        edits = board.edits
        if user is not None and act_buttons(board):  # PORTAS: the controls are on the board
            res = await emu.click(user, board, rng.choice(act_buttons(board)), timeout=60)
            # the move shown, or refused (an ephemeral answer); a turn notice may follow this click too
            await emu.wait_until(lambda e=edits, r=res: board.edits > e or any(f.ephemeral for f in r.followups),
                                 timeout=60, description="the move shown")
            clicks += 1
        elif user is not None:
            if await act_once(world, user, board, rng):  # type: ignore[arg-type]
                clicks += 1
            else:  # refused (the DM it was on was about to change) or no buttons yet: look again in a moment
                await asyncio.sleep(0.1)
        else:
            await emu.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=60,
                                 description="the board to change")
    return clicks


def route_of(method: str, path: str, boards: set[int]) -> str:
    """``PATCH channel message`` / ``PATCH DM message`` / the path with ids (and tokens) blanked."""
    match = re.fullmatch(r"/channels/(\d+)/messages(/\d+)?", path)
    if match:
        where = "channel" if int(match.group(1)) in boards else "DM"
        return f"{method} {where} message" + ("" if match.group(2) else " (new)")
    path = re.sub(r"^/interactions/\d+/[^/]+", "/interactions/{id}/{token}", path)
    path = re.sub(r"^/webhooks/\d+/[^/]+", "/webhooks/{app}/{token}", path)
    return f"{method} " + re.sub(r"/\d+", "/{id}", path)


async def measure(
    emu: DiscordEmulator, guild: Guild, db: Path, game: str, size: int, games: int, tag: str, pace: str = "live"
) -> dict[str, Any]:
    tables = []
    for g in range(games):
        chan = emu.create_channel(guild, f"{tag}-{game}{size}-{g}")
        users = [emu.create_user(f"{tag}{game[0]}{size}t{g}p{p}") for p in range(size)]
        for user in users:
            emu.add_member(guild, user)
        tables.append((chan, users))
    mark0 = len(emu.requests)
    t0 = time.perf_counter()
    logs = [requests_slow.GameLog() for _ in tables]  # a slow pace: every click, for the simulated clock
    boards = await asyncio.gather(*(set_up(_seen(emu, log, pace, setup=True), game, c, u)
                                    for (c, u), log in zip(tables, logs, strict=True)))
    await quiet(emu)
    mark1 = len(emu.requests)
    t1 = time.perf_counter()
    rngs = [random.Random(f"{game}{size}{g}") for g in range(games)]
    await asyncio.gather(*(play(_seen(emu, log, pace, setup=False), b, u, r)
                           for b, (_, u), r, log in zip(boards, tables, rngs, logs, strict=True)))
    await quiet(emu)  # the result posts, last DM edits and notice deletions are in
    t2 = time.perf_counter()
    con = sqlite3.connect(db)
    try:
        ids = ",".join(str(c.id) for c, _ in tables)
        (moves,) = con.execute(
            f"SELECT COUNT(*) FROM actions WHERE session_id IN (SELECT id FROM sessions WHERE channel_id IN ({ids}))"
        ).fetchone()
        finished = con.execute(
            f"SELECT COUNT(*) FROM sessions WHERE status = 'finished' AND channel_id IN ({ids})"
        ).fetchone()[0]
    finally:
        con.close()
    boards = {c.id for c, _ in tables}
    routes = collections.Counter(
        route_of(r.method, r.path, boards) for r in emu.requests[mark1:] if r.token_kind == "bot"
    )
    token_routes = collections.Counter(
        route_of(r.method, r.path, boards) + ("" if r.status < 400 else f" → {r.status}")
        for r in emu.requests[mark1:] if r.token_kind == "interaction"
    )
    slow = {} if pace == "live" else {
        s.name: requests_slow.cost(logs, emu.requests, mark1, s, pace, f"{game}{size}") for s in requests_slow.SCENARIOS
    }
    return {
        "game": game, "size": size, "games": finished, "moves": moves, "slow": slow,
        "setup": emu.request_counts(mark0)["bot"] - emu.request_counts(mark1)["bot"],
        "play": emu.request_counts(mark1), "routes": routes, "token_routes": token_routes,
        "seconds": t2 - t0, "play_seconds": t2 - t1,
        "status": collections.Counter(r.status for r in emu.requests[mark0:]),
    }


def _seen(emu: DiscordEmulator, log: requests_slow.GameLog, pace: str, *, setup: bool) -> Any:
    """The emulator, its clicks logged for the simulated clock in a slow pace."""
    return emu if pace == "live" else requests_slow.ClickRecorder(emu, log, setup=setup)


def report(rows: list[dict[str, Any]], notices: str) -> None:
    print(f"\nturn notices {notices}, bot-token requests per accepted move "
          f"(ceiling = {GLOBAL_LIMIT} req/s ÷ requests per move)")
    print(f"  {'game':<10}{'seats':>5}{'games':>6}{'moves':>7}{'moves/game':>11}{'set-up/game':>12}"
          f"{'play/move':>10}{'all/move':>9}{'interaction/move':>17}{'moves/s at 50/s':>16}")
    for r in rows:
        play_bot, inter = r["play"]["bot"], r["play"]["interaction"]
        per_move = play_bot / r["moves"]
        per_move_all = (play_bot + r["setup"]) / r["moves"]
        print(f"  {r['game']:<10}{r['size']:>5}{r['games']:>6}{r['moves']:>7}{r['moves'] / r['games']:>11.1f}"
              f"{r['setup'] / r['games']:>12.1f}{per_move:>10.2f}{per_move_all:>9.2f}{inter / r['moves']:>17.2f}"
              f"{GLOBAL_LIMIT / per_move_all:>16.1f}")
    for r in rows:
        top = ", ".join(f"{route} {n / r['moves']:.2f}" for route, n in r["routes"].most_common(5))
        print(f"  {r['game']} {r['size']}: per move, by route (play): {top or '—'}")
        top = ", ".join(f"{route} {n / r['moves']:.2f}" for route, n in r["token_routes"].most_common(4))
        print(f"  {' ' * len(r['game'] + str(r['size']))}   interaction-token routes: {top}")
    statuses = sum((r["status"] for r in rows), collections.Counter())
    print(f"  answers by status: {dict(sorted(statuses.items()))}")
    summary = ", ".join(f"{r['game']} {r['size']} {(r['play']['bot'] + r['setup']) / r['moves']:.2f}" for r in rows)
    print(f"bot-token requests per move (notices {notices}; set-up included): {summary}")


async def run(args: argparse.Namespace) -> None:
    get_spec().validate_body = lambda op, body: []  # type: ignore[method-assign]  # speed (bench.clicks.latency)
    # the 3-s answer deadline is not what this bench measures: on a loaded machine a late answer would end the run
    emu = DiscordEmulator(interaction_deadline=None)
    await emu.start()
    guild = emu.create_guild("Bench", preferred_locale="en-US")
    modes = ("off", "on") if args.notices == "both" else (args.notices,)
    paces = PACES if args.pace == "all" else (args.pace,)
    started = time.perf_counter()
    for pace, mode in [(p, m) for p in paces for m in modes]:
        if pace != "live" and mode == "on":
            continue  # a slow pace's notices are laid on the simulated clock (bench.requests_slow)
        grace = "600" if mode == "off" else "0"
        with tempfile.TemporaryDirectory(prefix="kado-requests-", dir=ROOT) as tmp:
            db = Path(tmp) / "kado.sqlite3"
            if pace != "live":  # the server's default pace: every lobby of the run starts at it (DM notices by default)
                preset_guild_settings(db, guild.id, {"pace": pace})
            env = {**BOT_ENV, "TURN_PING_GRACE": grace, "KADO_TOKEN_REUSE": str(args.token_reuse),
                   "SLOW_NOTICE_DELAY": "1e9"}  # a slow game's DM notice never due here: laid on the simulated clock
            async with BotProcess(emu, db, extra_env=env) as bot:
                await bot.ready(timeout=60)
                await quiet(emu)
                rows = []
                for game, size in CONFIGS:
                    if args.only and game != args.only:
                        continue
                    row = await measure(emu, guild, db, game, size, args.games, f"{pace[0]}{mode}", pace)
                    print(f"  {game} {size}: {row['games']} games, {row['moves']} moves in {row['seconds']:.1f} s",
                          flush=True)
                    rows.append(row)
        if pace == "live":
            report(rows, f"{mode} (pace {pace})")
        else:
            report(rows, f"{mode} (pace {pace}, at bench speed)")
            requests_slow.report(rows, pace)
    print(f"\ntokens reused {args.token_reuse:g} s; run time {time.perf_counter() - started:.0f} s; "
          f"emulator violations {len(emu.violations)}")
    await emu.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and table size (played at once)")
    parser.add_argument("--notices", choices=("both", "off", "on"), default="both")
    parser.add_argument("--pace", choices=(*PACES, "all"), default="live",
                        help="the pace of every game (relaxed and correspondence: DM notices by default)")
    parser.add_argument("--only", help="one game only (portas, getgem, promotion, eminit)")
    parser.add_argument("--token-reuse", type=float, default=840.0,
                        help="seconds the bot edits a message through its last click's token (0: that click only)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
