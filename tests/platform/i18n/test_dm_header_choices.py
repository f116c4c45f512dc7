"""A DM's header says "Your move" only on the player's own turn; a choice in another's is asked as one.

A GETGEM Barrier question, a GETGEM take-back in another's end phase and an
Eminit declaration used to be headed "Your move." / 「あなたの番です。」, as
if the turn had passed to the player.  Random legal games reach each kind;
the header must follow the engine's own answer (``is_own_turn``, ``is_reaction``),
as the channel's turn notice already does.
"""

from __future__ import annotations

import importlib
import json
import random
from types import ModuleType
from typing import Any

import pytest

from bot import gamefacts, i18n
from bot.core import games
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.ui import payloads
from tests import gamekit

OWN = {"en": "Your move.", "ja": "あなたの番です。"}
CHOICE = {"en": "You are asked to choose.", "ja": "選択をお願いします。"}


def _record(game: str, state: dict[str, Any], seats: int, locale: str) -> SessionRecord:
    spec = games.get(game)
    return SessionRecord(
        id=7, game=game, guild_id=1, channel_id=2, host_id=100, status="active", seed=3, created_at=0.0,
        updated_at=0.0, options=spec.resolve_options({}), state=state, version=1, locale=locale,
        seats=[SeatRecord(seat=i, name=f"p{i}", user_id=100 + i, locale=locale) for i in range(seats)],
    )


def _dm_text(record: SessionRecord, seat: int, locale: str) -> str:
    spec = games.get(record.game)
    payload = payloads.private(record, spec, seat, i18n.translator(locale), "table", picture=None)
    return json.dumps(payload["view"].to_components(), ensure_ascii=False)


def _choices(game: str) -> ModuleType | None:
    """``tests/<game>/choices.py``: the kinds of choice the game asks out of one's own move (None: it asks none)."""
    try:
        return importlib.import_module(f"tests.{game}.choices")
    except ModuleNotFoundError as exc:
        if exc.name != f"tests.{game}.choices":
            raise
        return None


def _kind(game: str, state: dict[str, Any], seat: int) -> str:
    """What ``seat`` is asked, in the engine's words: its own move, or which choice."""
    spec = games.get(game)
    if spec.rules.is_own_turn(state, seat) and not spec.rules.is_reaction(state, seat):
        return "own"
    choices = _choices(game)
    return choices.kind(state, seat) if choices else "undeclared"


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", gamekit.ids())
def test_dm_header_says_your_move_only_on_ones_own_turn(game: str, locale: str) -> None:
    spec = games.get(game)
    choices = _choices(game)
    seats = choices.SEATS if choices else gamefacts.facts_of(game).min_seats
    wanted = set(choices.KINDS) if choices else set()
    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = spec.rules.new(seats, seed, spec.resolve_options({}))
        for _ in range(400):
            to_act = spec.rules.to_act(state)
            if not to_act:
                break
            for seat in to_act:
                kind = _kind(game, state, seat)
                if kind != "own" and kind in seen and "own" in seen:
                    continue  # each kind checked a few times is enough; the DM is the slow part
                text = _dm_text(_record(game, state, seats, locale), seat, locale)
                if kind == "own":
                    assert OWN[locale] in text and CHOICE[locale] not in text
                else:
                    assert CHOICE[locale] in text and OWN[locale] not in text, kind
                seen.add(kind)
            seat = rng.choice(to_act)
            state = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat))).state
        if wanted <= seen and "own" in seen:
            break
    assert "own" in seen
    assert wanted <= seen, seen
    assert "undeclared" not in seen, f"{game} asks choices out of one's own move: name them in tests/{game}/choices.py"
