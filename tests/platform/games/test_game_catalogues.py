"""Every game's catalogue holds the keys the platform reads (:func:`bot.core.games.catalogue_keys`), in both languages.

A missing key shows raw: Eminit's option values were kept under other keys,
so the lobby and ``/game settings`` showed ``live``, ``whole_hand``, ``host``.
"""

from __future__ import annotations

import ast
import re

import pytest

from bot import gamefacts, i18n
from bot.core import games
from bot.core.settings import value_label
from tests import gamekit

KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("game", gamekit.ids())
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_catalogue_holds_every_key_the_platform_reads(game: str, locale: str) -> None:
    spec = games.get(game)
    missing = [key for key in games.catalogue_keys(spec) if not i18n.has(key, locale)]
    assert missing == [], missing


@pytest.mark.parametrize("game", gamekit.ids())
def test_every_option_value_is_shown_in_words_in_both_languages(game: str) -> None:
    """A server choosing among values reads words, not the identifiers it would type (Japanese in Japanese)."""
    spec = games.get(game)
    raw = []
    for opt in spec.options:
        for value in opt.choices or ():
            if not isinstance(value, str):
                continue
            en = value_label(spec, opt, value, i18n.translator("en"))
            ja = value_label(spec, opt, value, i18n.translator("ja"))
            if (en == value and "_" in value) or ja == value or not KANA_OR_KANJI.search(ja):
                raw.append((opt.name, value, en, ja))
    assert raw == []


def test_the_declared_keys_name_each_option_value() -> None:
    """Control: the declaration covers a string choice's values (and only those)."""
    spec = games.get(gamekit.ids()[0])
    keys = games.catalogue_keys(spec)
    for opt in spec.options:
        assert f"{spec.id}.option.{opt.name}" in keys
        for value in opt.choices or ():
            assert (f"{spec.id}.option.{opt.name}.{value}" in keys) == isinstance(value, str)


def raised_codes(game: str) -> set[str]:
    """The refusal codes a game's modules raise (``RuleError("code", …)``), each shown as ``<game>.error.<code>``."""
    home = gamefacts.facts_of(game).home
    assert home is not None
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in home.rglob("*.py")]
    raisers = {"RuleError"}  # and the game's own error classes, which take a code first (PORTAS's PortasError)
    for tree in trees:
        for node in ast.walk(tree):
            bases = {getattr(b, "id", None) for b in getattr(node, "bases", ())}
            if isinstance(node, ast.ClassDef) and bases & {"RuleError", "IllegalAction"}:
                raisers.add(node.name)
    codes = set()
    for tree in trees:
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in raisers and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                codes.add(node.args[0].value)
    return codes


@pytest.mark.parametrize("game", gamekit.ids())
def test_every_refusal_a_game_raises_is_said_in_both_languages(game: str) -> None:
    """A refusal without its key falls back to the platform's "not allowed by the rules", which says nothing of why."""
    missing = [
        f"{game}.error.{code} ({locale})"
        for code in sorted(raised_codes(game))
        for locale in ("en", "ja")
        if not i18n.has(f"{game}.error.{code}", locale)
    ]
    assert missing == []
