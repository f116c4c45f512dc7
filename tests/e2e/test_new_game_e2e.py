"""A fifth game needs no edit outside its own package: a copy of PORTAS under a new name is a game like the others.

The copy (``portasx``) is made in a temporary directory by CONTRIBUTING's
Recipe 1 and nothing more (``ID`` in its ``game.py``, its display names in
``strings/base.py``: :func:`tests.recipe.copy_game`), and
joins the ``cogs`` package through ``KADO_GAME_DIRS`` (``cogs/__init__.py``):
nothing of bot/, the other games, pyproject.toml or the tests names it.  It is
then found and registered, listed by ``/game help``, played through the real
bot process and the emulator, and checked by the import contracts, whose
wildcards (``cogs.*``) cover it -- a broken rule in the copy is reported.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import recipe
from tests.e2e.helpers import act_buttons, bot, click_and_wait, db_rows, make_world, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
NEW = "portasx"

NAMES = {
    "en": {"name": "PORTASX", "command": NEW},
    "ja": {"name": "ポータスエックス", "command": "ポータスエックス"},
}
"""The copy's display names (the recipe's only change besides ``ID``)."""


def copy_game(source: str, into: Path) -> Path:
    """``cogs/<source>`` copied to ``into/<NEW>`` as the recipe says; nothing outside it touched."""
    return recipe.copy_game(ROOT / "cogs" / source, into, NEW, NAMES)


@pytest.fixture(scope="module")
def game_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory of extra games holding only the renamed copy (what ``KADO_GAME_DIRS`` names)."""
    games_dir = tmp_path_factory.mktemp("extra_games")
    copy_game("portas", games_dir)
    return games_dir


def _python(code: str, env: dict[str, str]) -> str:
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_copy_is_found_and_registered(game_dir: Path) -> None:
    code = (
        "import json\n"
        "from bot import i18n\n"
        "from bot.core import games\n"
        "spec = games.get('portasx')\n"
        "print(json.dumps({'found': games.available(), 'game': spec.rules.GAME, 'seats': [spec.min_seats, "
        "spec.max_seats], 'public': spec.public_controls, 'name': i18n.translate('en', 'portasx.name'), "
        "'help': games.help_lines(i18n.translator('en')), 'ja': i18n.command_path('ja', 'portasx.new')}))\n"
    )
    seen = json.loads(_python(code, {"KADO_GAME_DIRS": str(game_dir)}))
    without = json.loads(_python("import json\nfrom bot.core import games\nprint(json.dumps(games.available()))", {}))
    after = without.index("portas") + 1
    assert seen["found"] == [*without[:after], NEW, *without[after:]]  # ORDER copied: beside its original
    assert seen["game"] == NEW and seen["seats"] == [2, 2] and seen["public"] is True
    assert seen["name"] == "PORTASX" and "**/portasx new**" in seen["help"]
    assert seen["ja"] == "/ポータスエックス 新規"
    assert NEW not in without  # the copy lives only in the extra directory
    assert not (game_dir / NEW / "cog.py").exists()  # its /portasx group is the generated one


SHARED = ("tests/robustness/leaks/test_leaks.py", "tests/platform/frontend/test_screens.py")
"""The shared tests a new game must not escape: the leak scan and the screens' limits and leaks."""


def test_the_shared_tests_pick_the_copy_up(game_dir: Path) -> None:
    """The leak scan and the screen checks run the copy too, from the registry: no test lists the games.

    Only the copy's cases run here (``-k``): the four games' own run in the suite already.
    """
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-rA",
         "-k", NEW, *SHARED],
        cwd=ROOT, env={**os.environ, "KADO_GAME_DIRS": str(game_dir)}, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = [line for line in run.stdout.splitlines() if line.startswith("PASSED") and f"[{NEW}" in line]
    for path in SHARED:
        assert any(line.split("::")[0].endswith(path) for line in passed), (path, run.stdout[-3000:])
    assert any("test_no_leak_in_seeded_games" in line for line in passed), passed


async def test_the_copy_is_played_through_the_real_bot(emulator, tmp_path: Path, game_dir: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, KADO_GAME_DIRS=str(game_dir)) as proc:
        await proc.ready()
        helped = await world.emu.slash(world.alice, world.chan, "game help")
        assert "/portasx new" in helped.text() and "/portas new" in helped.text()
        res = await world.emu.slash(world.alice, world.chan, f"{NEW} new")
        assert res.message is not None and not res.ephemeral, res.text()
        board = await res.wait_loaded()
        assert "PORTASX" in board.text()
        await world.emu.click(world.bob, board, board.button("Join"))
        await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
        await press_start(world.emu, world.alice, board)
        await world.emu.wait_until(lambda: act_buttons(board), description="the board's move buttons")
        users = {"alice": world.alice, "bob": world.bob}
        for _ in range(4):
            (name,) = waiting_for(board)
            answer = await click_and_wait(world, users[name], board, act_buttons(board)[0], board)
            assert not answer.followups, [f.text() for f in answer.followups]
    assert db_rows(tmp_path, "SELECT game, status FROM sessions") == [(NEW, "active")]
    assert db_rows(tmp_path, "SELECT COUNT(*) FROM actions")[0][0] == 4


def _contracts(tree: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on ``tree`` (the games and the copy as one ``cogs``; bot/ from the install), contract as is."""
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(lint), "--no-cache", "--no-logo"], cwd=tree, capture_output=True, text=True, timeout=300
    )


def test_the_copy_is_checked_by_the_import_contracts(tmp_path: Path) -> None:
    """The contracts' wildcards cover the copy: clean it keeps them; given an engine import of Discord and of
    another game, both contracts break and name it.  (grimp reads one directory per package, so the copy is
    checked in a tree where it sits beside the other games, as KADO_GAME_DIRS makes it at run time.)"""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "cogs", tree / "cogs", ignore=shutil.ignore_patterns("__pycache__"))
    copy_game("portas", tree / "cogs")
    kept = _contracts(tree)
    assert kept.returncode == 0 and "0 broken" in kept.stdout, kept.stdout + kept.stderr
    declaration = tree / "cogs" / NEW / "game.py"
    wrong = "\nimport discord  # noqa\nfrom cogs.getgem import cards  # noqa\n"
    declaration.write_text(declaration.read_text(encoding="utf-8") + wrong)
    broken = _contracts(tree)
    assert broken.returncode != 0 and "2 broken" in broken.stdout, broken.stdout
    assert f"cogs.{NEW}.game -> discord" in broken.stdout  # the "engines" contract
    assert f"cogs.{NEW}.game -> cogs.getgem.cards" in broken.stdout  # "games-independent"
