"""The layer contract of bot/ and cogs/ holds, and no module is part of an import cycle.

The contract (``[tool.importlinter]`` in pyproject.toml, README "Architecture"):
engines import only the engine contract and nothing of Discord, games do not
import each other, the core imports nothing Discord-facing, the Discord-facing
modules sit above it, and bot/app.py is the composition root nothing imports.
It is checked here, with the rest of the suite, by running ``lint-imports``
from this venv; the cycle check asks grimp directly, which sees every import
statement — function-local ones and ``if TYPE_CHECKING:`` ones too, since an
import moved into a function to dodge a cycle is still a cycle.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[3]


def _lint_imports() -> str:
    """The venv's ``lint-imports`` (installed with the ``test`` extra); on PATH as a fallback."""
    beside = Path(sys.executable).with_name("lint-imports")
    found = str(beside) if beside.exists() else shutil.which("lint-imports")
    if found is None:
        pytest.fail("lint-imports is missing: install the test extra (pip install -e '.[test]')")
    return found


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every set of modules that import each other, directly or round a circle (Tarjan's strong components)."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        # iterative DFS: (module, position in its import list)
        work = [(root, 0)]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, i = work[-1]
            targets = edges.get(module, [])
            if i < len(targets):
                work[-1] = (module, i + 1)
                target = targets[i]
                if target not in edges:
                    continue  # an external module: no way back
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, 0))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1 or module in edges[module]:
                    found.append(sorted(component))
    return found


def _describe(graph: grimp.ImportGraph, cycle: list[str]) -> str:
    """One circle through the first module of a cycle, import by import, with line numbers."""
    start = cycle[0]
    back = next(m for m in graph.find_modules_that_directly_import(start) if m in cycle)
    path = graph.find_shortest_chain(importer=start, imported=back) or (start, back)
    lines = []
    for importer, imported in zip([*path, start], [*path[1:], start], strict=False):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = ", ".join(f"l.{d['line_number']}: {d['line_contents']}" for d in details)
        lines.append(f"  {importer} -> {imported} ({where})")
    return "\n".join(lines)


def test_layer_contracts_hold() -> None:
    run = subprocess.run(
        [_lint_imports(), "--no-cache", "--no-logo", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout and " kept" in run.stdout, run.stdout


def test_no_import_cycles_in_bot_or_cogs() -> None:
    graph = grimp.build_graph("bot", "cogs", cache_dir=None)
    assert len(graph.modules) > 50  # the packages were found, not an empty graph
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n\n".join(_describe(graph, c) for c in cycles)


def test_the_cycle_check_sees_function_local_imports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: a circle closed by an import inside a function (the usual dodge) is found, and named."""
    package = tmp_path / "circle_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def later():\n    from circle_pkg import high\n\n    return high\n")
    (package / "high.py").write_text("from circle_pkg import low\n")
    (package / "alone.py").write_text("from circle_pkg import high\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("circle_pkg", cache_dir=None)
    assert import_cycles(graph) == [["circle_pkg.high", "circle_pkg.low"]]
    assert "l.2:" in _describe(graph, ["circle_pkg.high", "circle_pkg.low"])
