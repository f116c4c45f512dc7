"""Server settings rows on every backend: rows an earlier version wrote still load, and a change is stored as before.

The typed declaration (:class:`bot.core.settings.ServerSettings`) reads and
writes the same JSON object per server as the hand-written settings did, so
no migration was needed; these tests hold that on SQLite and PostgreSQL.
"""

from __future__ import annotations

from typing import Any

from bot.core import games
from bot.core import settings as server_settings
from bot.core.settings import ServerSettings, change

OLD_ROW = {
    "language": "ja",
    "moderator_role": 412_345_678_901_234_567,
    "turn_timeout": 90,
    "posts": "results",
    "ai_levels": ["easy"],
    "pace": "correspondence",
    "afk_limit_slow": 8,
    "rate_ai_games": False,
    "hints": "always",
    "rules": {"portas": {"overshoot": "allowed"}},
}


async def test_a_row_an_earlier_version_wrote_loads_typed(backend: Any) -> None:
    store = await backend.open()
    await store.set_guild_settings(7, OLD_ROW)
    await store.close()
    store = await backend.open()  # a restart
    assert await server_settings.load(store, 7) == ServerSettings(
        "ja", 412_345_678_901_234_567, 90, ("easy",), "results", "correspondence", 8, False, "always"
    )
    assert server_settings.rules_for(await store.guild_settings(7), games.get("portas")) == {"overshoot": "allowed"}
    assert await store.moderator_roles() == {7: 412_345_678_901_234_567}, "the start-up read of the roles"
    assert (await store.all_guild_settings())[7] == OLD_ROW


async def test_a_change_is_stored_in_the_same_form(backend: Any) -> None:
    store = await backend.open()
    await server_settings.update(store, 7, lambda d: change(d, "moderator_role", 55))
    await server_settings.update(store, 7, lambda d: change(d, "ai_levels", ("easy", "strong")))
    await server_settings.update(store, 7, lambda d: change(d, "turn_timeout", 3600))
    assert await store.guild_settings(7) == dict(moderator_role=55, ai_levels=["easy", "strong"], turn_timeout=3600)
    assert await store.moderator_roles() == {7: 55}
    await server_settings.update(store, 7, lambda d: change(d, "moderator_role", None))
    assert await store.moderator_roles() == {}, "a role cleared is no key, so the start-up read skips it"
