"""A game's cog.py takes every name from its game.py: a copy of the package needs no edit of cog.py.

Each game is copied under a new id (``<game>x``) into a temporary directory
that joins ``cogs`` through ``KADO_GAME_DIRS``; every file of the copy is
renamed except ``cog.py``, which is copied byte for byte.  Both the original
and the copy are then loaded into one bot: each must register its own slash
group under its own id.  A cog.py that spelled its group or cog name itself
would give the copy the original's group, and ``add_cog`` would refuse the
copy as a second cog of the same name.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GAMES = sorted(p.parent.name for p in (ROOT / "cogs").glob("*/cog.py") if (p.parent / "game.py").exists())
"""The games with a cog.py of their own (commands besides the shared ones); the others get the generated cog."""
EVERY = sorted(p.parent.name for p in (ROOT / "cogs").glob("*/game.py"))


def _copy_all_but_the_cog(game: str, into: Path) -> Path:
    """``cogs/<game>`` copied to ``into/<game>x``: its id renamed everywhere but in ``cog.py``."""
    target = into / f"{game}x"
    shutil.copytree(ROOT / "cogs" / game, target, ignore=shutil.ignore_patterns("__pycache__"))
    word = re.compile(rf"\b{re.escape(game)}\b")  # the id, the catalogue keys' prefix, the absolute imports
    for path in target.rglob("*.py"):
        if path.relative_to(target) == Path("cog.py"):
            continue
        path.write_text(word.sub(f"{game}x", path.read_text(encoding="utf-8")), encoding="utf-8")
    return target


_LOAD_BOTH = """
import asyncio, json, sys
import discord
from discord.ext import commands

async def main():
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for game in sys.argv[1:]:
        await bot.load_extension(f"cogs.{game}.cog")
        await bot.load_extension(f"cogs.{game}x.cog")
    groups = {c.name: sorted(sub.name for sub in c.commands) for c in bot.tree.get_commands()}
    print(json.dumps({"cogs": sorted(bot.cogs), "groups": groups}))

asyncio.run(main())
"""


def test_a_copied_game_gets_its_own_group_with_its_cog_py_unedited(tmp_path: Path) -> None:
    assert GAMES, "no game has a cog.py of its own: this test then checks nothing"
    for game in GAMES:
        copy = _copy_all_but_the_cog(game, tmp_path)
        assert (copy / "cog.py").read_bytes() == (ROOT / "cogs" / game / "cog.py").read_bytes()
    run = subprocess.run(
        [sys.executable, "-c", _LOAD_BOTH, *GAMES],
        cwd=ROOT,
        env={**os.environ, "KADO_GAME_DIRS": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    copies = [f"{game}x" for game in GAMES]
    assert sorted(seen["cogs"]) == sorted([*GAMES, *copies])  # one cog per game, named by its id
    assert sorted(seen["groups"]) == sorted([*GAMES, *copies])  # /portas and /portasx, ...
    for game in GAMES:  # the copy's group holds the same commands as its original's (Promotion's pick too)
        assert seen["groups"][f"{game}x"] == seen["groups"][game]
        assert "new" in seen["groups"][game]


async def test_every_game_gets_its_group_with_or_without_a_cog_py() -> None:
    """The bot adds each game's cog as the app does: its cog.py's, or the generated GameCog for one without."""
    import discord
    from discord.ext import commands

    from bot.frontend.slash.gamecog import add_game_cog

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for game in EVERY:
        await add_game_cog(bot, game)
    groups = {c.name: sorted(sub.name for sub in c.commands) for c in bot.tree.get_commands()}
    assert sorted(bot.cogs) == sorted(groups) == EVERY
    assert [g for g in EVERY if g not in GAMES], "every game has a cog.py: the generated cog is not exercised here"
    for game in EVERY:
        assert {"new", "hand"} <= set(groups[game]), (game, groups[game])
    shared = {"new", "hand"}
    assert all(set(groups[game]) > shared for game in GAMES), groups  # a cog.py keeps its own commands
