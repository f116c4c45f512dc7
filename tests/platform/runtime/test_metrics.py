"""The operators' metrics endpoint (bot/runtime/metrics.py): on with METRICS_PORT, absent and free without it."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.core import config
from bot.runtime.metrics import route_kind
from tests.e2e.dmplay import click_and_settle, dm_controls
from tests.e2e.helpers import act_buttons, bot, click_and_wait, make_world, open_lobby, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]
QUIET = {"TURN_PING_GRACE": "600"}  # no turn notices posted in the background while the counts are compared


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def scrape(port: int) -> dict[str, float]:
    """``name{labels}`` -> value, from the Prometheus text format."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    out: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


async def scrape_settled(port: int, done: Callable[[dict[str, float]], bool], timeout: float = 10) -> dict[str, float]:
    """Scrape until ``done`` holds (or time is up): the bot records a request when *its* loop has read the
    answer, which on a busy machine may be a moment after the emulator (and so the test) saw it carried out."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        figures = await asyncio.to_thread(scrape, port)
        if done(figures) or asyncio.get_running_loop().time() > deadline:
            return figures
        await asyncio.sleep(0.1)


def requests_by_kind(figures: dict[str, float]) -> dict[str, float]:
    return {
        kind: sum(v for k, v in figures.items() if k.startswith(f'kado_discord_requests_total{{kind="{kind}"'))
        for kind in ("bot", "interaction")
    }


def listening_ports(pid: int) -> set[int]:
    """TCP ports the process ``pid`` listens on (its socket inodes matched against /proc/net/tcp*)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        target = os.readlink(fd) if fd.is_symlink() else ""
        match = re.fullmatch(r"socket:\[(\d+)\]", target)
        if match:
            inodes.add(match.group(1))
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            cols = row.split()
            if cols[3] == "0A" and cols[9] in inodes:  # 0A: LISTEN
                ports.add(int(cols[1].rsplit(":", 1)[1], 16))
    return ports


async def _two_humans(emu: Any, world: Any, game: str) -> Any:
    """A game of ``game`` opened by alice, joined by bob and started; its board."""
    board = await open_lobby(world, game, world.alice)
    await emu.click(world.bob, board, board.button("Join"))
    await emu.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
    await press_start(emu, world.alice, board)
    return board


async def test_endpoint_counts_moves_requests_and_latencies(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    port = free_port()
    async with bot(world, tmp_path, METRICS_PORT=str(port), **QUIET) as proc:
        await proc.ready()
        assert proc.proc is not None and port in listening_ports(proc.proc.pid)
        before = scrape(port)
        assert before.get('kado_moves_total{by="human",game="portas"}', 0) == 0
        board = await _two_humans(emulator, world, "portas")
        await emulator.wait_until(lambda: act_buttons(board), description="board with move buttons")
        users = {"alice": world.alice, "bob": world.bob}
        moves = 4
        for _ in range(moves):
            (name,) = waiting_for(board)
            res = await click_and_wait(world, users[name], board, act_buttons(board)[0], board)
            assert not res.followups
        # every request the bot made has been answered (the board edit was the last): the two tallies agree
        sent = emulator.request_counts()
        after = await scrape_settled(
            port, lambda f: requests_by_kind(f) == sent and f.get("kado_click_to_board_seconds_count") == moves
        )
    assert after['kado_moves_total{by="human",game="portas"}'] == moves
    assert after['kado_live_sessions{game="portas",status="active"}'] == 1
    assert after["kado_click_ack_seconds_count"] == moves
    assert after["kado_click_to_board_seconds_count"] == moves  # every PORTAS move changes the board
    assert after["kado_store_commit_seconds_count"] == moves
    # every PORTAS move draws a new board (in a thread: the harness runs the bot with PICTURE_WORKERS=0)
    assert after['kado_picture_seconds_count{game="portas",where="thread"}'] >= moves
    by_kind = requests_by_kind(after)
    assert by_kind == sent, (by_kind, sent)
    assert by_kind["interaction"] >= moves + 3  # each move's deferral, and /portas new, Join, Start


async def test_think_time_and_429s_are_counted(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    port = free_port()
    async with bot(world, tmp_path, METRICS_PORT=str(port), **QUIET) as proc:
        await proc.ready()
        # the board is edited through the clicks' tokens (bot/transport/edits.py): a 429 there, counted as interaction
        emulator.fail_next("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", status=429, retry_after=0.05)
        board = await open_lobby(world, "portas", world.alice)
        await press_start(emulator, world.alice, board)  # the empty seat becomes an AI
        await emulator.wait_until(lambda: act_buttons(board), description="board with move buttons")
        (name,) = waiting_for(board)
        assert name == "alice"
        await click_and_wait(world, world.alice, board, act_buttons(board)[0], board)
        await emulator.wait_until(lambda: waiting_for(board) == ["alice"] or "Game over" in board.text(),
                                  description="the AI has moved")
        after = await scrape_settled(port, lambda f: f.get('kado_discord_retries_total{kind="interaction"}') == 1)
    assert after['kado_ai_think_seconds_count{game="portas",level="normal"}'] >= 1
    assert after['kado_moves_total{by="ai",game="portas"}'] >= 1
    assert after['kado_discord_requests_total{kind="interaction",status="429"}'] == 1
    assert after['kado_discord_retries_total{kind="interaction"}'] == 1


async def test_a_dm_click_is_timed_to_the_board_too(emulator, tmp_path: Path) -> None:  # noqa: F811
    """A DM click's board edit (sent beside the other players' DMs, after the clicker's) ends its "click -> board"."""
    world = make_world(emulator)
    port = free_port()
    async with bot(world, tmp_path, METRICS_PORT=str(port), **QUIET) as proc:
        await proc.ready()
        board = await _two_humans(emulator, world, "getgem")
        await emulator.wait_until(lambda: waiting_for(board), description="the first turn")
        users = {"alice": world.alice, "bob": world.bob}
        shown = 0
        for _ in range(6):
            (name,) = waiting_for(board)
            dm = await emulator.wait_until(lambda n=name: dm_controls(world, users[n]), description="DM buttons")
            before = board.edits
            res = await click_and_settle(world, users[name], dm, act_buttons(dm)[0], board)
            assert res.reply is None
            shown += board.edits > before
        assert shown
        after = await scrape_settled(port, lambda f: f.get("kado_click_to_board_seconds_count") == shown)
    assert after["kado_click_to_board_seconds_count"] == shown



async def test_off_by_default_nothing_listens(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, METRICS_PORT=None) as proc:  # type: ignore[arg-type]  # None unsets it
        await proc.ready()
        assert proc.proc is not None
        assert listening_ports(proc.proc.pid) == set()


def test_off_by_default_prometheus_client_is_not_imported() -> None:
    """The start-up path and every recording call, without METRICS_PORT: no import, no trace on the session."""
    script = """
import asyncio, sys
from bot import app
from bot.core import config
from bot.runtime import metrics
from bot.core.store import SessionRecord
settings = config.load({"DISCORD_TOKEN": "x"})
assert settings.metrics_port is None
app.start_metrics(settings)
bot = app.make_bot(settings)
assert bot.http.http_trace is None
metrics.move_committed("portas", False, 0.001)
metrics.ai_thought("portas", "normal", 0.1)
metrics.picture_drawn("portas", "worker", 0.003)
metrics.click_received(); metrics.click_acked(); metrics.board_edited()
assert not metrics.enabled()
assert "prometheus_client" not in sys.modules, "imported without METRICS_PORT"
print("ok")
"""
    env = {k: v for k, v in os.environ.items() if k not in {"METRICS_PORT", "METRICS_HOST"}}
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_settings_metrics_port_and_host() -> None:
    base = {"DISCORD_TOKEN": "x"}
    assert config.load(base).metrics_port is None
    on = config.load({**base, "METRICS_PORT": "9464"})
    assert (on.metrics_port, on.metrics_host) == (9464, "127.0.0.1")  # this machine only unless told otherwise
    assert config.load({**base, "METRICS_PORT": "9464", "METRICS_HOST": "0.0.0.0"}).metrics_host == "0.0.0.0"
    for bad in ("nine", "0", "70000"):
        with pytest.raises(config.ConfigError, match="METRICS_PORT"):
            config.load({**base, "METRICS_PORT": bad})


def test_route_kinds() -> None:
    assert route_kind("/api/v10/interactions/123/tok-en/callback") == "interaction"
    assert route_kind("/api/v10/webhooks/42/tok/messages/@original") == "interaction"
    assert route_kind("/api/v10/webhooks/42") == "bot"  # a webhook read by id uses the bot token
    assert route_kind("/api/v10/channels/1/messages/2") == "bot"
