"""/game help through the real bot: commands are clickable mentions with the ids Discord gave at sync."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.helpers import bot, make_world
from tests.emulator.fixtures import emulator  # noqa: F401


async def test_help_names_commands_as_mentions_with_the_synced_ids(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        synced = await emulator.wait_for_commands()
        ids = {c["name"]: c["id"] for scope in synced.values() for c in scope}
        for locale in ("en", "ja"):
            res = await emulator.slash(world.alice, world.chan, "game help", locale=locale)
            text = (await res.wait_reply()).embeds[0]["description"]
            assert f"</game rules:{ids['game']}>" in text and f"</portas new:{ids['portas']}>" in text
            assert f"</game reset:{ids['game']}>" in text
            mentioned = re.findall(r"</([a-z-]+)(?: [a-z-]+)*:(\d+)>", text)
            assert len(mentioned) >= 10 and all(ids[name] == cid for name, cid in mentioned)
            assert "**</" not in text  # a mention is not wrapped in bold
        ja = re.sub(r"</[^>]+>", "", text)
        assert "ゲームを始めるには" in ja and "/game" not in ja  # the Japanese text around the mentions
