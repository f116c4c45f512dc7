"""The translation layer: both languages say the same things, within Discord's limits."""

from __future__ import annotations

import string

import pytest

from bot import i18n
from bot.core import games
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


def test_counted_texts_say_one_and_many_in_english_and_the_same_in_japanese() -> None:
    import bot.pictures  # noqa: F401  (registers the pictures' catalogue)

    en, ja = i18n.translator("en"), i18n.translator("ja")
    assert [i18n.counted(en, "pictures.points", n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [i18n.counted(ja, "pictures.points", n) for n in (1, 2)] == ["1点", "2点"]
    assert i18n.counted(en, "lobby.confirm_ai", 1, count=1) != i18n.counted(en, "lobby.confirm_ai", 2, count=2)


def test_every_counted_text_has_both_forms() -> None:
    """A key with a ``.one`` form has its ``.other`` (:func:`bot.i18n.counted` asks for one of the two)."""
    import bot.pictures  # noqa: F401  (registers the pictures' catalogue)

    games.available()  # the games' catalogues are registered as each game loads
    for locale in i18n.SUPPORTED:
        keys = set(i18n.catalogue(locale))
        for key in keys:
            stem, _, form = key.rpartition(".")
            if form in ("one", "other"):
                assert {f"{stem}.one", f"{stem}.other"} <= keys, key
