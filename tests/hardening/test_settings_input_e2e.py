"""Bad input to /game settings gets a short refusal, nothing else.

Discord's clients offer only the commands' choices, but any client may send
any string: a value outside the choices answered "Something went wrong" with
a traceback in the log, and a 3,000-character value got no answer at all (the
refusal echoed it whole, and Discord refused the message).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.helpers import bot, make_world
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401

LONG = "x" * 3000

CASES = [
    ("game settings rule", {"game": "portas", "option": "overshoot", "value": LONG}),
    ("game settings rule", {"game": "portas", "option": LONG, "value": "allowed"}),
    ("game settings rule", {"game": "portas", "option": "no_such_option", "value": "1"}),
    ("game settings rule", {"game": "nosuchgame", "option": "overshoot", "value": "allowed"}),
    ("game settings language", {"language": "klingon"}),
    ("game settings language", {"language": LONG}),
    ("game settings posts", {"posts": "everything"}),
    ("game settings ai", {"level": "godlike", "allowed": True}),
    ("game settings show", {"game": LONG}),
]


@pytest.mark.parametrize(("command", "options"), CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)])
async def test_a_value_outside_the_choices_or_over_long_is_refused_in_one_short_line(
    emulator, tmp_path: Path, command: str, options: dict[str, object]  # noqa: F811
) -> None:
    world = make_world(emulator)
    emulator.send_any_choice = True
    boss = emulator.create_user("boss")
    emulator.add_member(world.guild, boss, permissions=Perm.MANAGE_GUILD)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(boss, world.chan, command, options)
        text = res.text()
        assert res.ephemeral, text
        assert text and len(text) <= 300 and "\n" not in text.strip(), text
        assert "went wrong" not in text, text
        assert LONG not in text
        log = proc.log_text()
        assert "Traceback" not in log and "ERROR" not in log, log[-2000:]
        assert not emulator.violations, emulator.violations
