"""No folder holds more than a dozen modules side by side.

What is counted: the ``.py`` files directly in one folder (not in its sub-folders), every one of them,
``__init__.py``, ``conftest.py`` and ``__main__.py`` included: each is a file a reader opens and has to
place when they list the folder.  Sub-folders do not count (a sub-package is one name that says what
it groups); neither do data files (pictures, JSON, SQL).  The folders checked are every folder under
``bot/``, ``cogs/``, ``tests/`` and ``bench/``.

Why 12: the developers' guide asks for "no folder with more than about a dozen modules side by side";
twelve is that dozen made exact so a test can hold it.  A reader takes in a dozen names at a glance;
past that, a folder has seams, and a sub-package named for what its modules cover (``tests/ai/workers/``,
``bench/screens/``) tells the reader more than a longer listing does.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TOPS = ("bot", "cogs", "tests", "bench")
LIMIT = 12


def crowded(root: Path, tops: tuple[str, ...] = TOPS, limit: int = LIMIT) -> dict[str, int]:
    """Each folder under ``root/<top>`` with more than ``limit`` ``.py`` files side by side, and its count."""
    folders = {root / top for top in tops if (root / top).is_dir()}
    folders |= {p for top in folders for p in top.rglob("*") if p.is_dir()}
    counts = {
        folder.relative_to(root).as_posix(): sum(1 for p in folder.glob("*.py") if p.is_file())
        for folder in folders
        if ".venv" not in folder.parts
    }
    return {name: n for name, n in sorted(counts.items()) if n > limit}


def test_no_folder_holds_more_than_a_dozen_modules() -> None:
    over = crowded(ROOT)
    assert over == {}, f"split by what the modules cover (at most {LIMIT} .py files a folder): {over}"


def test_the_check_sees_a_crowded_folder(tmp_path: Path) -> None:
    """Control: thirteen modules are one too many, wherever they are; twelve, and data files, are not."""
    deep = tmp_path / "tests" / "ai" / "deep"
    deep.mkdir(parents=True)
    for n in range(12):
        (deep / f"m{n}.py").write_text("")
        (deep / f"d{n}.json").write_text("{}")
    (tmp_path / "bench").mkdir()
    for name in ("__init__", "__main__", *(f"b{n}" for n in range(10))):
        (tmp_path / "bench" / f"{name}.py").write_text("")
    assert crowded(tmp_path) == {}
    (deep / "conftest.py").write_text("")
    (tmp_path / "bench" / "conftest.py").write_text("")
    assert crowded(tmp_path) == {"bench": 13, "tests/ai/deep": 13}
