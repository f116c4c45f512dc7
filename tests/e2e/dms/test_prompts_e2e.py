"""Act from where you are: a prompt shows what the decision is about where the buttons are.

Eminit's declare prompt, read in each player's own DM: the flipped card, who flipped it, and every seat's
state so far (deciding, a face-down card, done), kept current while the window is open.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot import i18n
from cogs.eminit import cards
from cogs.eminit.strings import STRINGS
from tests.e2e.dmplay import act_once, dm_controls
from tests.e2e.helpers import act_buttons, bot, is_over, make_world, open_lobby, preset_rules, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message, User

i18n.register(STRINGS)
EN = i18n.translator("en")
CARD_NAMES = {EN(f"eminit.card.{kind}") for kind, _ in cards.CATALOGUE}
FLIP = re.compile(r"^[①-⑤] (.+?) flipped #(\d+)(?: \(False Info\))?: \*\*(.+)\*\*$", re.M)
SEAT = re.compile(r"^([①-⑤]) (.+?): (deciding…|🂠 face-down card|done)$", re.M)
PROMPTS = 12  # declare prompts checked: enough to see declarations made and passed by others


def dm_text(message: Message) -> str:
    return "\n".join(message.text_displays())


def declare_prompt(message: Message | None) -> bool:
    return message is not None and any(b.label.startswith("Declare") for b in act_buttons(message))


def check_prompt(text: str, seats: int) -> str:
    """The DM names the flipped card, its flipper, a state for every seat and the time left; returns the flip line."""
    flip = FLIP.search(text)
    assert flip is not None, f"the declare prompt does not name the flipped card:\n{text}"
    assert flip.group(3) in CARD_NAMES, text
    states = {m.group(2): m.group(3) for m in SEAT.finditer(text)}
    assert len(states) == seats, f"the declare prompt does not show every seat's declaration so far:\n{text}"
    assert re.search(r"<t:\d+:R>", text), f"the declare prompt does not show the time left:\n{text}"
    return flip.group(0)


async def test_every_eminit_declare_prompt_names_the_flipped_card_and_the_declarations(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "eminit", {"quota_extra": 1, "declare_timeout_s": 120})
    people: dict[str, User] = {"alice": world.alice, "bob": world.bob}
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "eminit", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text())
        await press_start(emulator, world.alice, board)  # one AI fills the third seat
        rng = random.Random(3)
        checked = 0
        for _ in range(600):
            if checked >= PROMPTS or is_over(board):
                break
            await emulator.wait_until(lambda: waiting_for(board) or is_over(board), timeout=30)
            seen = board.edits  # the board read here: a change after it (another's move) is a reason to look again
            names = [n for n in waiting_for(board) if n in people]
            if not names:
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30)
                continue
            name = rng.choice(names)
            message = dm_controls(world, people[name])
            if declare_prompt(message):
                assert message is not None
                flip = check_prompt(dm_text(message), 3)
                checked += 1
                # another human's face-down card is in this DM too, once that DM has been brought up to date
                for other, user in people.items():
                    theirs = dm_text(world.emu.dm_messages(user)[-1])
                    mine = re.search(r"\*\*Your declaration\*\*: (.+)", theirs)
                    if other != name and flip in theirs and mine and mine.group(1) != "nothing":
                        await emulator.wait_until(
                            lambda u=people[name], o=other, f=flip: f"{o}: 🂠 face-down card" in dm_text(
                                world.emu.dm_messages(u)[-1]) or f not in dm_text(world.emu.dm_messages(u)[-1]),
                            timeout=15, description=f"{other}'s face-down card in {name}'s DM",
                        )
            if not await act_once(world, people[name], board, rng):
                await emulator.wait_until(
                    lambda e=seen, n=name: board.edits > e or dm_controls(world, people[n]) is not None,
                    timeout=30, description=f"{name}'s controls",
                )
        assert checked >= PROMPTS or is_over(board), f"only {checked} declare prompts seen"
        assert checked, "no declare prompt was seen: the test proved nothing"
