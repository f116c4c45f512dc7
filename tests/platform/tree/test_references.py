"""References lead somewhere: every dotted path and relative .md link resolves, and the source dates nothing.

The rules are ``docs/rules/<game>.md``; "RULES.md" named a file outside the
repository, which a reader cannot open.  A ``bot.x`` / ``cogs.x`` path in a
comment, docstring, doc page or pyproject that names a module or name that
no longer exists (``bot.acks`` after it moved to ``bot.transport.acks``)
sends a reader nowhere, and so does a relative Markdown link to no file.
"Issue 38" in the source goes stale the day the tracker moves: the source says
why, not when; the history is in git and docs/performance-journal.md.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

from discord.ext import commands

ROOT = Path(__file__).resolve().parents[3]
TOPS = ("bot", "cogs", "tests", "bench", "docs")
LINK = re.compile(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)")


def _files(*suffixes: str) -> list[Path]:
    found = [p for top in TOPS for p in (ROOT / top).rglob("*") if p.suffix in suffixes]
    found += [p for p in ROOT.glob("*") if p.suffix in suffixes or p.name == "pyproject.toml"]
    return sorted(p for p in found if ".venv" not in p.parts and p.is_file())


def test_no_source_or_doc_names_rules_md() -> None:
    here = Path(__file__).resolve()
    named = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _files(".py", ".md", ".toml")
        if p != here
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "RULES" + ".md" in line
    ]
    assert named == [], "the rules are docs/rules/<game>.md:\n" + "\n".join(named)


def dead_links(page: Path) -> list[str]:
    """The relative ``.md`` links of ``page`` that point at no file."""
    text = page.read_text(encoding="utf-8")
    return [t for t in LINK.findall(text) if "://" not in t and not (page.parent / t).resolve().exists()]


def test_every_relative_md_link_leads_to_a_file() -> None:
    dead = [f"{p.relative_to(ROOT)} -> {t}" for p in _files(".md") for t in dead_links(p)]
    assert dead == [], "\n".join(dead)


def test_the_link_check_sees_a_dead_link(tmp_path: Path) -> None:
    """Control: the check above can fail."""
    (tmp_path / "there.md").write_text("x", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[a](there.md) [b](gone.md#part) [c](https://example.com/x.md)", encoding="utf-8")
    assert dead_links(page) == ["gone.md"]


DOTTED = re.compile(r"(?<![\w/-])((?:bot|cogs)(?:\.[A-Za-z_]\w*)+)")
SUFFIXES = {"py", "md", "json", "png", "sql", "toml", "txt", "html"}
MADE_UP = ("cogs.somegame",)
"""Paths a test makes up on purpose (a game that is not installed)."""


@cache
def _names(path: Path) -> frozenset[str]:
    """The names a module defines or imports (at any depth: a class's attributes count too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
    return frozenset(found)


def _module(parts: list[str]) -> Path | None:
    here = ROOT.joinpath(*parts)
    if here.with_suffix(".py").is_file():
        return here.with_suffix(".py")
    if (here / "__init__.py").is_file():
        return here / "__init__.py"
    return here if here.is_dir() else None


def _a_bot_object() -> frozenset[str]:
    """What ``bot.<x>`` may mean in prose about a bot object rather than the package: discord.py's Bot, and the
    tests' bot process (``tests/emulator/botproc.py``)."""
    return frozenset(dir(commands.Bot)) | {"http"} | _names(ROOT / "tests" / "emulator" / "botproc.py")


def resolves(path: str) -> bool:
    """Whether ``bot.x.y`` / ``cogs.x.y`` names a module of this tree, or a name one defines (its first name past
    the module is checked; deeper attributes are taken on trust)."""
    parts = path.split(".")
    if (parts[0] == "bot" and parts[1] in _a_bot_object()) or path.startswith(MADE_UP):
        return True
    for cut in range(len(parts), 1, -1):
        module = _module(parts[:cut])
        if module is not None:
            return cut == len(parts) or (module.is_file() and parts[cut] in _names(module))
    return False


def _prose(path: Path) -> list[str]:
    """The text a reader reads: a Python file's comments and strings, or a whole doc page."""
    source = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return [source]
    kinds = {tokenize.STRING, tokenize.COMMENT, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type in kinds]


def dead_paths(path: Path) -> list[str]:
    dead = []
    for text in _prose(path):
        for match in DOTTED.finditer(text):
            found = match.group(1)
            if text[match.end() : match.end() + 1] in ("*", "{"):
                continue  # a pattern (pyproject's cogs.*), not a path
            if found.rsplit(".", 1)[-1] in SUFFIXES:
                found = found.rsplit(".", 1)[0]  # a file name: cogs/x.py written with dots
            if "." in found and not resolves(found):
                dead.append(found)
    return dead


def test_every_dotted_path_names_a_module_or_name_that_exists() -> None:
    here = Path(__file__).resolve()  # its controls name stale paths on purpose
    dead = [f"{p.relative_to(ROOT)}: {d}" for p in _files(".py", ".md", ".toml") if p != here for d in dead_paths(p)]
    assert dead == [], "\n".join(dead)


def test_the_path_check_sees_a_stale_path() -> None:
    """Control: a module that moved, a name that is gone, and what still resolves."""
    assert not resolves("bot.acks") and not resolves("bot.core.games.NoSuchName")
    assert resolves("bot.transport.acks") and resolves("bot.core.games.catalogue_keys") and resolves("bot.add_cog")


ISSUE = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def test_no_source_file_says_which_issue_asked_for_it() -> None:
    here = Path(__file__).resolve()
    said = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _files(".py", ".toml")
        if p != here
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if ISSUE.search(line)
    ]
    assert said == [], "say why, not which issue:\n" + "\n".join(said)


MEASURED = re.compile(r"(?<![\w.])~?\d[\d,.]*\s?(?:ms|µs)\b|\bp(?:50|99)\s*(?:of\s*)?~?\d")
"""A measured time in milliseconds or microseconds, or a percentile's figure: a figure that goes stale.
(A rule's or Discord's limit in seconds or minutes -- "Discord's 3 s" -- is a fact of the spec, not a measure.)"""


def measured_figures(path: Path) -> list[str]:
    return [m.group(0) for text in _prose(path) for m in MEASURED.finditer(text)]


def test_the_source_carries_no_measured_timings() -> None:
    """bot/ and cogs/ say why; the figures behind a choice are in docs/performance.md ("Figures behind the code")."""
    found = [
        f"{p.relative_to(ROOT)}: {figure}"
        for top in ("bot", "cogs")
        for p in sorted((ROOT / top).rglob("*.py"))
        for figure in measured_figures(p)
    ]
    assert found == [], "move the figure to docs/performance.md:\n" + "\n".join(found)


def test_the_timing_check_sees_a_figure(tmp_path: Path) -> None:
    """Control: a measured figure is seen; a spec's limit is not."""
    source = tmp_path / "x.py"
    source.write_text('"""Took p99 4.8 -> 11 ms, ~150 µs a click; Discord\'s 3 s."""\nX = 3  # 0.22 ms at 500\n')
    assert measured_figures(source) == ["p99 4", "11 ms", "~150 µs", "0.22 ms"]
