"""``KadoBot.guild_setting`` reads a setting through its declaration, not the stored dict as it lies.

A lobby takes its turn timer from it: a value an older version or a hand-edited row left in the store (a
string, a float, zero) must reach the lobby as the declaration reads it, never raw.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.app import KadoBot
from tests.server.helpers import manager


async def _setting(tmp_path: Path, stored: dict[str, object], key: str, default: object = None) -> object:
    m, _ = await manager(tmp_path / "k.sqlite3")
    try:
        await m.store.set_guild_settings(1, stored)
        return await KadoBot.guild_setting(SimpleNamespace(store=m.store), 1, key, default)  # type: ignore[arg-type]
    finally:
        await m.close()
        await m.store.close()


async def test_a_stored_setting_is_read_as_declared(tmp_path: Path) -> None:
    assert await _setting(tmp_path, {"turn_timeout": 90}, "turn_timeout") == 90
    older = await _setting(tmp_path, {"turn_timeout": 90.0}, "turn_timeout")  # an older row's float
    assert older == 90 and type(older) is int
    assert await _setting(tmp_path, {"ai_levels": ["easy"]}, "ai_levels") == ("easy",)


@pytest.mark.parametrize("stored", ["ninety", 0, -5, True, [90]])
async def test_an_unreadable_value_is_the_default_not_the_raw_value(tmp_path: Path, stored: object) -> None:
    assert await _setting(tmp_path, {"turn_timeout": stored}, "turn_timeout", 120) == 120


async def test_outside_a_server_or_unset_it_is_the_default_and_an_unknown_key_raises(tmp_path: Path) -> None:
    assert await KadoBot.guild_setting(SimpleNamespace(), None, "turn_timeout", 7) == 7  # type: ignore[arg-type]
    assert await _setting(tmp_path, {}, "turn_timeout", 120) == 120
    assert await _setting(tmp_path, {}, "posts") == "moments"  # a declared default, not None
    with pytest.raises(KeyError):
        await _setting(tmp_path, {}, "turn_timeotu")
