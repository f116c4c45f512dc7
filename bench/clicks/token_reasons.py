"""Why a message was edited with the bot token: what the emulator knew of its clicks at that moment.

Why: :mod:`bot.transport.edits` edits a board or a DM message through the
interaction token of the last click on it, and falls back to the bot token
(counted against Discord's global limit) otherwise.  A bench that counts the
bot-token edits cannot tell a message nobody has clicked yet (unavoidable) from
one whose click token the bot had, or was about to have (a fallback the bot
could avoid).  The emulator knows every interaction, when it was sent and
when its answer arrived (``record_timing``): each bot-token ``PATCH`` of a
message is put in one of these, by the clicks and commands on that message
before it:

* ``never clicked`` — none (a DM message before its player's first click; a board posted again);
* ``its clicks were never answered`` — only clicks the bot answered too late (Discord's 3 s: no token);
* ``a click's answer on its way`` — a click was made, its answer not in yet (the token was about to come);
* ``a token lived`` — a click answered in time before it (its token could have edited the message).
"""

from __future__ import annotations

import bisect
import collections
import re
import time
from typing import Any

from tests.emulator import DiscordEmulator
from tests.emulator.state.results import RequestRecord

REASONS = ("never clicked", "its clicks were never answered", "a click's answer on its way", "a token lived")
_PATCH = re.compile(r"/channels/\d+/messages/(\d+)")


class Stamped(list[RequestRecord]):
    """The emulator's request log, with when each request arrived (``perf_counter``, as ``record_timing``)."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    def append(self, rec: RequestRecord) -> None:
        self.at.append(time.perf_counter())
        super().append(rec)


def stamp(emu: DiscordEmulator) -> Stamped:
    """Start stamping the emulator's requests (and its interactions' send and answer times)."""
    emu.record_timing = True
    log = Stamped()
    log.extend(emu.requests)
    log.at.extend([0.0] * len(emu.requests))
    emu.requests = log
    return log


def reasons(emu: DiscordEmulator, log: Stamped, since: int, channels: set[int]) -> collections.Counter[str]:
    """The bot-token edits of messages in ``channels`` from ``log[since:]``, counted by reason."""
    clicks: dict[int, list[tuple[float, float | None]]] = collections.defaultdict(list)  # message -> (sent, answered)
    for res in list(emu.interactions.values()):
        message = res.message if res.message is not None else res.source_message
        if message is None or res.sent_at is None:
            continue
        answered = res.callback_at if res.responded else None
        clicks[message.id].append((res.sent_at, answered))
    for seen in clicks.values():
        seen.sort()
    out: collections.Counter[str] = collections.Counter()
    for rec, at in zip(log[since:], log.at[since:], strict=True):
        match = _PATCH.fullmatch(rec.path) if rec.method == "PATCH" else None
        if match is None or int(rec.path.split("/")[2]) not in channels:
            continue
        before = clicks.get(int(match.group(1)), [])[: bisect.bisect_left(clicks.get(int(match.group(1)), []),
                                                                          (at, float("inf")))]
        out[_reason(before, at)] += 1
    return out


def _reason(before: list[tuple[float, Any]], at: float) -> str:
    if not before:
        return REASONS[0]
    if any(answered is not None and answered < at for _, answered in before):
        return REASONS[3]
    if any(answered is not None for _, answered in before):
        return REASONS[2]
    return REASONS[1]


def unanswered(emu: DiscordEmulator, channels: set[int], since: float) -> int:
    """Interactions in ``channels`` sent after ``since`` (``perf_counter``) that never got their answer."""
    return sum(
        1 for res in list(emu.interactions.values())
        if res.sent_at is not None and res.sent_at >= since and not res.responded and res.channel.id in channels
    )


def refused_callbacks(emu: DiscordEmulator, log: list[RequestRecord], since: int, channels: set[int]) -> int:
    """Callbacks (a click's answer) in ``channels`` from ``log[since:]`` that Discord refused (10062: too late)."""
    out = 0
    for rec in log[since:]:
        if rec.path.startswith("/interactions/") and rec.status >= 400:
            res = emu.interactions.get(rec.path.split("/")[3])
            out += res is not None and res.channel.id in channels
    return out
