"""Operators' game directories: a broken, a clashing or a shadowing package is skipped, the bot starts with the rest.

Before: a package in ``KADO_GAME_DIRS`` that raised ImportError, or declared
an id other than its folder's, stopped the bot (exit 1, an ``ExtensionFailed``
traceback); one named like a built-in game was silently replaced by it; and
every package's ``__init__`` ran during the scan, a game or not.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.e2e.helpers import bot, make_world, open_lobby
from tests.emulator.fixtures import emulator  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]


def copy_portas(into: Path, name: str) -> Path:
    """PORTAS under another name (id, keys, class and command names renamed inside it)."""
    target = into / name
    shutil.copytree(ROOT / "cogs" / "portas", target, ignore=shutil.ignore_patterns("__pycache__"))
    for path in target.rglob("*.py"):
        text = re.sub(r"\bportas\b", name, path.read_text(encoding="utf-8"))
        text = re.sub(r"\bPortas\b", name.capitalize(), re.sub(r"\bPORTAS\b", name.upper(), text))
        path.write_text(text.replace("ポータス", name), encoding="utf-8")
    return target


def operator_dir(root: Path) -> Path:
    games = root / "games"
    games.mkdir()
    broken = copy_portas(games, "brokengame")  # its rules need a module that is not installed
    rules = broken / "rules" / "__init__.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nimport kado_no_such_module  # noqa\n", encoding="utf-8")
    clashing = games / "clashing"  # declares another game's id
    clashing.mkdir()
    (clashing / "__init__.py").write_text("")
    (clashing / "game.py").write_text(
        "ID = 'getgem'\nORDER = 9\nSEATS = (2, 2)\nPUBLIC_CONTROLS = True\nACCENT = 0x123456\n"
    )
    shadow = games / "portas"  # a built-in game's name
    shadow.mkdir()
    (shadow / "__init__.py").write_text(f"open({str(root / 'shadow-ran')!r}, 'w').close()\n")
    (shadow / "game.py").write_text("ID = 'portas'\n")
    helpers = games / "helpers"  # no game.py: not a game, never imported
    helpers.mkdir()
    (helpers / "__init__.py").write_text(f"open({str(root / 'helpers-ran')!r}, 'w').close()\n")
    return games


async def test_bad_game_packages_are_skipped_one_line_each(emulator, tmp_path: Path) -> None:  # noqa: F811
    games = operator_dir(tmp_path)
    world = make_world(emulator)
    async with bot(world, tmp_path, KADO_GAME_DIRS=str(games), AI_WORKERS="1", PICTURE_WORKERS="1") as proc:
        await proc.ready(timeout=60)
        lobby = await open_lobby(world, "portas", world.alice)  # the built-in PORTAS, and the rest, play
        assert lobby.button("Join") is not None
        log = proc.log_text()
        skipped = [line for line in log.splitlines() if "kado: game package" in line]
        assert "Traceback" not in log, proc.log_tail_text()
        code = await proc.stop()
    assert code == 0
    assert len(skipped) == 3, skipped
    named = {name: [line for line in skipped if f"{games / name} skipped" in line] for name in
             ("brokengame", "clashing", "portas")}  # fmt: skip
    assert all(len(lines) == 1 for lines in named.values()), named
    assert "ModuleNotFoundError" in named["brokengame"][0] and "kado_no_such_module" in named["brokengame"][0]
    assert "declares ID 'getgem'" in named["clashing"][0]
    assert "a built-in game is called 'portas'" in named["portas"][0]
    assert all("WARNING" in line for line in skipped)
    assert not (tmp_path / "shadow-ran").exists() and not (tmp_path / "helpers-ran").exists()
