"""Server settings: values checked by the engines, stored per guild, used by the next game, kept across restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import i18n
from bot.core import ai, games
from bot.core import settings as server_settings
from bot.core.sessions import SessionError
from bot.core.store import Store
from bot.frontend.ui import payloads
from tests.server.helpers import EN, manager, player

PORTAS = games.get("portas")


def test_values_are_read_as_the_option_type() -> None:
    opts = {o.name: o for spec in map(games.get, games.available()) for o in spec.options}
    assert server_settings.parse_value(opts["overshoot"], "Allowed") == "allowed"
    if "match_play" in opts:
        assert server_settings.parse_value(opts["match_play"], "true") is True
        assert server_settings.parse_value(opts["match_play"], "off") is False
        assert server_settings.parse_value(opts["max_turns"], "150") == 150
        with pytest.raises(server_settings.SettingError) as info:
            server_settings.parse_value(opts["max_turns"], "lots")
        assert info.value.code == "bad_value"
    for opt in opts.values():  # every value the settings show can be typed back
        for value in opt.choices or (opt.default,):
            assert server_settings.parse_value(opt, server_settings.format_value(value)) == value


def test_set_rule_validates_with_the_engine_and_stores_only_changes() -> None:
    data, value = server_settings.set_rule({}, PORTAS, "overshoot", "allowed")
    assert value == "allowed" and data == {"rules": {"portas": {"overshoot": "allowed"}}}
    with pytest.raises(server_settings.SettingError) as info:
        server_settings.set_rule(data, PORTAS, "overshoot", "sometimes")
    assert info.value.code == "invalid" and "illegal" in info.value.args_["choices"]
    with pytest.raises(server_settings.SettingError) as info:
        server_settings.set_rule(data, PORTAS, "no_such_option", "x")
    assert info.value.code == "unknown_option"
    back, _ = server_settings.set_rule(data, PORTAS, "overshoot", "illegal")  # the default: the change goes away
    assert back == {"rules": {}}
    assert data == {"rules": {"portas": {"overshoot": "allowed"}}}  # inputs are never mutated


@pytest.mark.skipif("getgem" not in games.available(), reason="GETGEM not present")
def test_a_combination_that_cannot_deal_is_refused() -> None:
    spec = games.get("getgem")
    data: dict = {}
    with pytest.raises(server_settings.SettingError) as info:
        for opt in spec.options:
            if opt.name.startswith("count_"):
                data, _ = server_settings.set_rule(data, spec, opt.name, "0")
    assert info.value.code == "unplayable"
    assert server_settings.rules_for(data, spec)  # what was accepted before stays


def test_stale_stored_options_are_skipped_not_fatal() -> None:
    data = {"rules": {"portas": {"overshoot": "allowed", "gone_option": 1, "tiebreak": "coin"}}}
    assert server_settings.rules_for(data, PORTAS) == {"overshoot": "allowed"}


def test_language_timer_and_ai_levels() -> None:
    data = server_settings.change({}, "language", "ja")
    assert server_settings.post_locale(data, "en-US") == "ja"
    assert server_settings.post_locale(server_settings.change(data, "language", "auto"), "en-US") == "en"
    with pytest.raises(server_settings.SettingError):
        server_settings.change({}, "language", "fr")
    assert server_settings.read(server_settings.change({}, "turn_timeout", 90)).turn_timeout == 90
    assert server_settings.read(server_settings.change({"turn_timeout": 90}, "turn_timeout", None)).turn_timeout is None
    with pytest.raises(server_settings.SettingError):
        server_settings.change({}, "turn_timeout", 1)
    assert server_settings.allowed_ai_levels({}) == list(ai.LEVELS)
    only_easy = {}
    for level in ai.LEVELS:
        if level != "easy":
            only_easy = server_settings.set_ai_level(only_easy, level, False)
    assert server_settings.allowed_ai_levels(only_easy) == ["easy"]
    assert server_settings.fill_level(only_easy) == "easy"
    none = server_settings.set_ai_level(only_easy, "easy", False)
    assert server_settings.allowed_ai_levels(none) == [] and server_settings.fill_level(none) is None
    again = none
    for level in ai.LEVELS:
        again = server_settings.set_ai_level(again, level, True)
    assert "ai_levels" not in again  # all allowed = the default, so levels added later are allowed too


async def test_settings_persist_across_restart_and_change_the_next_game(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    store = await Store.open(path)
    await server_settings.update(store, 1, lambda d: server_settings.set_rule(d, PORTAS, "overshoot", "allowed")[0])
    await server_settings.update(store, 1, lambda d: server_settings.change(d, "moderator_role", 777))
    await server_settings.update(store, 1, lambda d: server_settings.change(d, "turn_timeout", 45))
    await store.close()

    m, _ = await manager(path)  # a restart: a new process opens the same file
    data = await m.store.guild_settings(1)
    assert server_settings.read(data).turn_timeout == 45
    assert await m.store.moderator_roles() == {1: 777}
    options = server_settings.rules_for(data, PORTAS)
    record = await m.new_lobby("portas", guild_id=1, channel_id=60, host=player(1), locale="en", options=options)
    assert record.options["overshoot"] == "allowed"
    def options_text(tr: i18n.Tr) -> str:  # the lobby card's "changed rules" block, below its heading
        texts = [c.content for c in payloads.lobby(record, PORTAS, tr)["view"].walk_children() if hasattr(c, "content")]
        (block,) = [t for t in texts if tr("lobby.options") in t]
        return block.split("\n", 1)[1]

    label, value = EN("portas.option.overshoot"), EN("portas.option.overshoot.allowed")
    assert options_text(EN) == f"• {label}: {value}"  # in words, not `overshoot` = `'allowed'`
    ja = i18n.translator("ja")
    ja_label, ja_value = ja("portas.option.overshoot"), ja("portas.option.overshoot.allowed")
    assert options_text(ja) == f"• {ja_label}：{ja_value}"  # a full-width colon
    await m.join(record.id, player(2))
    await m.start(record.id, player(1))
    assert record.state is not None and record.state["options"]["overshoot"] == "allowed"

    # another server is untouched, and a running game keeps its rules when the server changes them
    other = await m.new_lobby(
        "portas",
        guild_id=2,
        channel_id=61,
        host=player(3),
        locale="en",
        options=server_settings.rules_for(await m.store.guild_settings(2), PORTAS),
    )
    assert other.options["overshoot"] == "illegal"
    await server_settings.update(m.store, 1, lambda d: server_settings.set_rule(d, PORTAS, "overshoot", "illegal")[0])
    assert record.state["options"]["overshoot"] == "allowed"
    await m.close()
    await m.store.close()


async def test_start_fills_seats_with_the_allowed_level_or_refuses(tmp_path: Path) -> None:
    m, _ = await manager(tmp_path / "k.sqlite3")
    record = await m.new_lobby("portas", guild_id=1, channel_id=62, host=player(1), locale="en")
    with pytest.raises(SessionError) as info:
        await m.start(record.id, player(1), fill_level=None)
    assert info.value.code == "need_players" and record.status == "lobby"
    await m.start(record.id, player(1), fill_level="easy")
    assert record.seats[1].ai_level == "easy"
    await m.close()
    await m.store.close()


def test_out_of_range_numbers_name_the_range_in_the_readers_language() -> None:
    spec = games.get("eminit")
    opt = server_settings.option_named(spec, "max_turns")
    with pytest.raises(server_settings.SettingError) as info:
        server_settings.set_rule({}, spec, "max_turns", "0")
    assert info.value.code == "out_of_range" and (info.value.args_["low"], info.value.args_["high"]) == opt.bounds
    ja = i18n.translator("ja")
    message = ja("error.setting.out_of_range", **info.value.args_)
    assert "1〜5000" in message and "int" not in server_settings.allowed_text(spec, opt, ja)
    assert server_settings.allowed_text(spec, opt, ja) == "1〜5000"


def test_refusals_carry_no_english_engine_text() -> None:
    """The engines' messages are English; a Japanese refusal must not quote them."""
    for key in ("error.setting.unplayable", "error.bad_option"):
        text = i18n.translate("ja", key, option="x", detail="rule option 'x' must be int")
        assert "must be" not in text


async def test_posts_every_moment_by_default_or_the_result_only() -> None:
    assert server_settings.read({}).posts == "moments"
    quiet = server_settings.change({}, "posts", "results")
    assert quiet == {"posts": "results"} and server_settings.read(quiet).posts == "results"
    assert server_settings.change(quiet, "posts", "moments") == {}, "the default is stored as no key"
    with pytest.raises(server_settings.SettingError):
        server_settings.change({}, "posts", "everything")

    class Settings:
        def __init__(self, data: dict | None) -> None:
            self.data = data

        async def guild_settings(self, guild_id: int) -> dict:
            if self.data is None:
                raise RuntimeError("database is locked")
            return self.data

    assert await server_settings.moments_posted(Settings({}), 1)
    assert not await server_settings.moments_posted(Settings(quiet), 1)
    assert await server_settings.moments_posted(Settings(None), 1), "a failed read posts the moment"
    assert await server_settings.moments_posted(Settings(None), None), "no server: nothing to read"
