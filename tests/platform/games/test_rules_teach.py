"""``/game rules`` teaches in a minute: a short first page that follows the options in force.

For every game, language and option value: the first page (goal, set-up, a
turn, the end) is at most 1,500 characters and the second (details and
readings) fits an embed; every option changes what a player reads; our
readings are marked as ours on the first page; and the errors the issue saw
stay fixed (Promotion's orientation and reveal, GETGEM's Barrier prompt,
Eminit's "top score" in the Japanese rulebook part: each in its game's
``tests/<game>/test_rules_page.py``; a docs link to a command that does not exist).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import i18n
from bot.core.games import get
from bot.engine import JSON, RuleOption
from tests import gamekit

GAMES = gamekit.ids()
LOCALES = ("en", "ja")
OURS = {"en": "(our reading)", "ja": "（Kadoの解釈）"}
DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"



def _values(opt: RuleOption) -> list[JSON]:
    if opt.choices:
        return list(opt.choices)
    assert opt.bounds is not None, opt.name
    return [opt.default, *opt.bounds]


def pages(game: str, locale: str, chosen: dict[str, JSON]) -> tuple[str, str]:
    """The two pages of ``/game rules`` for ``game`` in ``locale`` with ``chosen`` options (games' tests use it)."""
    spec = get(game)
    return spec.render.rules_text(i18n.translator(locale), spec.resolve_options(chosen))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_the_first_page_is_short_and_the_second_fits_for_every_option_value(game: str, locale: str) -> None:
    for opt in get(game).options:
        for value in _values(opt):
            first, rest = pages(game, locale, {**gamekit.expectations(game).option_context, opt.name: value})
            assert 0 < len(first) <= 1500, (opt.name, value, len(first))
            assert 0 < len(rest) <= 4000, (opt.name, value, len(rest))
            assert first.startswith(i18n.translate(locale, f"{game}.rules"))  # the goal comes first
            assert OURS[locale] in first  # each game has readings of ours on its first page, marked


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_every_option_changes_what_the_rules_say(game: str, locale: str) -> None:
    base = gamekit.expectations(game).option_context
    default = pages(game, locale, base)
    for opt in get(game).options:
        for value in _values(opt):
            if value == base.get(opt.name, opt.default):
                continue
            assert pages(game, locale, {**base, opt.name: value}) != default, (opt.name, value)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_the_first_page_follows_each_teaching_option(game: str, locale: str) -> None:
    """The options a new player meets on the first page (the game's ``TEACHING_OPTIONS``): each value has its
    own sentence there."""
    options = {o.name: o for o in get(game).options}
    for name in gamekit.expectations(game).teaching_options:
        firsts = {pages(game, locale, {name: v})[0] for v in _values(options[name])}
        assert len(firsts) == len(set(_values(options[name]))), (game, name)


def test_docs_name_commands_that_exist() -> None:
    for page in DOCS.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        for game in GAMES:
            assert f"/{game} rules" not in text, page.name  # the rules are `/game rules`
