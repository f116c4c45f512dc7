"""``/game history``'s answer names whose games it lists: an empty one never reads as the asker's own record."""

from __future__ import annotations

from bot import i18n
from bot.frontend.server_commands.records import history_embed


def test_an_empty_channel_history_says_it_is_the_channels() -> None:
    embed = history_embed([], i18n.translator("en"), None)
    assert embed.description == "No finished games in this channel yet."
    ja = history_embed([], i18n.translator("ja"), None)
    assert ja.description == "このチャンネルで終わったゲームはまだありません。"


def test_an_empty_players_history_names_the_player() -> None:
    embed = history_embed([], i18n.translator("en"), "carol")
    assert embed.title == "Last games of carol"
    assert embed.description == "carol has no finished games on this server yet."
