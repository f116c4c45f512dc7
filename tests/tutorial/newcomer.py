"""A scripted newcomer who completes ``/<game> learn`` through the emulator, and what they were told.

Shared by each game's end-to-end tutorial test: the newcomer asks for the tutorial, finds its
thread, presses the first choice they are offered each time they are asked (where the game
asks them: the board for a game played on it, their DM for one played in DMs; not the choice they
just made, offered again while others still choose) until the game is over, and every text they
could read in the thread and their DM is kept, earlier versions of edited messages too.
:func:`explained` then says which of the tutorial's steps were told.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import i18n
from bot.core import tutorial
from tests.e2e.helpers import db_rows
from tests.emulator import DiscordEmulator
from tests.emulator.models import Channel, Message, User

MOVE = "k:a:"
STANDS = 3.0
"""Seconds a newcomer waits, after a choice, before pressing the very same choice offered again."""


@dataclass
class Run:
    """One newcomer's tutorial: where it was played and everything they could read there."""

    user: User
    thread: Channel
    answer: str
    texts: list[str] = field(default_factory=list)
    moves: int = 0


def _versions(message: Message) -> list[str]:
    """Every text a message showed: its earlier versions and its current one."""
    out = []
    for old in message.history:
        out.append(_payload_text(old))
    out.append(message.text())
    return out


def _payload_text(payload: dict[str, Any]) -> str:
    parts = [str(payload.get("content") or "")]

    def walk(items: Any) -> None:
        for item in items or []:
            if isinstance(item, dict):
                if item.get("type") == 10:
                    parts.append(str(item.get("content", "")))
                walk(item.get("components"))
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

    walk(payload.get("components"))
    return "\n".join(parts)


def read_all(emu: DiscordEmulator, run: Run) -> None:
    """Keep every text the newcomer could read in the thread and their DM (all versions)."""
    texts: list[str] = []
    for message in [*emu.channel_messages(run.thread), *emu.dm_messages(run.user)]:
        texts += _versions(message)
    run.texts = texts


def move_buttons(messages: list[Message]) -> list[tuple[Message, Any]]:
    return [(m, b) for m in messages for b in m.buttons() if (b.custom_id or "").startswith(MOVE) and not b.disabled]


async def start(emu: DiscordEmulator, user: User, channel: Channel, game: str) -> Run:
    """The newcomer types ``/<game> learn`` in ``channel`` and follows the link to the thread."""
    before = set(emu.channels)
    res = await emu.slash(user, channel, f"{game} learn")
    await res.wait_followup() if not res.followups else None
    answer = "\n".join(f.text() for f in res.followups) or res.text()
    made = [c for cid, c in emu.channels.items() if cid not in before and c.parent_id == channel.id]
    assert len(made) == 1, (answer, made)
    return Run(user, made[0], answer)


async def play(emu: DiscordEmulator, run: Run, *, limit: int = 120) -> None:
    """Press the first offered choice, wherever the game asks the newcomer, until the tutorial's last message."""

    def over() -> bool:
        return closing(emu, run) is not None

    def first_label() -> str | None:
        offered = move_buttons(_places(emu, run))
        return offered[0][1].label if offered else None

    last: str | None = None
    for _ in range(limit):
        await emu.wait_until(
            lambda: over() or bool(move_buttons(_places(emu, run))), description="the newcomer's turn or the end"
        )
        if last is not None and first_label() == last:
            # the choice just made, offered again while it stands (a pick others are still making): a newcomer
            # waits for the game to move on rather than pressing it again; the same offer still there after
            # a while is a new question (the next round's same choice)
            with contextlib.suppress(TimeoutError):
                await emu.wait_until(lambda last=last: over() or first_label() not in (last, None), timeout=STANDS,
                                     description="the others' choices")
        if over():
            return
        message, button = move_buttons(_places(emu, run))[0]
        last = button.label
        await emu.click(run.user, message, button)
        run.moves += 1
        pressed = button.custom_id  # its prompt version: the next choice carries another
        await emu.wait_until(
            lambda pressed=pressed: over() or all(b.custom_id != pressed for _, b in move_buttons(_places(emu, run))),
            description="the click taken",
        )
    raise AssertionError(f"the tutorial did not end in {limit} moves")


def closing(emu: DiscordEmulator, run: Run) -> Message | None:
    """The tutorial's last message in its thread (its "Play a real game" below the result), once posted."""
    for message in emu.channel_messages(run.thread):
        if not message.is_v2 and any((b.custom_id or "").startswith("k:pl:") for b in message.buttons()):
            return message
    return None


def _places(emu: DiscordEmulator, run: Run) -> list[Message]:
    return [*emu.channel_messages(run.thread), *emu.dm_messages(run.user)]


def pattern(template: str) -> re.Pattern[str]:
    """A catalogue text as a pattern: its ``{fields}`` match anything on one line, the rest literally."""
    pieces = re.split(r"\{[a-z_]+\}", template)
    return re.compile("[^\n]*?".join(re.escape(p) for p in pieces))


def told(run: Run, key: str, locale: str) -> bool:
    """Whether the step line ``key`` (in ``locale``), or its variant about the newcomer's own act, was read."""
    keys = [key, *([f"{key}.you"] if f"{key}.you" in i18n.catalogue(locale) else [])]
    rxs = [pattern(i18n.translate(locale, k)) for k in keys]
    return any(rx.search(text) for rx in rxs for text in run.texts)


def explained(run: Run, script: Any, locale: str) -> tuple[set[str], set[str]]:
    """(the steps told, the first-page statements they explained), a step's recap counting as told."""
    steps, statements = set(), set()
    for step in script.STEPS:
        if told(run, step.key, locale) or (step.recap and told(run, step.recap, locale)):
            steps.add(step.key)
            statements |= set(step.explains)
    return steps, statements


async def both_languages(emu: DiscordEmulator, world: Any, game: str) -> dict[str, Run]:
    """An English (alice) and a Japanese (hana) newcomer complete ``/<game> learn`` at once, in their own threads.

    Checks for each: every step of the tutorial was told in their language (a step's recap counts),
    and so every statement of the first rules page was explained.
    """
    hana = emu.create_user("hana", locale="ja")
    emu.add_member(world.guild, hana)
    script = tutorial.load(game)
    runs = {"en": await start(emu, world.alice, world.chan, game), "ja": await start(emu, hana, world.chan, game)}
    await asyncio.gather(*(play(emu, run) for run in runs.values()))
    for locale, run in runs.items():
        read_all(emu, run)
        steps, statements = explained(run, script, locale)
        assert steps == {s.key for s in script.STEPS}, (locale, {s.key for s in script.STEPS} - steps)
        assert statements == set(script.STATEMENTS), (locale, set(script.STATEMENTS) - statements)
    return runs


def assert_nothing_kept(data_dir: Path) -> None:
    """A tutorial leaves no result, stats row or rating change: a recompute rates none, stats count none."""
    for table in ("results", "participants", "rating_changes"):
        assert db_rows(data_dir, f"SELECT COUNT(*) FROM {table}")[0][0] == 0, table
