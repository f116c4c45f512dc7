"""Run a bot (by default the real one: ``python -m bot``) as a subprocess against the emulator."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

from .server import DiscordEmulator

REPO_ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """Async context manager running ``[sys.executable, "-m", module]`` with cwd = repo root.

    Environment: DISCORD_TOKEN, DATABASE_PATH (``db_path``; a temp file if None), KADO_API_BASE,
    KADO_GATEWAY_URL, DEV_GUILD_ID (first emulator guild, if any), LOG_LEVEL=DEBUG,
    KADO_GUILD_READY_TIMEOUT=0.2, PYTHONUNBUFFERED=1, plus ``extra_env`` (a value of None removes
    the variable).  stdout+stderr are captured (:meth:`log_text`) and appended to any exception
    raised inside the ``async with`` block and to emulator wait timeouts.

        async with BotProcess(emu, tmp_path / "kado.db") as bot:
            await bot.ready()
            ...
    """

    def __init__(
        self,
        emu: DiscordEmulator,
        db_path: str | os.PathLike[str] | None = None,
        extra_env: dict[str, str | None] | None = None,
        *,
        module: str = "bot",
        name: str | None = None,
        log_tail: int = 80,
    ) -> None:
        self.emu = emu
        self._tmpdir: str | None = None
        if db_path is None:
            self._tmpdir = tempfile.mkdtemp(prefix="kado-bot-")
            db_path = os.path.join(self._tmpdir, "kado.db")
        self.db_path = str(db_path)
        self.extra_env = dict(extra_env or {})
        self.module = module
        self.name = name or f"bot process ({module})"
        self.log_tail = log_tail
        self.proc: asyncio.subprocess.Process | None = None
        self._lines: list[str] = []
        self._reader: asyncio.Task[None] | None = None
        self._identifies0 = 0
        self._syncs0 = 0
        self.starts = 0

    # ---- lifecycle
    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "DISCORD_TOKEN": self.emu.token,
                "DATABASE_PATH": self.db_path,
                "KADO_API_BASE": self.emu.api_base,
                "KADO_GATEWAY_URL": self.emu.gateway_url,
                "LOG_LEVEL": "DEBUG",
                "KADO_GUILD_READY_TIMEOUT": "0.2",
                "PYTHONUNBUFFERED": "1",
                # No worker process unless a test asks for one (tests/ai/workers/test_pool_e2e.py,
                # tests/pictures/pool/test_picture_pool_e2e.py; None gives the bot's default): a spawned worker
                # holds the bot's stdout open for up to a second after a SIGKILL, which stalled the crash
                # tests' wait for the exit, and costs every start.
                "AI_WORKERS": "0",
                "PICTURE_WORKERS": "0",
            }
        )
        if self.emu.guilds:
            env["DEV_GUILD_ID"] = str(next(iter(self.emu.guilds)))
        for k, v in self.extra_env.items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = v
        return env

    async def start(self) -> BotProcess:
        if self.running:
            raise RuntimeError(f"{self.name} is already running")
        self._identifies0 = self.emu.identifies
        self._syncs0 = self.emu.command_syncs
        self.starts += 1
        self._lines.append(f"===== start #{self.starts}: {sys.executable} -m {self.module} =====\n")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            self.module,
            cwd=str(REPO_ROOT),
            env=self.env(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
        self._reader = asyncio.create_task(self._read(self.proc))
        self.emu.attach_log_source(self.name, self.log_text)
        return self

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        while True:
            line = await proc.stdout.readline()
            if not line:
                break
            self._lines.append(line.decode("utf-8", errors="replace"))

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode if self.proc else None

    async def ready(self, timeout: float = 30.0, *, require_sync: bool = True) -> None:
        """Wait until this process IDENTIFYed on the gateway and (``require_sync``) synced commands.

        With ``SHARD_COUNT`` and ``SHARD_IDS`` in its environment: until each of its shards is connected.
        """

        def check() -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(
                    f"{self.name} exited with code {self.proc.returncode} before becoming ready\n"
                    + self.log_tail_text()
                )
            identified = self.emu.identifies > self._identifies0 and self._connected()
            synced = not require_sync or self.emu.command_syncs > self._syncs0
            return identified and synced

        await self.emu.wait_until(check, timeout, description=f"{self.name} to identify and sync commands")

    def _connected(self) -> bool:
        """This process's gateway connections are up: its SHARD_IDS when it runs some shards, else any."""
        env = self.env()
        count, ids = env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip()
        if count and ids:
            wanted = [int(i) for i in ids.split(",") if i.strip()]
            return self.emu.shard_count == int(count) and all(self.emu.shard_connected(i) for i in wanted)
        return self.emu.bot_connected()

    def kill(self) -> None:
        """SIGKILL (crash simulation).  ``await bot.wait()`` afterwards."""
        if self.running:
            assert self.proc is not None
            self.proc.kill()

    def terminate(self) -> None:
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGTERM)

    async def wait(self, timeout: float = 10.0) -> int:
        assert self.proc is not None
        rc = await asyncio.wait_for(self.proc.wait(), timeout)
        if self._reader is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._reader, 2)
        return rc

    async def stop(self, grace: float = 5.0) -> int | None:
        """SIGTERM, then SIGKILL after ``grace`` seconds."""
        if self.proc is None:
            return None
        if self.running:
            self.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), grace)
            except TimeoutError:
                self.kill()
                await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._reader, 2)
        return self.proc.returncode

    async def restart(self, *, ready: bool = True, timeout: float = 30.0) -> None:
        """Stop (SIGTERM) and start again with the same database; optionally wait for ready()."""
        await self.stop()
        await self.start()
        if ready:
            await self.ready(timeout)

    # ---- logs
    def log_text(self) -> str:
        return "".join(self._lines)

    def log_tail_text(self, lines: int | None = None) -> str:
        n = lines or self.log_tail
        tail = "".join(self._lines[-n:])
        return f"----- {self.name}: last {n} log lines -----\n{tail}"

    # ---- context manager
    async def __aenter__(self) -> BotProcess:
        return await self.start()

    async def __aexit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> None:
        try:
            await self.stop()
        finally:
            self.emu.detach_log_source(self.name)
            if self._tmpdir:
                shutil.rmtree(self._tmpdir, ignore_errors=True)
        if exc is not None and self.name not in str(exc):
            exc.add_note(self.log_tail_text())
