"""The slow games' own texts say nothing hidden: the DM notices and ``/game mine``, against twins and secret swaps.

The leak scanner's method (tests/robustness/leaks/leakkit.py) on the texts of this
feature: one seeded game of every registered game, at correspondence pace,
every seat a human whose choices the AI makes, played through the session
manager and the real presenter (tests/robustness/leaks/leak_capture.py).  At every
step, for each seat as the reader, its texts — the DM notice of its own turn
or of a choice in another's turn, the reminder, its ``/game mine`` line — are
built for the real state and again for states that reader cannot tell from
it: the game's secret swaps (``SECRET_SWAPS`` in ``tests/<game>/expectations.py``,
through :mod:`tests.gamekit`) and a twin re-dealt from its view
(``determinize``).  Any difference is a leak.  Another player's pending
choice (a Promotion pick, a Barrier question, a declaration) may only show as
"waiting": the swaps change exactly that choice.  The last tests plant a leak
in each text and require the scan to report it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot import i18n
from bot.core import ai
from bot.core.games import get
from bot.core.sessions import Player, SessionManager, prompts
from bot.core.store import SessionRecord, Store
from bot.frontend.presenting.slow import dm_notices
from bot.frontend.server_commands import mine
from bot.gamefacts import Game
from tests import gamekit
from tests.robustness.leaks.leak_capture import CapturePresenter
from tests.robustness.leaks.leakkit import pictures_as_digests

GAMES = list(gamekit.ids())
LANGS = ("en", "ja")
MAX_STEPS = 400


@dataclasses.dataclass
class Scan:
    game: str
    steps: int = 0
    compared: int = 0  # texts compared with a twin's or a swap's
    pending: int = 0  # steps with a choice of another seat pending (a pick, a window): the "waiting" case
    problems: list[str] = dataclasses.field(default_factory=list)


def texts(record: SessionRecord, spec: Game, seat: int) -> list[str]:
    """What ``seat``'s player reads of the game in this feature: its DM notice, its reminder, its /game mine line."""
    user_id = record.seats[seat].user_id
    assert user_id is not None
    tr = i18n.translator(record.seats[seat].locale)
    return [
        dm_notices.notice_text(record, spec, seat, reminder=False),
        dm_notices.notice_text(record, spec, seat, reminder=True),
        mine.line(record, user_id, tr),
    ]


def _alike(record: SessionRecord, spec: Game, seat: int, rng: random.Random) -> list[tuple[str, Any]]:
    """States ``seat`` cannot tell from the real one: each secret swap, and a twin re-dealt from its view."""
    state = record.state
    swaps = gamekit.expectations(spec.id).secret_swaps
    out = [("secret swapped", s) for s in (swaps(state, seat) if swaps is not None else [])]
    twin = spec.rules.determinize(spec.rules.view(state, seat), seat, rng.getrandbits(62))
    if spec.rules.view(twin, seat) == spec.rules.view(state, seat):
        out.append(("twin", twin))
    return out


def check(record: SessionRecord, spec: Game, scan: Scan, rng: random.Random, where: str) -> None:
    """Each seat's texts, the same in every state it cannot tell from this one."""
    assert record.state is not None
    to_act = spec.rules.to_act(record.state)
    reacting = any(prompts.is_reaction(spec, record, s) for s in to_act)
    for seat in range(len(record.seats)):
        if seat not in to_act and (len(to_act) > 1 or reacting):
            scan.pending += 1  # others' hidden choices (a pick, a window's answers) wait: this reader sees "waiting"
        real = texts(record, spec, seat)
        for kind, other in _alike(record, spec, seat, rng):
            seen = texts(dataclasses.replace(record, state=other), spec, seat)
            scan.compared += 1
            if seen != real:
                diff = next(i for i in range(len(real)) if seen[i] != real[i])
                scan.problems.append(f"{spec.id} {where}, seat {seat} ({kind}): {real[diff]!r} != {seen[diff]!r}")


async def scan_game(game: str, seed: int) -> Scan:
    """One seeded game of ``game`` at correspondence pace, every step's texts checked for every reader."""
    spec = get(game)
    rng = random.Random(seed)
    n = rng.choice(range(spec.min_seats, spec.max_seats + 1))
    scan = Scan(game)
    store = await Store.open(":memory:")
    presenter = CapturePresenter(store)
    manager = SessionManager(store, presenter, ai_delay=0, turn_timeout=1e9, pick_timeout=1e9, seed=seed)
    try:
        players = [Player(1000 + i, f"P{i}", LANGS[i % 2]) for i in range(n)]
        record = await manager.new_lobby(game, guild_id=1, channel_id=10, host=players[0], locale="en",
                                         pace="correspondence")
        for p in players[1:]:
            await manager.join(record.id, p)
        await manager.start(record.id, players[0])
        for step in range(MAX_STEPS):
            if record.status != "active":
                break
            assert record.state is not None
            check(record, spec, scan, rng, f"step {step}")
            scan.steps += 1
            seat = rng.choice(spec.rules.to_act(record.state))
            action = ai.choose(spec, record.state, seat, "easy", rng.getrandbits(32))
            index = spec.rules.legal(record.state, seat).index(action)
            await manager.act(record.id, players[seat].user_id, manager.prompt_version(record, seat), index)
    finally:
        await manager.close()
        await store.close()
    return scan


@pytest.mark.parametrize("game", GAMES)
async def test_notices_and_mine_say_nothing_hidden(game: str) -> None:
    with pictures_as_digests(game, False):
        scan = await scan_game(game, seed=46)
    assert scan.problems == [], "\n".join(scan.problems[:5])
    assert scan.steps > 10 and scan.compared > scan.steps  # every step, every reader, at least once
    if gamekit.expectations(game).secret_swaps is not None:
        assert scan.compared > 2 * scan.steps  # the swaps were tried too
    if gamekit.expectations(game).simultaneous_choices:  # picks, declarations: readers saw others' choices pending
        assert scan.pending > 0


# -- the scan finds planted leaks -------------------------------------------------------------------------------------


def _plant(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, extra: Callable[[SessionRecord], str]) -> None:
    real = getattr(module, name)

    def leaky(record: SessionRecord, *args: Any, **kwargs: Any) -> str:
        return real(record, *args, **kwargs) + extra(record)

    monkeypatch.setattr(module, name, leaky)


def _another_hand(record: SessionRecord) -> str:
    """What the next seat holds: hidden from every other reader."""
    spec = get(record.game)
    assert record.state is not None
    return str(spec.rules.view(record.state, 1))


@pytest.mark.parametrize("game", [game for game in GAMES if not get(game).public_controls])  # hands kept in DMs
async def test_catches_a_notice_naming_another_hand(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _plant(monkeypatch, dm_notices, "notice_text", _another_hand)
    scan = await scan_game(game, seed=46)
    assert scan.problems and any("seat 0" in p for p in scan.problems)


async def test_catches_mine_showing_a_pending_pick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``/game mine`` line that says what another player picked, not only that they are waited for."""
    _plant(monkeypatch, mine, "line", lambda record: str((record.state or {}).get("picks")))
    scan = await scan_game("promotion", seed=46)
    assert any("secret swapped" in p for p in scan.problems)
