"""The ``Presenter`` Protocol states all the session layer asks of the Discord side, and ``DiscordPresenter`` fills it.

Why: the core reaches the presenter only through this Protocol (it imports
nothing of Discord), so a method the core calls but the Protocol leaves out
(``prepare`` once was, looked up with ``getattr``) is a contract nobody can
read, and a presenter that misses it fails only at run time.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.core.sessions import Presenter
from bot.frontend.presenting.presenter import DiscordPresenter

CORE = Path(__file__).resolve().parents[2] / "bot" / "core"


def called_on_presenters(root: Path) -> set[str]:
    """Every method name the code under ``root`` calls on something named ``presenter`` (``t.presenter.x(...)``)."""
    names: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (
                (isinstance(node.value, ast.Attribute) and node.value.attr == "presenter")
                or (isinstance(node.value, ast.Name) and node.value.id == "presenter")
            ):
                names.add(node.attr)
    return names


def declared(protocol: type) -> dict[str, Callable[..., Any]]:
    """The methods a Protocol declares, by name."""
    return {name: value for name, value in vars(protocol).items() if inspect.isfunction(value) and name[0] != "_"}


def misfits(protocol: type, concrete: type) -> list[str]:
    """How ``concrete`` fails to satisfy ``protocol``'s methods: missing, sync for async, or a parameter it lacks."""
    found: list[str] = []
    for name, wanted in declared(protocol).items():
        have = getattr(concrete, name, None)
        if have is None:
            found.append(f"{name}: missing")
            continue
        if inspect.iscoroutinefunction(wanted) != inspect.iscoroutinefunction(have):
            found.append(f"{name}: async differs")
        params = inspect.signature(have).parameters
        asked = inspect.signature(wanted).parameters
        for param in asked.values():
            mine = params.get(param.name)
            if mine is None:
                found.append(f"{name}: no parameter {param.name}")
            elif param.default is not param.empty and mine.default is param.empty:
                found.append(f"{name}: {param.name} is optional in the Protocol, required here")
        extra = [p for p in params if p not in asked and params[p].default is params[p].empty]
        found += [f"{name}: extra required parameter {p}" for p in extra]
    return found


def test_every_method_the_core_calls_on_the_presenter_is_declared() -> None:
    called = called_on_presenters(CORE)
    assert {"prepare", "game_changed", "session_ended", "lobby_changed", "remind"} <= called  # the scan sees them
    assert called <= set(declared(Presenter)), f"called but not declared: {sorted(called - set(declared(Presenter)))}"


def test_every_declared_method_has_types() -> None:
    for name, method in declared(Presenter).items():
        hints = inspect.get_annotations(method)
        params = [p for p in inspect.signature(method).parameters if p != "self"]
        assert set(params) <= set(hints) and "return" in hints, f"{name} is not fully typed"


def test_the_discord_presenter_satisfies_the_protocol() -> None:
    assert misfits(Presenter, DiscordPresenter) == []


def test_control_a_presenter_without_prepare_is_caught(tmp_path: Path) -> None:
    class Partial:
        async def lobby_changed(self, record: Any) -> None: ...

        async def game_changed(self, record: Any, events: Any) -> None: ...  # no answer

        async def session_ended(self, record: Any, result: Any, answer: Any = None) -> None: ...

        def remind(self, record: Any, seats: Any) -> None: ...  # not async

    assert sorted(misfits(Presenter, Partial)) == [
        "game_changed: no parameter answer", "prepare: missing", "remind: async differs",
    ]
    (tmp_path / "part.py").write_text("def f(t, presenter):\n    t.presenter.unveil(1)\n    presenter.hide()\n")
    assert called_on_presenters(tmp_path) == {"unveil", "hide"}
