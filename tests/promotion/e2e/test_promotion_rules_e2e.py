"""/game rules through the real bot: a short first page, and the readings behind a button."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import bot, make_world, preset_rules
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_rules_teach_on_one_page_and_the_button_shows_our_readings(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "promotion", {"orient_each_round": False, "max_rounds": 37})
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, world.chan, "game rules", options={"game": "promotion"})
        page = await res.wait_reply()
        assert res.ephemeral and len(page.embeds) == 1
        first = page.embeds[0]["description"]
        assert len(first) <= 1500 and "SPIN90°" in first
        assert "Before round 1 only" in first and "After 37 rounds" in first  # this server's options
        assert "Postcard:" not in first  # the readings wait behind the button
        more = await emulator.click(world.alice, page, page.button("Readings and options"))
        readings = await more.wait_reply()
        assert readings.ephemeral
        text = readings.embeds[0]["description"]
        assert "Round limit: 37" in text and "Orientation once" in text and "reconstruction" in text
        ja = await emulator.slash(world.alice, world.chan, "game rules", options={"game": "promotion"}, locale="ja")
        ja_page = await ja.wait_reply()
        assert "第1ラウンドの前にだけ" in ja_page.embeds[0]["description"] and ja_page.button("解釈と設定")
