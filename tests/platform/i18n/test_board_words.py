"""The board's words: grammar for several AIs, no stale "whose turn" after a reset, a snapshot said so."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot import i18n
from bot.core import games
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.server_commands.replays import snapshot_line
from bot.frontend.ui import payloads
from bot.i18n.words import and_list
from tests import gamekit
from tests.promotion.util import LOW, staged


def _record(game: str, seats: list[SeatRecord], status: str = "active", **kw: Any) -> SessionRecord:
    spec = games.get(game)
    options = spec.resolve_options({})
    return SessionRecord(
        id=7, game=game, guild_id=1, channel_id=2, host_id=100, status=status, seed=3, created_at=0.0,
        updated_at=0.0, options=options, state=spec.rules.new(len(seats), 3, options), version=1, locale="en",
        seats=seats, **kw,
    )


def _ais(n: int) -> list[SeatRecord]:
    return [SeatRecord(seat=i, name=f"AI {i + 1}", ai_level="normal") for i in range(n)]


def _text(payload: dict[str, Any]) -> str:
    return "\n".join(c.content for c in payload["view"].walk_children() if isinstance(c, discord.ui.TextDisplay))


def test_several_ais_are_thinking_in_english_and_japanese() -> None:
    spec = games.get("promotion")
    record = _record("promotion", _ais(4))
    record.state = staged(LOW)  # the secret row pick: all four seats act at once
    assert payloads.waiting_line(record, spec, i18n.translator("en")) == "AI 1, AI 2, AI 3 and AI 4 are thinking…"
    assert payloads.waiting_line(record, spec, i18n.translator("ja")) == "AI 1、AI 2、AI 3とAI 4が考えています…"
    one = _record("portas", _ais(2))
    assert payloads.waiting_line(one, games.get("portas"), i18n.translator("en")).endswith(" is thinking…")


@pytest.mark.parametrize("game", gamekit.ids())
def test_a_reset_board_says_game_over_and_not_whose_turn_it_was(game: str) -> None:
    spec = games.get(game)
    humans = [SeatRecord(seat=i, name=n, user_id=100 + i) for i, n in enumerate(["alice", "bob", "carol", "dave"])]
    seats = humans[: spec.min_seats]
    live = _text(payloads.board(_record(game, seats), spec, i18n.translator("en"), picture=None))
    ended = _record(game, seats, status="abandoned", end_reason="reset")
    text = _text(payloads.board(ended, spec, i18n.translator("en"), picture=None))
    assert "Game over" in text and "Waiting for" in live and "Waiting for" not in text
    rendered = spec.render.board(spec.rules.view(ended.state, None), [s.name for s in seats], i18n.translator("en"))
    for line in payloads.summary_lines(rendered):
        if not line.startswith("-# "):
            assert line not in text, line  # "alice chooses the suit…" is gone


def test_the_spectators_copy_says_it_is_a_snapshot_and_links_the_live_board() -> None:
    record = _record("portas", _ais(2), board_message_id=55)
    for locale, words in (("en", "does not change"), ("ja", "更新されません")):
        line = snapshot_line(record, i18n.translator(locale), now=1_800_000_000)
        assert "<t:1800000000:T>" in line and words in line
        assert "https://discord.com/channels/1/2/55" in line
    assert and_list(["AI 1", "AI 2"], i18n.translator("en")) == "AI 1 and AI 2"
    text = _text(payloads.board(record, games.get("portas"), i18n.translator("en"), picture=None,
                                interactive=False, status=[snapshot_line(record, i18n.translator("en"))]))
    assert "does not change" in text and "thinking" not in text


def test_portas_button_hint_is_shown_to_a_human_above_their_buttons_only() -> None:
    """The notation hint is for the player whose buttons are there: not while an AI thinks, not spectating."""
    spec, tr = games.get("portas"), i18n.translator("en")
    humans = [SeatRecord(seat=0, name="alice", user_id=100), SeatRecord(seat=1, name="bob", user_id=101)]
    record = _record("portas", humans)
    seat = spec.rules.to_act(record.state)[0]
    hint = spec.render.board(spec.rules.view(record.state, None), ["alice", "bob"], tr).hint
    assert hint and ["alice", "bob"][seat] in hint
    assert hint in _text(payloads.board(record, spec, tr, picture=None))  # a human's turn: shown
    assert hint not in _text(payloads.board(record, spec, tr, picture=None, interactive=False))  # a spectator's copy
    record.seats[seat] = SeatRecord(seat=seat, name="AI 1", ai_level="normal")  # the AI thinks: no buttons, no hint
    assert hint not in _text(payloads.board(record, spec, tr, picture=None))
