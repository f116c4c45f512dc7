"""No test, benchmark or docs script lists the games: they take them from the registry.

A list of ids written out (``("portas", "getgem", …)``, a dict keyed by two
games…) silently leaves out a game added later: the leak scan and the screen
checks would not see it.  The shared tests take their games from
:mod:`tests.gamekit` (the registry, :func:`bot.gamefacts.ids`), and a game's
own numbers live in its own folder (``tests/<game>/``), which may name it.
Naming one game as a sample (``DUEL = "portas"``) is fine; a collection
literal holding the ids of two or more games is a list of the games.
"""

from __future__ import annotations

import ast
from pathlib import Path

from bot import gamefacts

ROOT = Path(__file__).resolve().parents[3]
SCANNED = ("tests", "bench", "docs")


def listed_games(source: str, ids: frozenset[str]) -> list[tuple[int, list[str]]]:
    """(line, ids) of every list, tuple, set or dict literal in ``source`` holding two or more of ``ids``
    (as strings, or as the first item of its tuples: ``[("portas", 2), ("getgem", 3)]``), and of the first
    comparison when the file compares with two or more of them (``if game == "portas": … elif game == "getgem"``)."""
    hits = []
    compared: dict[str, int] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in ids:
                    compared.setdefault(side.value, node.lineno)
        if isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
        else:
            continue
        named = set()
        for item in items:
            if isinstance(item, ast.Tuple) and item.elts:
                item = item.elts[0]
            if isinstance(item, ast.Constant) and item.value in ids:
                named.add(item.value)
        if len(named) >= 2:
            hits.append((node.lineno, sorted(named)))
    if len(compared) >= 2:
        hits.append((min(compared.values()), sorted(compared)))
    return sorted(hits)


def test_no_file_of_tests_bench_or_docs_lists_the_games() -> None:
    ids = frozenset(gamefacts.ids())
    own = {ROOT / "tests" / game for game in ids}  # a game's own folder may name it (and others, as foils)
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if any(folder in path.parents for folder in own) or ".venv" in path.parts:
                continue
            for line, named in listed_games(path.read_text(encoding="utf-8"), ids):
                found.append(f"{path.relative_to(ROOT)}:{line} lists {', '.join(named)}")
    assert found == [], "take the games from tests.gamekit / bot.gamefacts:\n" + "\n".join(found)


def test_the_check_sees_a_list_of_games_and_not_one_sample_game() -> None:
    """Control: the check above can fail, and passes what it should."""
    ids = frozenset({"tarot", "chess", "go"})
    source = (
        'GAMES = ("tarot", "chess")\n'
        'MIX = {"tarot": 0.5, "go": 0.5}\n'
        'CONFIGS = [("tarot", 2), ("go", 4)]\n'
        'DUEL = "tarot"\n'
        'PAIR = ("tarot", "tarot")\n'
        'OTHER = ["tarot", "checkers"]\n'
        'if game == "chess":\n    pass\nelif game == "go":\n    pass\n'
    )
    assert listed_games(source, ids) == [
        (1, ["chess", "tarot"]), (2, ["go", "tarot"]), (3, ["go", "tarot"]), (7, ["chess", "go"])
    ]
    assert listed_games('if game == "chess":\n    pass\n', ids) == []  # one sample game, compared: fine
