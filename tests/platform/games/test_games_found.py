"""Games describe themselves and are found: bot/ names none of them, and each declares what the platform needs.

a game's facts live in its own package (``cogs/<game>/game.py``, read
by :mod:`bot.gamefacts`) and the platform finds games by scanning ``cogs``, so a
fifth game needs no edit outside its package.  The first test keeps it so: no
game's id may come back into bot/'s code (comments and docstrings may still
name games, as examples).
"""

from __future__ import annotations

import ast
import dataclasses
import io
import re
import tokenize
from pathlib import Path

import pytest

from bot import gamefacts, i18n
from bot.core import games

ROOT = Path(__file__).resolve().parents[3]


def _docstring_lines(tree: ast.AST) -> set[int]:
    """Lines of docstrings: a module's, class's or function's first string, and a string statement after a name."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            value = statement.value if isinstance(statement, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
    return lines


def named_in_code(source: str, names: list[str]) -> list[tuple[int, str]]:
    """(line, token) for every name or string token of ``source`` naming one of ``names`` (whole word, any case).

    Comments and docstrings are left out: they may name a game as an example.
    """
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.IGNORECASE)
    docstrings = _docstring_lines(ast.parse(source))
    hits = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        if token.type in (tokenize.NAME, tokenize.STRING) and pattern.search(token.string):
            hits.append((token.start[0], token.string))
    return hits


def test_the_games_are_found_by_scanning_cogs() -> None:
    ids = gamefacts.ids()
    on_disk = sorted(p.parent.name for p in (ROOT / "cogs").glob("*/game.py"))
    assert sorted(ids) == on_disk and len(ids) >= 4
    assert games.available() == list(ids)


def test_no_game_is_named_in_bots_code() -> None:
    names = list(gamefacts.ids())
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for line, token in named_in_code(path.read_text(encoding="utf-8"), names):
            found.append(f"{path.relative_to(ROOT)}:{line}: {token}")
    assert not found, "bot/ names a game (declare it in cogs/<game>/game.py instead):\n" + "\n".join(found)


def test_the_scan_sees_a_name_in_code_and_not_in_comments_or_docstrings() -> None:
    """Control: the check above can fail."""
    source = (
        '"""Module doc naming TAROT."""\n'
        "def f():\n"
        '    """Shogi, in a docstring."""\n'
        "    # chess in a comment\n"
        '    table = {"tarot": 1, "cmd.go": 2}\n'
        "    SHOGI = 3\n"
        '    return f"{table} chess"\n'
    )
    hits = named_in_code(source, ["tarot", "chess", "go", "shogi"])  # made-up games: a control needs no real one
    assert [line for line, _ in hits] == [5, 5, 6, 7]


def test_the_games_are_listed_in_their_declared_order() -> None:
    """``/game rules`` choices, help and settings list the games by their ``ORDER``, each at a place of its own."""
    orders = [gamefacts.facts_of(g).order for g in gamefacts.ids()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


@pytest.mark.parametrize("game_id", gamefacts.ids())
def test_each_game_declares_what_the_platform_reads(game_id: str) -> None:
    facts = gamefacts.facts_of(game_id)
    spec = games.get(game_id)
    assert facts.id == game_id and facts.rules is None  # scanned: no engine imported yet
    loaded = dataclasses.replace(facts, rules=spec.rules, render=spec.render, ai=spec.ai, picture=spec.picture)
    assert dataclasses.replace(loaded, tuning=spec.tuning) == spec  # loading fills in the same declaration
    assert game_id == spec.rules.GAME  # the engine's id is the declared one
    assert (facts.min_seats, facts.max_seats) == (spec.rules.MIN_SEATS, spec.rules.MAX_SEATS)
    assert 0 <= facts.accent <= 0xFFFFFF and spec.accent == facts.accent
    if facts.reaction_timeout_option is not None:
        assert facts.reaction_timeout_option in {o.name for o in spec.options}
    for seats in facts.sample_seats:
        assert facts.min_seats <= seats <= facts.max_seats
    for locale in i18n.SUPPORTED:
        for key in (f"{game_id}.name", f"cmd.{game_id}", f"{game_id}.help"):
            assert key in i18n.catalogue(locale), (locale, key)
        assert i18n.command_path(locale, f"{game_id}.new") in i18n.translate(locale, f"{game_id}.help")


def test_a_declaration_that_lacks_a_fact_or_names_another_package_is_refused() -> None:
    from types import ModuleType

    module = ModuleType("cogs.somegame.game")
    with pytest.raises(TypeError, match="ID, ORDER, SEATS, PUBLIC_CONTROLS, ACCENT"):
        gamefacts.read(module)
    module.__dict__.update(ID="other", ORDER=1, SEATS=(2, 2), PUBLIC_CONTROLS=True, ACCENT=0)
    with pytest.raises(ValueError, match=r"its package is 'cogs\.somegame'"):
        gamefacts.read(module)
    module.ID = "somegame"
    assert gamefacts.read(module).min_seats == 2


def test_help_names_every_games_new_command_in_order() -> None:
    for locale in i18n.SUPPORTED:
        tr = i18n.translator(locale)
        text = tr("help.body", games=games.help_lines(tr))
        spots = [text.index(i18n.command_path(locale, f"{game_id}.new")) for game_id in gamefacts.ids()]
        assert spots == sorted(spots), (locale, text)
    assert "**/portas new**, **/getgem new**, **/promotion new** or **/eminit new**" in games.help_lines(
        i18n.translator("en")
    )
