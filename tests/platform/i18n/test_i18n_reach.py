"""What the review of the translation layer found: every text a Japanese player sees is Japanese.

Rule options need a label and a description in both languages, game command
groups name the game as the reader's catalogue does, the lobby lists changed
rules in words, and help texts name commands as the reader's client shows them.
"""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands

from bot import i18n
from bot.core import games
from bot.core import settings as server_settings
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.slash import gamecog
from bot.frontend.ui import payloads
from bot.frontend.ui.slash import CatalogueTranslator

LOCALES = ("en", "ja")
JA = i18n.translator("ja")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", games.available())
def test_every_option_has_a_label_and_a_description(game: str, locale: str) -> None:
    catalogue = i18n.catalogue(locale)
    missing = [
        key
        for opt in games.get(game).options
        for key in (f"{game}.option.{opt.name}", f"{game}.option.{opt.name}.doc")
        if key not in catalogue
    ]
    assert missing == []


def _group_description(game: str) -> app_commands.locale_str:
    return gamecog.cog_class(game).__cog_group_description__


@pytest.mark.parametrize("game", games.available())
async def test_group_descriptions_name_the_game_in_the_readers_language(game: str) -> None:
    desc = _group_description(game)
    assert i18n.translate("en", f"{game}.name") in desc.message
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.group_description, None)
    ja = await CatalogueTranslator().translate(desc, discord.Locale.japanese, context)
    assert ja is not None and i18n.translate("ja", f"{game}.name") in ja


def _lobby_with_every_option_changed(game: str) -> SessionRecord:
    spec = games.get(game)
    options = {}
    for opt in spec.options:
        others = [c for c in opt.choices or () if c != opt.default]
        if others:
            options[opt.name] = others[0]
        elif opt.bounds:
            options[opt.name] = opt.bounds[0]
    return SessionRecord(id=3, game=game, guild_id=1, channel_id=2, host_id=1, status="lobby", seed=1,
                         created_at=0, updated_at=0, options=options,
                         seats=[SeatRecord(seat=0, name="host", user_id=1)])  # fmt: skip


@pytest.mark.parametrize("game", games.available())
def test_a_japanese_lobby_lists_changed_rules_in_words(game: str) -> None:
    spec = games.get(game)
    view = payloads.lobby(_lobby_with_every_option_changed(game), spec, JA)["view"]
    texts = [c.content for c in view.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    (text,) = [t for t in texts if JA("lobby.options") in t]
    for opt in spec.options:
        assert not re.search(rf"\b{re.escape(opt.name)}\b", text), opt.name
    assert "'" not in text and "True" not in text and "False" not in text
    for value in ("true", "false", "illegal", "allowed", "seat0", "voluntary"):
        assert value not in text


def test_option_labels_are_not_identifiers() -> None:
    for game in games.available():
        spec = games.get(game)
        for opt in spec.options:
            assert server_settings.option_label(spec, opt.name, JA) != opt.name


JA_PATHS = {
    "game.reset": "/ゲーム リセット",
    "game.hand": "/ゲーム 手札",
    "game.settings.rule": "/ゲーム 設定 ルール変更",
    "game.history": "/ゲーム 履歴",
    "game.replay": "/ゲーム リプレイ",
    "game.forget": "/ゲーム データ削除",
    "portas.new": "/ポータス 新規",
    "getgem.new": "/ゲットジェム 新規",
    "eminit.new": "/エミニット 新規",
}


def test_command_paths_follow_the_readers_language() -> None:
    for path, ja in JA_PATHS.items():
        assert i18n.command_path("ja", path) == ja
    assert i18n.command_path("en", "game.forget") == "/game forget-me"
    assert i18n.command_path("en", "portas.new") == "/portas new"


@pytest.mark.parametrize(
    ("key", "paths"),
    [
        ("help.body", ["portas.new", "game.hand", "game.reset", "game.settings", "game.forget"]),
        ("error.channel_busy", ["game.reset"]),
        ("settings.footer", ["game.settings.rule"]),
        ("settings.game_footer", ["game.settings.rule"]),
        ("history.footer", ["game.replay"]),
        ("mydata.footer", ["game.forget"]),
        ("cmd.opt.id.desc", ["game.history"]),
    ],
)
def test_japanese_texts_name_commands_as_the_client_shows_them(key: str, paths: list[str]) -> None:
    games_line = games.help_lines(i18n.translator("ja"))  # help.body lists each game's own help line
    text = JA(key, game="ポータス", option=i18n.translate("ja", "cmd.opt.id"), games=games_line)
    assert "/game" not in text and " new" not in text
    for path in paths:
        assert i18n.command_path("ja", path) in text, path
    if key == "history.footer":
        assert i18n.translate("ja", "cmd.opt.id") + ":" in text
