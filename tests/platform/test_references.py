"""References lead somewhere: no mention of a rules file the repository does not hold, no dead relative .md link.

The rules are ``docs/rules/<game>.md``; "RULES.md" named a file outside the
repository, which a reader cannot open.  A relative Markdown link that points
at no file is the same trap in the docs.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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
