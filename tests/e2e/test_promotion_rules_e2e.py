"""/game rules for Promotion through the real bot: the rulebook part and our readings, in two embeds."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_rules_show_the_rulebook_and_our_readings(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, world.chan, "game rules", options={"game": "promotion"})
        await res.wait()
        assert res.ephemeral
        embeds = res.embeds
        assert len(embeds) == 2
        assert "SPIN90°" in embeds[0]["description"] and "Round limit: 200" in embeds[1]["description"]
        assert "reconstruction" in embeds[1]["description"]
