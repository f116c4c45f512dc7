"""The docs name files, folders, modules and commands that exist: a newcomer who follows them finds what they say.

Checked in README.md, CONTRIBUTING.md and docs/*.md:

- a path written from the repository's root (``bot/frontend/inbound/clicks.py``, ``tests/slow/``,
  ``cogs/<game>/rules/``), in backticks or in a code block, names a file or folder of the tree.  A
  placeholder in angle brackets (``<game>``) or ``NNN`` stands for any name, a ``*`` is a glob, and
  ``{a,b}`` is either; the path must then match at least one file or folder;
- a path written from inside the tree (``frontend/inbound/clicks.py``, ``rules/state.py``) ends some path of it;
- a file name alone in backticks (``presenter.py``, ``strings*.py``) is the name of some file of the tree;
- ``pip install -e '.[a,b]'`` names extras pyproject.toml declares;
- ``python -m bench.x`` / ``python -m tests.x`` / ``python -m bot`` runs a module that exists (a package
  needs a ``__main__.py`` for ``-m``), and a ``bench.x`` / ``tests.x`` module named in backticks exists.

Exempt: docs/performance-journal.md.  Its entries are dated records of what was measured on the tree of
that day, under the names of that day; rewriting them to today's paths would make the history lie.
"""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from functools import cache
from pathlib import Path

from tests.platform.tree.test_references import resolves

ROOT = Path(__file__).resolve().parents[3]
EXEMPT = ("docs/performance-journal.md",)
PAGES = sorted(
    p
    for p in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")]
    if p.relative_to(ROOT).as_posix() not in EXEMPT
)

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
SPAN = re.compile(r"`([^`\n]+)`")
ROOTED = re.compile(r"(?<![\w./~-])((?:bot|cogs|tests|bench|docs|\.ci)/[\w.*<>/{},-]*)")
RELATIVE = re.compile(r"(?<![\w./:~<>*-])((?:[\w.*<>-]+/)+[\w*<>{},-]+\.(?:py|md|toml|json|png|sql|sh))\b")
FILE_NAME = re.compile(r"^[\w*-]+\.(?:py|md|toml|json|png|sql|txt|html|sh)$")
NOT_FILES = ("discord.py",)
"""Names that look like a file's and are not one of ours (the library)."""
EXTRAS = re.compile(r"pip install[^\n`]*?-e '?\.\[([\w,-]+)\]")
RUN = re.compile(r"python3? -m ((?:bench|tests|bot)(?:\.\w+)*)")
DOTTED = re.compile(r"^((?:bench|tests)(?:\.\w+)+)$")
BRACES = re.compile(r"\{([^{}]*)\}")


def _expand(path: str) -> list[str]:
    """``a/{b,c}.py`` as ``a/b.py`` and ``a/c.py``; placeholders (``<game>``, ``NNN``) as globs."""
    found = BRACES.search(path)
    if found:
        head, tail = path[: found.start()], path[found.end() :]
        return [x for part in found.group(1).split(",") for x in _expand(head + part + tail)]
    return [re.sub(r"<[^<>/]*>|NNN", "*", path)]


@cache
def _tree() -> tuple[str, ...]:
    """Every file and folder of the repository, as a path from its root."""
    skip = {".venv", ".git", "__pycache__", "node_modules", "kado.egg-info"}
    return tuple(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if not skip & set(p.relative_to(ROOT).parts))


@cache
def _names_in_tree() -> frozenset[str]:
    return frozenset(path.rsplit("/", 1)[-1] for path in _tree())


def ends_a_path(tail: str) -> bool:
    """Whether ``frontend/inbound/clicks.py`` (written from some folder, not the root) ends a path of the tree."""
    patterns = _expand(tail.rstrip(".,:;"))
    return any(fnmatch(path, p) or fnmatch(path, "*/" + p) for p in patterns for path in _tree())


def path_exists(path: str) -> bool:
    path = path.rstrip(".,:;")
    return any(next(iter(ROOT.glob(p.rstrip("/") or ".")), None) is not None for p in _expand(path))


@cache
def _extras() -> frozenset[str]:
    """The optional dependency groups pyproject.toml declares (``pip install -e '.[test]'``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return frozenset(project.get("optional-dependencies", {}))


def module_runs(module: str) -> bool:
    """Whether ``python -m module`` finds something to run from the repository's root."""
    here = ROOT.joinpath(*module.split("."))
    return here.with_suffix(".py").is_file() or (here / "__main__.py").is_file()


def dead_references(text: str) -> list[str]:
    """The paths, file names, commands and modules of one page that lead nowhere."""
    dead: list[str] = []
    fenced = "\n".join(FENCE.findall(text))
    spans = SPAN.findall(FENCE.sub("", text))
    for chunk in [fenced, *spans]:
        dead += [p for p in ROOTED.findall(chunk) if not path_exists(p)]
        dead += [p for p in RELATIVE.findall(chunk) if not ROOTED.match(p) and not ends_a_path(p)]
    for span in spans:
        name = span.strip()
        if FILE_NAME.match(name) and name not in NOT_FILES and not any(Path(n).match(name) for n in _names_in_tree()):
            dead.append(name)
        dotted = DOTTED.match(name)
        if dotted and not resolves(dotted.group(1)):
            dead.append(name)
    dead += [f"python -m {m}" for m in RUN.findall(text) if not module_runs(m)]
    dead += [f"pip extra [{x}]" for group in EXTRAS.findall(text) for x in group.split(",") if x not in _extras()]
    return dead


def test_every_path_module_and_command_in_the_docs_exists() -> None:
    dead = [f"{p.relative_to(ROOT)}: {d}" for p in PAGES for d in dead_references(p.read_text(encoding="utf-8"))]
    assert dead == [], "the docs name what is not in the tree:\n" + "\n".join(dead)


def test_the_check_sees_what_is_gone() -> None:
    """Control: stale paths, names, modules and commands are seen; today's, placeholders and globs are not."""
    page = (
        "Edit `cogs/<game>/rules.py` and `bot/frontend/clicks.py` or `hint_settings.py`, run "
        "`.venv/bin/python -m bench.phone_text` and `bench.board_view`.\n"
        "```sh\npython -m tests.emulator.gone\ncat tests/ratings/test_store_ratings.py\n"
        "pip install -q -e '.[test,bnech]'\n```\n"
        "See `presenting/clicks.py` beside `inbound/clicks.py`.\n"
        "Today: `cogs/<game>/rules/`, `bot/frontend/inbound/{clicks,interactions}.py`, `tests/slow/`, `game.py`, "
        "`bot/core/store/migrations/NNN_*.sql`, `bench.clicks.openloop`, `tests.gamekit.Expectations`, "
        "`python -m bench`, `python -m bench.screens.phone_text`, `python -m tests.emulator.screens`, "
        "`pip install -e '.[postgres]'`, `migrations_pg/NNN_*.sql`."
    )
    assert sorted(dead_references(page)) == sorted(
        [
            "cogs/<game>/rules.py",
            "bot/frontend/clicks.py",
            "hint_settings.py",
            "presenting/clicks.py",
            "bench.board_view",
            "tests/ratings/test_store_ratings.py",
            "python -m bench.phone_text",
            "python -m tests.emulator.gone",
            "pip extra [bnech]",
        ]
    )
