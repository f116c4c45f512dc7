"""Every V2 screen of every game fits Discord's limits, even at the largest tables; boards leak nothing.

The screens are built as the bot builds them (``bot.frontend.ui.payloads``) from real
engine states reached by random legal play, with the most seats a game allows
and 32-character names, in English and Japanese, and each is checked with the
emulator's V2 rules (``tests/emulator/state/components.py``: 40 components, 4000
characters of text, structure, ``attachment://`` references).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import discord
import pytest

from bot import i18n
from bot.core import games
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.drawing import picture_cache
from bot.frontend.ui import layout, payloads
from tests import gamekit
from tests.emulator.state.components import check_message

GAMES = list(gamekit.ids())
NAMES = {  # 32 characters each, Discord's longest display name
    "en": [(word * 8)[:32] for word in ("Alexandria ", "Bartholomew ", "Cassiopeia ", "Dmitri W ", "Evangeline ")],
    "ja": [(word * 16)[:32] for word in ("寿限無", "あいうえお", "アイウエオ", "東西南北", "一二三")],
}


NOW = 1_800_000_000.0


def _record(game: str, locale: str, state: dict[str, Any] | None, *, seats: int, status: str) -> SessionRecord:
    spec = games.get(game)
    names = NAMES[locale][:seats]
    assert all(len(n) == 32 for n in names)
    now = NOW  # fixed: two records built a moment apart must show the same deadline (<t:…:R>)
    return SessionRecord(
        id=7, game=game, guild_id=1, channel_id=2, host_id=100, status=status, seed=3, created_at=now,
        updated_at=now, options=spec.resolve_options({}), state=state, version=11, locale=locale,
        deadline=now + 300,
        seats=[SeatRecord(seat=i, name=n, user_id=100 + i, locale=locale) for i, n in enumerate(names)],
    )


def _states(game: str, seats: int, seed: int) -> list[dict[str, Any]]:
    """Start, two middles and the end of one random legal game."""
    spec = games.get(game)
    rng = random.Random(seed)
    state = spec.rules.new(seats, seed, spec.resolve_options({}))
    seen = [state]
    for _ in range(5000):
        to_act = spec.rules.to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        state = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat))).state
        seen.append(state)
    assert not spec.rules.to_act(state), "the game did not end"
    return [seen[0], seen[len(seen) // 3], seen[2 * len(seen) // 3], seen[-1]]


def _body(payload: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """The JSON body discord.py would send for ``payload``, and the files it would upload."""
    files = payload.get("attachments") or []
    with discord.http.handle_message_parameters(**payload) as params:
        if params.multipart:  # with files the JSON body travels as the "payload_json" part
            body = json.loads(next(p["value"] for p in params.multipart if p["name"] == "payload_json"))
        else:
            body = dict(params.payload or {})
        return body, {f.filename for f in files}


def _check(payload: dict[str, Any]) -> None:
    body, uploads = _body(payload)
    assert body.get("flags", 0) & (1 << 15), "not a V2 message"
    assert not check_message(body, uploads), check_message(body, uploads)


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_the_largest_table_fits(game: str, locale: str) -> None:
    spec = games.get(game)
    tr = i18n.translator(locale)
    seats = spec.max_seats
    _check(payloads.lobby(_record(game, locale, None, seats=seats, status="lobby"), spec, tr))
    _check(payloads.lobby_closed(spec, tr))
    for state in _states(game, seats, seed=5):
        over = not spec.rules.to_act(state)
        record = _record(game, locale, state, seats=seats, status="finished" if over else "active")
        board = payloads.board(record, spec, tr)
        _check(board)
        _check(payloads.without_picture(board, tr))
        _check(payloads.board(record, spec, tr, interactive=False))
        _check(payloads.details(record, spec, tr))
        for seat in range(seats):
            _check(payloads.private(record, spec, seat, tr, "a-channel-name-of-many-characters", ["x" * 300] * 4))


@pytest.mark.parametrize("game", GAMES)
def test_short_board_is_short_and_details_carry_the_long_text(game: str) -> None:
    spec = games.get(game)
    tr = i18n.translator("en")
    state = _states(game, spec.max_seats, seed=9)[1]
    record = _record(game, "en", state, seats=spec.max_seats, status="active")
    board_text = "\n".join(c.content for c in payloads.board(record, spec, tr)["view"].walk_children()
                           if isinstance(c, discord.ui.TextDisplay))
    details_text = "\n".join(c.content for c in payloads.details(record, spec, tr)["view"].walk_children()
                             if isinstance(c, discord.ui.TextDisplay))
    assert 3 <= len(board_text.splitlines()) <= 10, board_text  # title, 3–6 short lines, whose turn, a hint
    assert len(details_text) > len(board_text), (board_text, details_text)
    assert "Waiting for" in board_text or "thinking" in board_text


def test_accents_differ_by_game_and_state() -> None:
    colours = [games.get(g).accent for g in GAMES]
    assert len(set(colours)) == len(colours)
    base = colours[0]
    assert len({layout.accent(base, s) for s in ("turn", "wait", "over")}) == 3


@pytest.mark.parametrize("game", GAMES)
def test_same_spectator_view_same_board_bytes(game: str) -> None:
    """Two true states a spectator cannot tell apart give byte-identical boards, picture included."""
    spec = games.get(game)
    tr = i18n.translator("en")
    rng = random.Random(4)
    compared = 0
    for state in _states(game, spec.max_seats, seed=11)[:3]:
        other = _shuffle_hidden(spec, state, rng)
        if other is None:
            continue
        compared += 1
        boards = []
        for s in (state, other):
            picture_cache.clear()  # each board is drawn from its own state, not served from the first's
            payload = payloads.board(_record(game, "en", s, seats=spec.max_seats, status="active"), spec, tr)
            boards.append((_body(payload)[0], [f.fp.getvalue() for f in payload["attachments"]]))
        assert boards[0] == boards[1]
    assert compared, "no second true state found: the property was not tested"


def _shuffle_hidden(spec: Any, state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """Another true state with the same spectator view: seat 0's hidden knowledge re-dealt by ``determinize``."""
    seat_view = spec.rules.view(state, 0)
    for _ in range(20):
        other = spec.rules.determinize(seat_view, 0, rng.randrange(1 << 30))
        if other != state and spec.rules.view(other, None) == spec.rules.view(state, None):
            return copy.deepcopy(other)
    return None
