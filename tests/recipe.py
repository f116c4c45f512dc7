"""CONTRIBUTING's Recipe 1, step 1, as the tests follow it: a game copied under a new id, changed only as it says.

The recipe: copy the folder, set ``ID`` in ``game.py``, change the display names
in ``strings/base.py`` (the texts of ``f"{ID}.name"`` and ``f"cmd.{ID}"``, in
English and Japanese).  Nothing else is edited, so a copy that does not work
shows a package that does not follow the shape (an absolute import of itself,
a key written with its id, a display name written elsewhere).
Used by ``tests/platform/games/test_game_shape.py`` (a copy of every game) and
``tests/e2e/test_new_game_e2e.py`` (a copy of PORTAS played through the bot).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from pathlib import Path

DISPLAY_KEYS = {"name": r'f"\{ID\}\.name"', "command": r'f"cmd\.\{ID\}"'}
"""How ``strings/base.py`` writes the keys of the display names: the game's name, its slash group's name."""


def copy_game(home: Path, into: Path, new: str, names: Mapping[str, Mapping[str, str]]) -> Path:
    """The game package at ``home`` copied to ``into/<new>`` by the recipe; ``names[locale]`` gives its
    display names (``{"name": …, "command": …}`` for ``en`` and ``ja``).

    AssertionError names what the package lacks for the recipe to be enough (an ``ID = "…"`` line,
    a display name in each language).
    """
    target = into / new
    shutil.copytree(home, target, ignore=shutil.ignore_patterns("__pycache__"))
    declaration = target / "game.py"
    text, n = re.subn(r'^ID(\s*:\s*str)?\s*=\s*"[^"]*"', f'ID = "{new}"', declaration.read_text(encoding="utf-8"),
                      flags=re.M)
    assert n == 1, f"{home.name}: game.py has no line ID = \"…\""
    declaration.write_text(text, encoding="utf-8")
    base = target / "strings" / "base.py"
    assert base.is_file(), f"{home.name}: no strings/base.py"
    text = base.read_text(encoding="utf-8")
    japanese = text.find('"ja": {')
    assert japanese > 0, f'{home.name}: strings/base.py has no "ja": {{ catalogue'
    parts = {"en": text[:japanese], "ja": text[japanese:]}
    for locale, part in parts.items():
        for field, key in DISPLAY_KEYS.items():
            value = names[locale][field].replace("\\", "\\\\")
            part, n = re.subn(rf'({key}\s*:\s*)"[^"]*"', rf'\g<1>"{value}"', part)
            assert n == 1, f"{home.name}: strings/base.py does not write {key} once in {locale}"
        parts[locale] = part
    base.write_text(parts["en"] + parts["ja"], encoding="utf-8")
    return target
