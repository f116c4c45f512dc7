"""AI turns under load: human games + tables where a human plays a strong AI, at a steady click rate.

Run: ``.venv/bin/python -m bench.ai.fair [--games 100] [--ai-tables 20] [--mean-click 3] [--seconds 60]
[--baseline 20]``

Why: a turn used to take its channel's lock *before* it waited for a work
slot (``bot/core/turns.py``), and an AI's move waited behind every click in
line.  Under a steady stream of clicks it never got a slot while it held its
channel's lock: strong-AI answers p50 8.2 s, max 90.9 s, and the
human at that table clicked into a channel nobody answered in for 20 s.

Set-up, through Discord as players would (the real bot process against the
emulator, one guild whose settings allow only the strong AI, the default
``KADO_AI_DELAY``):

* ``--games`` channels each run PORTAS between two humans, clicking after an
  exponential pause of mean ``--mean-click`` s (``bench.ai.load``'s players);
* ``--ai-tables`` channels each run PORTAS between one human and a strong AI:
  the human clicks on their turn after the same kind of pause.

Measured in the window, at the AI tables:

* **AI answer** — the board showing the human's move to the board showing
  it is the human's turn again (the AI's move committed and shown): its visible
  pause plus its think time when idle (~1.9 s), p50/p90/max;
* **human answer in AI channels** — the human's click leaving the emulator to
  the board's first edit after it (the move shown), p50/p99;

and, as in ``bench.ai.load``, the human-only games' click answered p99; and, from the bot's metrics, the
strong moves by outcome (the degraded share: shortened for the queue, or answered by the heuristic) and the
rollouts a strong move ran, against an idle run's (``--baseline``: the rollouts kept).
The bound to hold (``bot.core.turns.AI_PATIENCE``): an AI answer's delay
beyond idle stays near a second, whatever the click rate.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.ai import strain as _strain
from bench.ai.load import Boards, Figures, allow_only_strong, ms, play_humans
from bench.clicks.play import AS_DEPLOYED, bench_emulator, click_until, next_change, percentile, two_player_tables
from tests.e2e.helpers import act_buttons, is_over, press_start, waiting_for
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.models import Channel, Message, User

ROOT = Path(__file__).resolve().parents[2]


async def mixed_table(emu: DiscordEmulator, boards: Boards, chan: Channel, host: User) -> Message:
    """PORTAS: the host opens it and starts it alone; the empty seat goes to a strong AI."""
    res = await emu.slash(host, chan, "portas new", timeout=120)
    assert res.message is not None and not res.ephemeral, res.text()
    board = res.message
    await boards.until(board, lambda: not board.loading, 120)
    await press_start(emu, host, board)
    await boards.until(board, lambda: bool(waiting_for(board)) or is_over(board), 120)
    return board


async def play_against_ai(
    emu: DiscordEmulator, boards: Boards, chan: Channel, host: User, out: dict[str, list[float]],
    measuring: list[bool], stop: asyncio.Event, rng: random.Random, mean_click: float, setup: asyncio.Semaphore,
    ready: asyncio.Event,
) -> None:
    """One game after another against the AI; every move clicked after an exponential pause."""
    async with setup:
        board = await mixed_table(emu, boards, chan, host)
    out["started"].append(1.0)
    await ready.wait()
    while not stop.is_set():
        if is_over(board):
            async with setup:
                board = await mixed_table(emu, boards, chan, host)
            continue
        changed = boards.event(board)
        if waiting_for(board) != [host.name] or not act_buttons(board):
            await next_change(changed, 5)
            continue
        await asyncio.sleep(rng.expovariate(1 / mean_click))
        buttons = act_buttons(board)
        if not buttons or stop.is_set():
            continue
        boards.first_edit[board.id] = None
        try:
            res = await click_until(
                emu, host, board, rng.choice(buttons), changed, lambda b=board: boards.first_edit[b.id] is not None,
                timeout=120,
            )
        finally:
            shown = boards.first_edit.pop(board.id, None)
        if res is None or res.reply is not None or shown is None or res.sent_at is None:
            out["stalls" if res is None else "refused"].append(1.0)
            continue
        counted = measuring[0]
        if counted:
            out["human"].append(shown - res.sent_at)
        with contextlib.suppress(TimeoutError):  # the AI's answer: the human's turn again, or the end
            await boards.until(board, lambda b=board: waiting_for(b) == [host.name] or is_over(b), timeout=300)
            if counted and measuring[0] and not is_over(board):
                out["ai"].append(time.perf_counter() - shown)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    emu = await bench_emulator()
    guild = emu.create_guild("Bench", preferred_locale="en-US")
    humans = two_player_tables(emu, guild, args.games, "humans")
    mixed: list[tuple[Channel, User]] = []
    for a in range(args.ai_tables):
        chan, host = emu.create_channel(guild, f"vs-ai-{a}"), emu.create_user(f"solo{a}")
        emu.add_member(guild, host)
        mixed.append((chan, host))
    boards, figures = Boards(emu), Figures()
    boards.figures = figures
    out: dict[str, list[float]] = {"human": [], "ai": [], "started": [], "stalls": [], "refused": []}
    measuring = [False]
    stop, ready = asyncio.Event(), asyncio.Event()
    rng = random.Random(11)
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="kado-aifair-", dir=ROOT) as tmp:
        db = Path(tmp) / "kado.sqlite3"
        allow_only_strong(db, guild.id)
        port = _strain.free_port()  # the strong moves' outcomes and rollouts (bench/ai/strain.py)
        # as deployed: the AI's worker processes too (the tests' bot process searches in threads)
        env: dict[str, str | None] = {"LOG_LEVEL": "WARNING", "METRICS_PORT": str(port), "AI_WORKERS": None,
                                      **AS_DEPLOYED}
        if args.ai_delay is not None:
            env["KADO_AI_DELAY"] = str(args.ai_delay)
        async with BotProcess(emu, db, extra_env=env) as bot:
            await bot.ready(timeout=120)
            setup = asyncio.Semaphore(10)
            tasks = [
                asyncio.create_task(play_humans(emu, boards, c, p, figures, stop, rng, args.mean_click, setup, ready))
                for c, p in humans
            ] + [
                asyncio.create_task(play_against_ai(
                    emu, boards, c, h, out, measuring, stop, rng, args.mean_click, setup, ready))
                for c, h in mixed
            ]
            while figures.started < len(humans) or len(out["started"]) < len(mixed):
                await asyncio.sleep(0.2)
                for t in tasks:
                    if t.done() and t.exception() is not None:
                        raise t.exception()  # type: ignore[misc]
            ready.set()
            await asyncio.sleep(args.warmup)
            figures.measuring = measuring[0] = True
            strain_before = await _strain.read(port)
            w0 = time.perf_counter()
            await asyncio.sleep(args.seconds)
            figures.measuring = measuring[0] = False
            result["strain"] = _strain.since(strain_before, await _strain.read(port))
            result["window"] = time.perf_counter() - w0
            stop.set()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            result["errors"] = [ln for ln in bot.log_text().splitlines() if "Traceback" in ln or "ERROR" in ln][:5]
            text = bot.log_text()
            result["late"], result["replaced"] = text.count("did not answer a"), text.count("killing and replacing")
    result.update(out, acks=ms(figures.acks), to_board=ms(figures.to_board), load=os.getloadavg()[0])
    await emu.stop()
    return result


def report(r: dict[str, Any], args: argparse.Namespace) -> None:
    clicks = len(r["acks"]) + len(r["human"])
    print(f"{args.games} human PORTAS games + {args.ai_tables} PORTAS tables of a human against a strong AI, "
          f"clicks every {args.mean_click:g} s on average; window {r['window']:.0f} s, "
          f"{clicks / r['window']:.1f} human clicks/s; stalls {len(r['stalls'])}, refused {len(r['refused'])}; "
          f"load average {r['load']:.2f}")
    ai, human = ms(r["ai"]), ms(r["human"])
    if ai:
        print(f"AI answer ({len(ai)}) p50 {statistics.median(ai):.0f} / p90 {percentile(ai, 90):.0f} / "
              f"max {max(ai):.0f} ms")
    if human:
        print(f"human answer in AI channels ({len(human)}) p50 {statistics.median(human):.1f} / "
              f"p99 {percentile(human, 99):.1f} / max {max(human):.1f} ms")
    if r["acks"]:
        board = r["to_board"]
        print(f"human-only games: click answered ({len(r['acks'])}) p50 {statistics.median(r['acks']):.1f} / "
              f"p99 {percentile(r['acks'], 99):.1f} ms; click -> board p50 {statistics.median(board):.1f} / "
              f"p99 {percentile(board, 99):.1f} ms")
    print(f"AI searches answered late by the heuristic: {r['late']}; AI workers replaced as hung: {r['replaced']}")
    print(_strain.summary(*r["strain"], r.get("idle_rollouts")))
    for e in r["errors"]:
        print(f"  bot log: {e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--ai-tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--mean-click", type=float, default=3.0, help="mean seconds between a player's clicks")
    parser.add_argument("--ai-delay", type=float, default=None, help="KADO_AI_DELAY (default: the bot's)")
    parser.add_argument("--baseline", type=float, default=0.0,
                        help="seconds of a first run with 2 AI tables and no other load: the rollouts a strong move "
                             "gets when idle, against which the loaded run's rollouts kept are reported")
    args = parser.parse_args()
    idle = None
    if args.baseline > 0:
        quiet = argparse.Namespace(**{**vars(args), "games": 0, "ai_tables": min(2, args.ai_tables),
                                      "seconds": args.baseline, "warmup": 3.0})
        moves, rollouts = asyncio.run(run(quiet))["strain"]
        idle = rollouts / max(1, sum(moves.values()))
        print(f"idle baseline: {_strain.summary(moves, rollouts, None)}")
    result = asyncio.run(run(args))
    result["idle_rollouts"] = idle
    report(result, args)


if __name__ == "__main__":
    main()
