"""Replay and settings messages stay inside Discord's limits for every game, in both languages."""

from __future__ import annotations

import contextlib
import random
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import i18n
from bot.core import games, replay
from bot.core import settings as server_settings
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend import server_commands

LOCALES = ("en", "ja")


def _played(game: str, seed: int = 1) -> tuple[SessionRecord, list[replay.Step]]:
    spec = games.get(game)
    rules, n = spec.rules, spec.max_seats
    state = rules.new(n, seed, {})
    rng, log = random.Random(seed), []
    while rules.result(state) is None and len(log) < 3000:
        seat = rules.to_act(state)[0]
        action = rng.choice(rules.legal(state, seat))
        state = rules.apply(state, seat, action).state
        log.append({"version": len(log) + 1, "seat": seat, "payload": action})
    record = SessionRecord(id=7, game=game, guild_id=1, channel_id=2, host_id=1, status="finished", seed=seed,
                           created_at=0, updated_at=0, state=state,
                           seats=[SeatRecord(seat=i, name=f"player {i} " * 3) for i in range(n)])  # fmt: skip
    return record, replay.rebuild(rules, n, seed, {}, log)


def _check_limits(payload: dict[str, Any]) -> None:
    embed: discord.Embed = payload["embed"]
    assert len(embed) <= 6000 and len(embed.fields) <= 25
    ids = [item.custom_id for item in payload.get("view", discord.ui.View()).children]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)


@pytest.mark.parametrize("game", games.available())
@pytest.mark.parametrize("locale", LOCALES)
def test_every_replay_page_fits_and_the_last_reveals_each_seat(game: str, locale: str) -> None:
    record, steps = _played(game)
    spec = games.get(game)
    tr = i18n.translator(locale)
    for page in range(len(steps) + 1):
        payload = server_commands.replay_payload(record, spec, steps, page, tr)
        _check_limits(payload)
        labels = [(b.item.label, b.item.disabled) for b in payload["view"].children]
        assert labels[0][1] == (page == 0) and labels[2][1] == (page == len(steps))
    reveal = server_commands.replay_payload(record, spec, steps, len(steps), tr)["embed"]
    assert [f.name for f in reveal.fields] == record.names()
    assert reveal.title == tr("replay.reveal_title", game=tr(f"{game}.name"))
    # a stale or forged page number is clamped, never an error
    assert server_commands.replay_payload(record, spec, steps, 10**6, tr)["embed"].title == reveal.title


@pytest.mark.parametrize("locale", LOCALES)
def test_settings_overview_fits_with_every_option_changed(locale: str) -> None:
    data: dict[str, Any] = {}
    for game in games.available():
        spec = games.get(game)
        for opt in spec.options:
            other = next((c for c in opt.choices or () if c != opt.default), None)
            if other is not None:
                with contextlib.suppress(server_settings.SettingError):  # some combinations cannot deal
                    data, _ = server_settings.set_rule(data, spec, opt.name, server_settings.format_value(other))
    fake = SimpleNamespace(locale=locale, client=SimpleNamespace(settings=SimpleNamespace(turn_timeout=120)))
    overview = server_commands.settings_payload(fake, data, None)  # type: ignore[arg-type]
    _check_limits(overview)
    assert len(overview["embed"].fields) == len(games.available())
    for game in games.available():
        _check_limits(server_commands.settings_payload(fake, data, game))  # type: ignore[arg-type]


def test_history_line_names_winners_draws_and_early_ends() -> None:
    tr = i18n.translator("en")
    base = {"session_id": 3, "game": "portas", "ended_at": 100.0, "names": ["a*b", "c"]}
    won = server_commands.history_line({**base, "result": {"winners": [1]}}, tr)
    assert won.startswith("`#3` **PORTAS** · <t:100:d> · a\\*b, c") and "🏆 c" in won
    assert "draw" in server_commands.history_line({**base, "result": {"winners": []}}, tr)
    assert "ended early" in server_commands.history_line({**base, "result": None}, tr)


def test_both_catalogues_have_the_same_keys_and_fields() -> None:
    import string

    from bot.i18n.server import STRINGS

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    assert set(STRINGS["en"]) == set(STRINGS["ja"])
    for key, text in STRINGS["en"].items():
        assert fields(text) == fields(STRINGS["ja"][key]), key
    for key in STRINGS["en"]:
        if key.startswith("cmd.") and not key.endswith("desc"):
            for loc in ("en", "ja"):  # Discord: 1-32 chars, lowercase, no spaces
                name = STRINGS[loc][key]
                assert 1 <= len(name) <= 32 and name == name.lower() and " " not in name, (loc, key)
