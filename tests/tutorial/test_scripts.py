"""Every game's tutorial script: its declared statements are its first rules page, and its steps explain them.

The first rules page is rendered as ``/game rules`` shows it with the default rules; once every declared
statement's text is taken out of it, only the page's connective words may be left (a statement
missing from the list fails here).  Then the script is played as the end-to-end newcomer plays it
(the first choice each time, the AI seeded as the bot seeds it), from the learner's view alone:
every step must be met at its moment, but the few the script names as ``RECAPPED`` (said at the
end), and so every statement explained.
"""

from __future__ import annotations

import importlib
import re

import pytest

from bot import i18n
from bot.core import ai, games, tutorial
from bot.core.tutorial.steps import due, explained
from bot.gameui import Moment
from tests.platform.i18n import test_ja_style as style
from tests.tutorial.newcomer import pattern

GAMES = [g for g in games.available() if importlib.util.find_spec(f"cogs.{g}.tutorial") is not None]


def _first_page(game: str, locale: str, options: dict) -> str:
    """What ``/game rules <game>`` shows first (``rules_text``, as bot.frontend.inbound.rules_pages reads it)."""
    return games.get(game).render.rules_text(i18n.translator(locale), options)[0]


def test_every_game_has_a_tutorial() -> None:
    assert games.available() == GAMES


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_declared_statements_are_the_whole_first_rules_page(game: str, locale: str) -> None:
    script = tutorial.load(game)
    spec = games.get(game)
    page = _first_page(game, locale, spec.resolve_options({}))  # as /game rules shows it with the defaults
    for key in dict.fromkeys(st.split("#")[0] for st in script.STATEMENTS):  # "key#part": one rule of a paragraph
        text = i18n.translate(locale, key)
        found = pattern(text).search(page)  # its {fields} filled with the values in force
        assert found is not None, (key, text)
        page = page[: found.start()] + page[found.end():]
    rest = re.sub(r"[\s*.。]", "", page)
    for key in getattr(script, "CONNECTIVES", ()):
        rest = rest.replace(re.sub(r"[\s*.。]", "", i18n.translate(locale, key)), "")
    assert rest == "", rest


@pytest.mark.parametrize("game", GAMES)
def test_the_statements_come_from_the_games_first_page(game: str) -> None:
    """One declaration of the first page: the script splits the game's ``FIRST_PAGE``, it lists none of its own."""
    script = tutorial.load(game)
    parts = getattr(script, "PARTS", {})
    assert set(parts) <= set(script.FIRST_PAGE), "a part of a statement the first page no longer makes"
    expected = tuple(part for key in script.FIRST_PAGE for part in parts.get(key, (key,)))
    assert expected == script.STATEMENTS


def _play(game: str) -> set[str]:
    """The tutorial as the scripted newcomer plays it; the statements its lines explained."""
    script = tutorial.load(game)
    spec = games.get(game)
    rules = spec.rules
    state = script.deal(spec.resolve_options(script.OPTIONS))
    fired: set[str] = set()
    seat = script.LEARNER
    version = 0

    def moment(state, events) -> Moment:
        over = rules.result(state) is not None
        seen = tuple(e for e in events if e.to is None or seat in e.to)
        return Moment(rules.view(state, seat), seen, seat, not over and seat in rules.to_act(state), over)

    limit = getattr(script, "PER_CHANGE", None)
    due(script.STEPS, fired, moment(state, []), limit)
    for _ in range(2000):
        if rules.result(state) is not None:
            break
        mover = next(s for s in rules.to_act(state) if s == seat) if seat in rules.to_act(state) else \
            rules.to_act(state)[0]
        legal = rules.legal(state, mover)
        action = legal[0] if mover == seat else ai.choose(
            spec, state, mover, script.AI_LEVEL, script.SEED ^ (version * 7919 + mover))
        transition = rules.apply(state, mover, action)
        state, version = transition.state, version + 1
        now = moment(state, transition.events)
        if now.over:  # what the end itself meets, apart from the recaps said with it
            live = fired | {step.key for step in script.STEPS if step.when(now)}
        due(script.STEPS, fired, now, limit)
    assert rules.result(state) is not None
    # the plain play meets every step at its moment, but the few the script says are only recapped
    assert {step.key for step in script.STEPS} - live == set(getattr(script, "RECAPPED", ()))
    return explained(script.STEPS, fired)


@pytest.mark.parametrize("game", GAMES)
def test_the_scripted_play_explains_every_statement(game: str) -> None:
    assert _play(game) == set(tutorial.load(game).STATEMENTS)


def test_tutorial_texts_follow_the_japanese_house_style() -> None:
    for game in GAMES:
        tutorial.load(game)
    style.test_ja_texts_use_full_width_punctuation()
    style.test_ja_texts_are_translated()
    style.test_ja_catalogue_follows_the_issue_38_rules()
