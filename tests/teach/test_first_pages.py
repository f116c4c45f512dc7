"""Every statement of each game's first rules page holds in the engine.

Each game lists the statements of its first page (``FIRST_PAGE``, catalogue
keys, in order).  The game's own test folder gives each one an engine check
(``tests/<game>/first_page_checks.py``: ``CHECKS``, and the ``FIRST_PAGE`` it
follows): a small position played through the game's own rules that shows the
statement true (a flip nobody declares on: the flipper gets the card).  The games
are the registry's (:func:`tests.gamekit.ids`); a game without checks, a statement
without a check, or a check of a statement the page no longer makes, fails
(:func:`test_every_statement_has_an_engine_check`), so the page cannot grow a
sentence nobody has checked.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import i18n
from bot.core.games import get
from tests import gamekit


def _checks(game: str) -> ModuleType:
    """``tests/<game>/first_page_checks.py``: the game's ``FIRST_PAGE`` and the ``CHECKS`` of its statements."""
    return importlib.import_module(f"tests.{game}.first_page_checks")


def _every_check() -> list[tuple[str, str]]:
    out = []
    for game in gamekit.ids():
        try:
            out += [(game, key) for key in _checks(game).CHECKS]
        except ModuleNotFoundError:
            continue  # test_every_statement_has_an_engine_check says which game has none
    return out


@pytest.mark.parametrize("game", gamekit.ids())
def test_every_statement_has_an_engine_check(game: str) -> None:
    module = _checks(game)  # a game without tests/<game>/first_page_checks.py fails here
    assert list(module.CHECKS) == list(module.FIRST_PAGE), "a statement without an engine check, or vice versa"


def _texts(catalogue: dict[str, str], key: str) -> list[str]:
    """The statement's words: its own entry and its variants (``<key>.<value>``: the one in force is on the page)."""
    return [text for k, text in catalogue.items() if k == key or k.startswith(key + ".")]


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", gamekit.ids())
def test_the_first_page_is_its_statements(game: str, locale: str) -> None:
    """What /game rules shows first is made of exactly these statements, in order."""
    spec = get(game)
    options = spec.resolve_options(None)
    first, _ = spec.render.rules_text(i18n.translator(locale), options)
    catalogue = i18n.catalogue(locale)
    at = -1
    for key in _checks(game).FIRST_PAGE:
        heads = [text.split("{", 1)[0][:40] for text in _texts(catalogue, key)]
        shown = [first.index(head) for head in heads if head and head in first]
        assert shown, (key, heads)
        assert min(shown) > at, f"{key} out of order"
        at = min(shown)


@pytest.mark.parametrize("key", _every_check(), ids=lambda gk: gk[1])
def test_statement_holds_in_the_engine(key: tuple[str, str]) -> None:
    game, statement = key
    _checks(game).CHECKS[statement]()
