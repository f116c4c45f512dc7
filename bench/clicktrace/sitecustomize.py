"""Loaded into the bot process by ``bench.openloop --trace FILE`` (via PYTHONPATH), never by the bot itself.

Stamps each move click's way through the bot, on the monotonic clock the
benchmark shares: handler entered (``t0``), the click answered (``ack1``: by
its move, or by a deferred update, :mod:`bot.acks`), the channel's turn asked and had (``lock0``/``lock1``:
a work slot, then the channel's lock), the commit (``commit0``/``commit1``),
the first picture asked and had after it (``pic0``/``pic1``), the first
message edit sent and answered (``edit0``/``edit1``: the board, or the
clicker's DM for a DM game's board...), the handler left (``end``).  Each
stamp is the first of its kind in the click's task.  The clicks are written
as JSON to ``KADO_CLICKTRACE_FILE`` when the process exits (the bot closes
cleanly on SIGTERM); :mod:`bench.click_trace` reads them.

How: the few functions are wrapped right after their modules are imported
(an import hook), so the bot's code is untouched.  The stamps cost a few
microseconds a click.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib.abc
import importlib.util
import json
import os
import sys
import time
from typing import Any

_FILE = os.environ.get("KADO_CLICKTRACE_FILE")
_open: dict[int, dict[str, float]] = {}  # id(click task) -> its stamps so far
_done: list[dict[str, float]] = []


def _stamp(name: str) -> None:
    stamps = _open.get(id(asyncio.current_task()))
    if stamps is not None:
        stamps.setdefault(name, time.monotonic())


def _around(owner: Any, attr: str, before: str, after: str) -> None:
    """Wrap the coroutine function ``owner.attr`` with a stamp before and after."""
    function = getattr(owner, attr)

    async def stamped(*args: Any, **kwargs: Any) -> Any:
        _stamp(before)
        try:
            return await function(*args, **kwargs)
        finally:
            _stamp(after)

    setattr(owner, attr, stamped)


def _patch(name: str, module: Any) -> None:
    if name == "bot.interactions":
        on_act = module.on_act

        async def traced(*args: Any, **kwargs: Any) -> Any:
            key = id(asyncio.current_task())
            _open[key] = {"t0": time.monotonic()}
            try:
                return await on_act(*args, **kwargs)
            finally:
                stamps = _open.pop(key, None)
                if stamps is not None:
                    stamps["end"] = time.monotonic()
                    _done.append(stamps)

        module.on_act = traced
    elif name == "bot.acks":  # the click answered (its move, or a deferred update), maybe from a task of its own
        acked = module.ClickAnswer._acked

        def stamped(answer: Any) -> None:
            task = None if answer._click_task is None else answer._click_task()
            stamps = _open.get(id(task))
            if stamps is not None:
                stamps.setdefault("ack1", time.monotonic())
            acked(answer)

        module.ClickAnswer._acked = stamped
    elif name == "bot.turns":
        _around(module.ChannelTurn, "__aenter__", "lock0", "lock1")
    elif name == "bot.sessions.table":
        _around(module.Table, "commit", "commit0", "commit1")
    elif name == "bot.ui.picture_pool":
        _around(module.PicturePool, "picture", "pic0", "pic1")
    elif name == "bot.edits":
        _around(module.Editor, "edit", "edit0", "edit1")


class _Hook(importlib.abc.MetaPathFinder):
    """Lets each module of :func:`_patch` load as usual, then wraps its functions."""

    names = frozenset(
        {"bot.interactions", "bot.acks", "bot.turns", "bot.sessions.table", "bot.ui.picture_pool", "bot.edits"}
    )

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name not in self.names:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_module(module: Any) -> None:
            load(module)
            _patch(name, module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _dump() -> None:
    assert _FILE is not None
    with open(_FILE, "w") as out:
        json.dump(_done, out)


if _FILE and not os.environ.get("KADO_CLICKTRACE_DUMPED_BY"):
    os.environ["KADO_CLICKTRACE_DUMPED_BY"] = str(os.getpid())  # the bot's workers inherit it: not them
    sys.meta_path.insert(0, _Hook())
    atexit.register(_dump)
