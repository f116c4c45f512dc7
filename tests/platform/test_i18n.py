"""The translation layer: both languages say the same things, within Discord's limits."""

from __future__ import annotations

import string

import pytest

from bot import games, i18n
from bot.i18n import core, server

CATALOGUES = {"core": core.STRINGS, "server": server.STRINGS}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_english_and_japanese_have_the_same_keys_and_fields(name: str) -> None:
    strings = CATALOGUES[name]
    assert set(strings["en"]) == set(strings["ja"])
    for key, text in strings["en"].items():
        assert _fields(text) == _fields(strings["ja"][key]), key


def test_command_names_and_descriptions_fit_discord() -> None:
    for strings in CATALOGUES.values():
        for locale in ("en", "ja"):
            for key, text in strings[locale].items():
                if not key.startswith("cmd."):
                    continue
                if key.endswith(".desc"):  # as the translator fills them: game names, command paths
                    shown = i18n.translate(locale, key, game=i18n.translate(locale, "eminit.name"))
                    assert 1 <= len(shown) <= 100 and "{" not in shown, (locale, key)
                else:
                    assert 1 <= len(text) <= 32 and text == text.lower() and " " not in text, (locale, key)


def test_every_game_registers_a_name_and_rules_in_both_languages() -> None:
    for game_id in games.available():
        for locale in ("en", "ja"):
            assert i18n.translate(locale, f"{game_id}.name") != f"{game_id}.name"
            assert i18n.translate(locale, f"{game_id}.rules") != f"{game_id}.rules"


def test_unknown_locales_fall_back_to_english_and_missing_keys_to_the_key() -> None:
    assert i18n.normalise("ja") == "ja" and i18n.normalise("en-GB") == "en" and i18n.normalise("fr") == "en"
    assert i18n.translate("fr", "lobby.join") == "Join"
    assert i18n.translate("ja", "lobby.join") == "参加"
    assert i18n.translate("ja", "no.such.key") == "no.such.key"
