"""Loaded into the bot process by ``bench.clicks.openloop --trace FILE`` (via PYTHONPATH), never by the bot itself.

Stamps each move click's way through the bot, on the monotonic clock the
benchmark shares: handler entered (``t0``), the click answered (``ack1``: by
its move, or by a deferred update, :mod:`bot.transport.acks`), the channel's turn asked and had (``lock0``/``lock1``:
a work slot, then the channel's lock), the commit (``commit0``/``commit1``),
the first picture asked and had after it (``pic0``/``pic1``), the first
message edit sent and answered (``edit0``/``edit1``: the board, or the
clicker's DM for a DM game's board...), the handler left (``end``).  Each
stamp is the first of its kind in the click's task.  The clicks are written
as JSON to ``KADO_CLICKTRACE_FILE`` when the process exits (the bot closes
cleanly on SIGTERM); :mod:`bench.clicks.trace` reads them.  With them: each
channel turn held over 0.5 s, with what held it and what it was awaiting, and
what every task awaited meanwhile (:func:`_watch_holds`); and the garbage
collector's pauses over 5 ms (:func:`_collector`).

How: the few functions are wrapped right after their modules are imported
(an import hook), so the bot's code is untouched.  The stamps cost a few
microseconds a click.
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import importlib.abc
import importlib.util
import json
import os
import sys
import time
import traceback
from typing import Any

_FILE = os.environ.get("KADO_CLICKTRACE_FILE")
_open: dict[int, dict[str, float]] = {}  # id(click task) -> its stamps so far
_done: list[dict[str, float]] = []
_holds: list[dict[str, Any]] = []  # channel turns held long (_watch_holds)
_pauses: list[tuple[float, float, int]] = []  # the collector's pauses over PAUSE: (began, seconds, generation)
PAUSE = 0.005
_collecting: list[float] = []


def _collector(phase: str, info: dict[str, Any]) -> None:
    """Time the bot's garbage collections (``gc.callbacks``): a full one stops every click of the process."""
    if phase == "start":
        _collecting[:] = [time.monotonic()]
    elif _collecting:
        took = time.monotonic() - _collecting[0]
        if took >= PAUSE:
            _pauses.append((_collecting[0], took, int(info.get("generation", -1))))


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
    if name == "bot.frontend.inbound.interactions":
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
    elif name == "bot.transport.acks":  # the click answered, maybe from a task of its own
        acked = module.ClickAnswer._acked

        def stamped(answer: Any) -> None:
            task = None if answer._click_task is None else answer._click_task()
            stamps = _open.get(id(task))
            if stamps is not None:
                stamps.setdefault("ack1", time.monotonic())
            acked(answer)

        module.ClickAnswer._acked = stamped
    elif name == "bot.core.turns":
        _around(module.ChannelTurn, "__aenter__", "lock0", "lock1")
        _watch_holds(module.ChannelTurn)
    elif name == "bot.core.sessions.table":
        _around(module.Table, "commit", "commit0", "commit1")
    elif name == "bot.frontend.drawing.picture_pool":
        _around(module.PicturePool, "picture", "pic0", "pic1")
    elif name == "bot.transport.edits":
        _around(module.Editor, "edit", "edit0", "edit1")


_sampler: list[Any] = []
_meanwhile: dict[str, int] = {}  # what tasks awaited while a turn was held long, sampled


def _awaiting(coro: Any) -> str:
    """The chain of coroutines ``coro`` is awaiting through, innermost last (bot and discord.py frames; into
    the tasks and gathers it awaits)."""
    names = []
    while coro is not None:
        if isinstance(coro, asyncio.Task):
            names.append("task")
            coro = coro.get_coro()
            continue
        children = getattr(coro, "_children", None)  # asyncio.gather's future
        if children is not None:
            names.append("gather")
            coro = next((c for c in children if not c.done()), None)
            continue
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        if code is None:
            names.append(type(coro).__name__)
            break
        if "/bot/" in code.co_filename or "/discord/" in code.co_filename or "/aiohttp/" in code.co_filename:
            names.append(code.co_name)
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    return " > ".join(names)


LONG_HOLD = 0.5  # seconds: a channel's turn held longer is written down with what held it


def _watch_holds(turn_class: Any) -> None:
    """Write down each channel turn held over :data:`LONG_HOLD`: what held it (the holding task's coroutine,
    and where it was when the turn ended), so a click's long wait for its channel can be traced to its cause."""
    enter, leave = turn_class.__aenter__, turn_class.__aexit__
    since: dict[int, float] = {}

    taker: dict[int, str] = {}
    seen: dict[int, dict[str, int]] = {}  # id(turn) -> where its holder was awaiting, sampled each 0.25 s
    holders: dict[int, Any] = {}

    async def sample() -> None:
        while True:
            await asyncio.sleep(0.25)
            now = time.monotonic()
            long = False
            for key, began in list(since.items()):
                task = holders.get(key)
                if task is not None and now - began > LONG_HOLD:
                    long = True
                    where = seen.setdefault(key, {})
                    chain = _awaiting(task.get_coro())
                    where[chain] = where.get(chain, 0) + 1
            if long:  # what every task is awaiting meanwhile (a held turn's own waits are in tasks of its own)
                for task in asyncio.all_tasks():
                    chain = _awaiting(task.get_coro())
                    _meanwhile[chain] = _meanwhile.get(chain, 0) + 1

    async def entered(turn: Any) -> None:
        await enter(turn)
        since[id(turn)] = time.monotonic()
        holders[id(turn)] = asyncio.current_task()
        if not _sampler:
            _sampler.append(asyncio.ensure_future(sample()))
        taker[id(turn)] = next(
            (
                f"{f.name} ({f.filename.rsplit('/bot/', 1)[-1]})"
                for f in reversed(traceback.extract_stack(limit=4)[:-1])
            ),
            "?",
        )

    async def left(turn: Any, *exc: object) -> None:
        began, took = since.pop(id(turn), None), taker.pop(id(turn), "?")
        holders.pop(id(turn), None)
        where = seen.pop(id(turn), {})
        now = time.monotonic()
        if began is not None and now - began > LONG_HOLD:
            task = asyncio.current_task()
            coro = task.get_coro() if task is not None else None
            _holds.append(
                {
                    "from": began,
                    "to": now,
                    "task": f"{getattr(coro, '__qualname__', coro)} via {took}",
                    "click": id(task) in _open,
                    "awaiting": max(where, key=where.__getitem__) if where else "",
                }
            )
        await leave(turn, *exc)

    turn_class.__aenter__, turn_class.__aexit__ = entered, left


class _Hook(importlib.abc.MetaPathFinder):
    """Lets each module of :func:`_patch` load as usual, then wraps its functions."""

    names = frozenset(
        {
            "bot.frontend.inbound.interactions", "bot.transport.acks", "bot.core.turns", "bot.core.sessions.table",
            "bot.frontend.drawing.picture_pool", "bot.transport.edits",
        }
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
        json.dump({"clicks": _done, "holds": _holds, "meanwhile": _meanwhile, "pauses": _pauses}, out)


if _FILE and not os.environ.get("KADO_CLICKTRACE_DUMPED_BY"):
    os.environ["KADO_CLICKTRACE_DUMPED_BY"] = str(os.getpid())  # the bot's workers inherit it: not them
    sys.meta_path.insert(0, _Hook())
    gc.callbacks.append(_collector)
    atexit.register(_dump)
