"""The settings' declaration: every setting round-trips, refuses out of bounds in the same words, reads old rows.

The declaration (:class:`bot.core.settings.ServerSettings`) is the one place a
setting is written; these tests walk it, so a setting added there is checked
here without a line of test added for it.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot import i18n
from bot.core import ai, ratings
from bot.core import settings as server_settings
from bot.core.settings import SPECS, ServerSettings, SettingError, change, read
from bot.core.settings.schema import CHOICE, NUMBER, ROLE, SUBSET, SWITCH
from bot.core.slow import pace
from bot.core.store import Store

LANGUAGES = ("en", "ja")


def samples(name: str) -> list[Any]:
    """Values a manager may give setting ``name``, taken from its declaration (bounds, choices, subsets)."""
    spec = SPECS[name]
    if spec.kind == CHOICE:
        return list(spec.choices)
    if spec.kind == NUMBER:
        assert spec.bounds is not None
        low, high = spec.bounds
        return [low, (low + high) // 2, high]
    if spec.kind == SWITCH:
        return [True, False]
    if spec.kind == ROLE:
        return [412_345_678_901_234_567]
    assert spec.kind == SUBSET
    return [tuple(c) for r in range(len(spec.choices) + 1) for c in itertools.combinations(spec.choices, r)]


def test_the_declaration_is_the_typed_structure() -> None:
    assert list(SPECS) == [f.name for f in dataclasses.fields(ServerSettings)]
    assert {"pace", "afk_limit_slow", "hints", ratings.RATE_AI_GAMES} <= set(SPECS), "one declaration for all"
    with pytest.raises(dataclasses.FrozenInstanceError):
        read({}).posts = "results"  # type: ignore[misc]


def test_defaults() -> None:
    assert read({}) == read(None) == ServerSettings(
        language=None,
        moderator_role=None,
        turn_timeout=None,
        ai_levels=tuple(ai.LEVELS),
        posts="moments",
        pace=pace.LIVE,
        afk_limit_slow=None,
        rate_ai_games=True,
        hints="casual",
    )


@pytest.mark.parametrize("name", list(SPECS))
def test_every_value_round_trips_and_a_default_is_stored_as_no_key(name: str) -> None:
    default = getattr(read({}), name)
    for value in samples(name):
        stored = change({"rules": {"portas": {"overshoot": "allowed"}}}, name, value)
        assert getattr(read(stored), name) == value == server_settings.schema.read_one(stored, name)
        assert stored["rules"] == {"portas": {"overshoot": "allowed"}}, "a change keeps what it does not touch"
        assert (name in stored) == (value != default), stored
        back = change(stored, name, None)
        assert name not in back and getattr(read(back), name) == default
    assert change({}, name, default) == {}


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s.kind in (CHOICE, NUMBER, SWITCH)])
def test_typed_text_reads_like_the_typed_value(name: str) -> None:
    for value in samples(name):
        text = {True: "on", False: "off"}.get(value, str(value)) if isinstance(value, bool) else str(value)
        assert getattr(read(change({}, name, text)), name) == value


async def test_every_setting_survives_the_store(tmp_path: Path) -> None:
    chosen = {name: samples(name)[-1] for name in SPECS}
    store = await Store.open(tmp_path / "k.sqlite3")
    for name, value in chosen.items():
        await server_settings.update(store, 5, lambda d, n=name, v=value: change(d, n, v))
    await store.close()
    store = await Store.open(tmp_path / "k.sqlite3")  # a restart
    assert await server_settings.load(store, 5) == dataclasses.replace(read({}), **chosen)
    assert await server_settings.load(store, 6) == read({}), "a server that never chose: the defaults"
    await store.close()


TIMER_EN, TIMER_JA = "The turn timer must be between 15 and 604800 seconds.", "持ち時間は15〜604800秒にしてください。"
REFUSED = [
    ("turn_timeout", 14, TIMER_EN, TIMER_JA),
    ("turn_timeout", 604801, TIMER_EN, TIMER_JA),
    ("afk_limit_slow", 0, "Choose from 1 to 20 timeouts.", "1〜20回から選んでください。"),
    ("afk_limit_slow", 21, "Choose from 1 to 20 timeouts.", "1〜20回から選んでください。"),
    ("language", "fr", "Unknown language `fr`.", "`fr`という言語はありません。"),
    (
        "posts",
        "everything",
        "Channel posts can be every big moment or the result only, not “everything”.",
        "チャンネルへの投稿は「見どころと結果」か「結果だけ」から選んでください（「everything」は選べません）。",
    ),
    (
        "pace",
        "blitz",
        "A pace is live, relaxed or correspondence, not “blitz”.",
        "ペースはライブ、のんびり、長期戦から選んでください（「blitz」は選べません）。",
    ),
    ("ai_levels", ("easy", "godlike"), "Unknown AI level `godlike`.", "`godlike`というAIの強さはありません。"),
]


@pytest.mark.parametrize(("name", "value", "en", "ja"), REFUSED)
def test_refusals_keep_their_words(name: str, value: Any, en: str, ja: str) -> None:
    data = {"posts": "results"}
    with pytest.raises(SettingError) as info:
        change(data, name, value)
    assert data == {"posts": "results"}, "nothing lost on bad input"
    key = f"error.setting.{info.value.code}"
    assert i18n.translate("en", key, **info.value.args_) == en
    assert i18n.translate("ja", key, **info.value.args_) == ja


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s.kind != SUBSET])
def test_nonsense_is_refused_with_a_translated_reason(name: str) -> None:
    with pytest.raises(SettingError) as info:
        change({}, name, "nonsense" if SPECS[name].kind != CHOICE else "???")
    if SPECS[name].kind == NUMBER:
        with pytest.raises(SettingError):
            change({}, name, float("inf"))
    for locale in LANGUAGES:
        assert i18n.has(f"error.setting.{info.value.code}", locale)
        i18n.translate(locale, f"error.setting.{info.value.code}", **info.value.args_)  # every argument it names


def test_old_rows_still_load() -> None:
    """Rows written by earlier versions, as SQLite and PostgreSQL hold them: the stored form did not change."""
    row = {
        "language": "ja",
        "moderator_role": "123",  # an older row held the role id as text
        "turn_timeout": 90.0,
        "posts": "results",
        "ai_levels": ["strong", "easy", "retired_level"],
        "pace": "correspondence",
        "afk_limit_slow": 8,
        "rate_ai_games": False,
        "hints": "never",
        "rules": {"portas": {"overshoot": "allowed"}},
        "a_later_setting": {"kept": True},
    }
    typed = ServerSettings("ja", 123, 90, ("easy", "strong"), "results", "correspondence", 8, False, "never")
    assert read(row) == typed
    moved = change(row, "posts", "moments")
    assert moved == {k: v for k, v in row.items() if k != "posts"}, "only the changed setting is rewritten"
    junk = {"language": "klingon", "turn_timeout": "soon", "posts": 3, "ai_levels": "all", "afk_limit_slow": True}
    assert read(junk) == read({}), "what this version cannot read is the default, never an error"
    assert read({"turn_timeout": float("inf"), "moderator_role": float("nan")}) == read({})



def old_lines(data: dict[str, Any], tr: i18n.Tr, config: Any) -> list[str]:
    """``/game settings``' lines as the hand-written version wrote them, one setting at a time."""
    s = read(data)
    levels = s.ai_levels
    return [
        tr("settings.language", value=tr(f"settings.language.{s.language or 'auto'}")),
        tr("settings.modrole", value=f"<@&{s.moderator_role}>" if s.moderator_role else tr("settings.modrole.none")),
        tr(
            "settings.timer",
            value=tr("settings.seconds", n=s.turn_timeout)
            if s.turn_timeout
            else tr("settings.timer.default", n=int(config.turn_timeout)),
        ),
        tr("settings.ai", value=", ".join(tr(f"ai.{lv}") for lv in levels) if levels else tr("settings.ai.none")),
        tr("settings.posts", value=tr(f"settings.posts.{s.posts}")),
        tr("settings.pace", value=tr(f"pace.{s.pace}")),
        tr("settings.afk", n=s.afk_limit_slow or config.afk_limit_slow),
        tr("settings.rate_ai", value=tr(f"settings.rate_ai.{'on' if s.rate_ai_games else 'off'}")),
        tr("settings.hints", value=tr(f"settings.hints.{s.hints}")),
    ]


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_settings_lines_are_derived_and_unchanged(locale: str) -> None:
    tr, config = i18n.translator(locale), SimpleNamespace(turn_timeout=120.0, afk_limit_slow=5)
    chosen = {name: samples(name)[-1] for name in SPECS}
    for data in ({}, dataclasses.replace(read({}), **chosen), {"ai_levels": []}):
        stored = data if isinstance(data, dict) else server_settings.write({}, data)
        assert server_settings.setting_lines(stored, tr, config) == old_lines(stored, tr, config)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_answer_to_a_change_is_in_words(locale: str) -> None:
    tr = i18n.translator(locale)
    for name in SPECS:
        for value in [*samples(name), None]:
            value = getattr(read(change({}, name, value)), name)
            answer = server_settings.change_answer(name, value, tr, SimpleNamespace(turn_timeout=120, afk_limit_slow=5))
            assert "settings." not in answer and "{" not in answer, (name, value, answer)
    assert server_settings.change_answer("turn_timeout", 90, i18n.translator("en")) == "Turns now last 90 seconds."
    assert server_settings.change_answer("turn_timeout", None, i18n.translator("en")) == (
        "Turns use the default time again."
    )
    assert server_settings.change_answer("pace", "relaxed", tr) == tr("settings.pace.done", pace=tr("pace.relaxed"))
