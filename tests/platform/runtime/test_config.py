"""Start-up settings: a missing token is one clear line and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core import config
from tests.emulator.fixtures import emulator  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]


def test_missing_token_exits_2_with_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert ".env.example" in lines[0] and "DISCORD_TOKEN" in lines[0]
    assert "Traceback" not in proc.stderr


def test_defaults_and_token_not_in_repr() -> None:
    s = config.load({"DISCORD_TOKEN": "secret-token-123"})
    assert s.database_path == Path("data/kado.sqlite3")
    assert s.dev_guild_id is None and s.log_level == "INFO"
    assert "secret-token-123" not in repr(s)


def test_bad_numbers_are_explained() -> None:
    with pytest.raises(config.ConfigError, match="DEV_GUILD_ID"):
        config.load({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"})
    with pytest.raises(config.ConfigError, match="LOG_LEVEL"):
        config.load({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"})


def test_history_days() -> None:
    assert config.load({"DISCORD_TOKEN": "x"}).history_days == 0  # keep everything, as before
    assert config.load({"DISCORD_TOKEN": "x", "HISTORY_DAYS": " 90 "}).history_days == 90
    assert config.load({"DISCORD_TOKEN": "x", "HISTORY_DAYS": ""}).history_days == 0
    for bad in ("abc", "-1", "1.5"):
        with pytest.raises(config.ConfigError, match="HISTORY_DAYS"):
            config.load({"DISCORD_TOKEN": "x", "HISTORY_DAYS": bad})


async def test_sigterm_closes_the_bot_cleanly(emulator, tmp_path: Path) -> None:  # noqa: F811
    """A deploy's SIGTERM ends the process through ``close()`` with exit code 0, not mid-flight."""
    from tests.emulator import BotProcess

    emulator.create_guild("Term")
    async with BotProcess(emulator, tmp_path / "kado.sqlite3") as bot:
        await bot.ready(timeout=60)
        bot.terminate()
        assert await bot.wait(timeout=20) == 0, bot.log_tail_text()
        assert "stopping: signal received" in bot.log_text()
        assert "stopped" in bot.log_text().split("stopping: signal received", 1)[1]
