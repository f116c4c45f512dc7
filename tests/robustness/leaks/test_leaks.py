"""No hidden card reaches anyone who may not know it: the leak scanner, sampled.

The scanner (``tests/robustness/leaks/leakkit.py``) plays seeded AI games through
the bot layer and checks every board, DM/ephemeral and private event line
against twin states and secret swaps, in English and Japanese.

The split: this suite plays a chosen **sample of the 50 seeded games per game**
(two seeds of 25, a chunk each so ``pytest -n`` spreads them): the games that
between them reach every line and branch of bot/ and cogs/ the 50 reach, each
twice where two of the 50 do (``tests/robustness/leaks/leak_sample.py`` chose them,
and chooses them again after a change of the games).  ``bench/leak_scan.py``
runs the full **≥ 1,000 games per game** and prints figures (too slow for
every test run: eminit alone is ~1 s a game through the whole bot layer and
checks).

The second half plants leaks of each kind the scanner claims to catch and
requires it to report them: a scanner that finds nothing is only worth
something if it finds what is there.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot import i18n
from bot.core import games
from bot.engine import Event, Transition
from bot.frontend.drawing import picture_cache
from bot.frontend.ui import payloads
from tests import gamekit
from tests.robustness.leaks.leak_sample import CHUNK, SEEDS
from tests.robustness.leaks.leakkit import pictures_as_digests, scan

GAMES = list(gamekit.ids())
"""Every installed game; each game's sample (its ``LEAK_SAMPLE``: chunk -> indices of that chunk's games, of
CHUNK) is in ``tests/<game>/expectations.py``, chosen by tests/robustness/leaks/leak_sample.py."""


@pytest.mark.parametrize("chunk", [0, 1])
@pytest.mark.parametrize("game", GAMES)
async def test_no_leak_in_seeded_games(game: str, chunk: int) -> None:
    chosen = gamekit.expectations(game).leak_sample[chunk]
    figures = await scan(game, CHUNK, seed=SEEDS[chunk], only=chosen)
    print(figures.line())
    assert figures.ok, "\n".join(figures.problems)
    assert figures.games == len(chosen) and figures.twin_checks > figures.steps  # every step's messages checked
    if gamekit.expectations(game).secret_swaps is not None:
        assert figures.swap_checks > 0  # its own secret swaps were tried
    if getattr(games.get(game).render, "moment", None) is not None:
        assert figures.moment_checks > 0  # the game's moment posts were compared with twins'


async def test_the_bot_layer_shows_every_move_without_an_error(caplog: pytest.LogCaptureFixture) -> None:
    """The capture presenter stands in for the real one completely: no move's showing fails half-way.

    ``SessionManager`` logs a failed showing and goes on (the move is saved), so a stand-in that lacks
    something the presenter calls would let the scan run on without the rest of that showing.
    """
    caplog.set_level(logging.ERROR)
    figures = await scan("getgem", 1, seed=1)
    assert figures.ok and figures.steps > 0
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []



@pytest.mark.parametrize("game", [g for g in GAMES if hasattr(games.get(g).picture, "board")])
def test_the_scan_compares_pictures_by_what_they_are_drawn_from(game: str) -> None:
    """Inside the scan the bot's pictures are digests of their inputs, and the pictures cache is left empty.

    A digest that silently stopped applying (the bot calls ``draw_board``/``draw_hand`` since the
    pictures were split) made the scan draw every picture, ~3x slower, and compare bytes that depend
    on more than what a seat may know; a digest left in the cache would be served later as a picture.
    """
    spec = games.get(game)
    tr = i18n.translator("en")
    state = spec.rules.new(spec.min_seats, 1, spec.resolve_options({}))
    names = [f"P{seat + 1}" for seat in range(spec.min_seats)]
    inputs = spec.board_inputs(spec.rules.view(state, None))
    with pictures_as_digests(game, False):
        digest = spec.draw_board(inputs, names, tr)
        assert digest is not None and digest.startswith(b"picture:")
        assert spec.draw_board(inputs, list(reversed(names)), tr) != digest  # the names are part of it
        if hasattr(spec.picture, "hand"):
            hand = spec.draw_hand(spec.hand_inputs(spec.rules.view(state, 0), 0), 0, names, tr)
            assert hand is not None and hand.startswith(b"picture:")
        picture_cache.keep(("test", None, "en"), "key", digest)
    assert picture_cache.counts()["slots"] == 0
    drawn = spec.draw_board(inputs, names, tr)
    assert drawn is not None and drawn.startswith(b"\x89PNG")

# -- the scanner finds planted leaks ---------------------------------------------------------------------------------


def _append_to_description(payload: dict[str, Any], text: str) -> dict[str, Any]:
    """One more line in the message's card (V2: a Text Display in its Container)."""
    payload["view"].children[0].add_item(discord.ui.TextDisplay(text))
    return payload


async def test_catches_a_board_showing_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real = payloads.board

    def leaky(record: Any, spec: Any, tr: Any, **kw: Any) -> dict[str, Any]:
        hand = sorted(record.state["hands"][1])
        return _append_to_description(real(record, spec, tr, **kw), f"(seat 1 holds {hand})")

    monkeypatch.setattr(payloads, "board", leaky)
    figures = await scan("getgem", 1, seed=1)
    assert figures.leaks > 0 and "the channel" in "\n".join(figures.problems)


async def test_catches_a_portas_board_listing_deck_order(monkeypatch: pytest.MonkeyPatch) -> None:
    real = payloads.board

    def leaky(record: Any, spec: Any, tr: Any, **kw: Any) -> dict[str, Any]:
        return _append_to_description(real(record, spec, tr, **kw), f"next: {record.state['decks'][0][-3:]}")

    monkeypatch.setattr(payloads, "board", leaky)
    figures = await scan("portas", 1, seed=1)
    assert figures.leaks > 0 and "the channel" in "\n".join(figures.problems)


async def test_catches_a_dm_showing_the_top_of_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    real = payloads.private

    def leaky(record: Any, spec: Any, seat: int, tr: Any, channel: str, recent: Any = None, **kw: Any) -> Any:
        deck = record.state["deck"]
        return _append_to_description(real(record, spec, seat, tr, channel, recent, **kw), f"top: {deck[-1:]}")

    monkeypatch.setattr(payloads, "private", leaky)
    figures = await scan("eminit", 1, seed=1)
    assert figures.leaks > 0 and "DM" in "\n".join(figures.problems)


async def test_catches_a_promotion_pick_shown_before_the_reveal(monkeypatch: pytest.MonkeyPatch) -> None:
    real = payloads.board

    def leaky(record: Any, spec: Any, tr: Any, **kw: Any) -> dict[str, Any]:
        return _append_to_description(real(record, spec, tr, **kw), f"picks: {record.state['picks']}")

    monkeypatch.setattr(payloads, "board", leaky)
    figures = await scan("promotion", 1, seed=1)
    assert figures.leaks > 0 and "secret swapped" in "\n".join(figures.problems)


async def test_catches_a_private_event_sent_to_bystanders(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = games.get("eminit").rules
    real = rules.apply

    def leaky(state: Any, seat: int, action: Any) -> Transition:
        t = real(state, seat, action)
        widened = tuple(
            Event(e.kind, e.args, tuple(range(state["n"]))) if e.kind == "drew_cards" else e for e in t.events
        )
        return Transition(t.state, widened)

    monkeypatch.setattr(rules, "apply", leaky)
    figures = await scan("eminit", 1, seed=1)
    assert figures.leaks > 0 and "private event names card" in "\n".join(figures.problems)


async def test_catches_a_moment_post_naming_a_drawn_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A contest post that also told the channel what a player drew (a private event made public)."""
    spec = games.get("eminit")
    real_apply, real_moment = spec.rules.apply, spec.render.moment

    def leaky_apply(state: Any, seat: int, action: Any) -> Transition:
        t = real_apply(state, seat, action)
        return Transition(t.state, tuple(Event(e.kind, e.args) if e.kind == "drew_cards" else e for e in t.events))

    def leaky_moment(events: list[Event], names: list[str], tr: Any) -> str | None:
        drawn = [str(e.args) for e in events if e.kind == "drew_cards"]
        return "\n".join(filter(None, [real_moment(events, names, tr), *drawn])) or None

    monkeypatch.setattr(spec.rules, "apply", leaky_apply)
    monkeypatch.setattr(spec.render, "moment", leaky_moment)
    figures = await scan("eminit", 1, seed=1)
    assert figures.leaks > 0 and "moment post" in "\n".join(figures.problems)
