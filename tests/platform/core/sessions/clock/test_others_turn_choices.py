"""A choice in someone else's turn that runs out is answered, but is no AFK strike.

Through the session manager with a real engine (Eminit's Treasure, three
humans, ``afk_limit`` 1) from a staged scramble: bob receives an acquired
Supply and an acquired Big Release by others' Reflects in alice's and
carol's flips, and never clicks.  Both choices are made for him when time
runs out (his hand changes), with no ``timed_out`` event, no strike, and his
seat still his after more of them than the AFK limit; his own flip that runs
out afterwards still strikes and hands the seat to the AI.  The flip that
follows his expired choice is not played for him, and gets a turn's full time
whether the choice was his click or the clock's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.core.sessions import prompts
from bot.core.store import SessionRecord
from bot.engine import Action
from cogs.eminit import cards
from tests.eminit.helpers import build
from tests.platform.core.sessions.clock.test_reaction_windows import Events
from tests.platform.core.sessions.test_sessions import ALICE, BOB, CAROL, Clock, _manager

PLAYERS = (ALICE, BOB, CAROL)
TURN = 100  # the manager's turn timeout here; an effect's choice has the rule's 30 s (prompts.timeout_seconds)
HANDS = (["reflect", "gold"], ["suck", "gold", "ancient", "drop", "clairvoyance"], ["reflect", "gold"])
FIELD = [("supply", 0), ("big_release", 2), ("gold", 1), ("gold", 0), ("ancient", 2)]


async def _staged(tmp_path: Path, clock: Clock, bob_skips: bool) -> tuple[Any, SessionRecord, Events]:
    """A live 3-player session whose game is replaced by a staged scramble: alice (seat 0) to flip."""
    m, _ = await _manager(tmp_path / "k.sqlite3", clock=clock, turn_timeout=TURN, afk_limit=1)
    rec = Events()
    m.presenter = rec
    m.ai_delay = 3600
    record = await m.new_lobby("eminit", guild_id=1, channel_id=71, host=ALICE, locale="en")
    await m.join(record.id, BOB)
    await m.join(record.id, CAROL)
    await m.start(record.id, ALICE)
    assert [s.user_id for s in record.seats] == [p.user_id for p in PLAYERS]
    spec = m.spec(record)
    record.state = build(3, hands=HANDS, field=FIELD, phase="scramble", seat=0, options=record.state["options"],
                         skip=[False, bob_skips, False])
    record.prompts = {}
    prompts.refresh_prompts(spec, record)
    record.deadline = None
    prompts.refresh_deadline(spec, record, m.settings, clock.now)
    await m.store.save(record)
    return m, record, rec


async def _do(m: Any, record: SessionRecord, seat: int, action: Action) -> None:
    """``seat``'s player clicks the button of ``action``."""
    legal = prompts.legal_for(m.spec(record), record, seat)
    assert action in legal, (action, legal)
    await m.act(record.id, PLAYERS[seat].user_id, m.prompt_version(record, seat), legal.index(action))


async def _expire(m: Any, record: SessionRecord, clock: Clock) -> None:
    assert record.deadline is not None
    clock.now = record.deadline + 1
    await m.expire(record.id, record.deadline)


async def _reflected_to_bob(
    m: Any, record: SessionRecord, clock: Clock, flipper: int, slot: int, reflector: int
) -> None:
    """``flipper`` flips ``slot``; ``reflector`` Reflects it onto bob, the third passes, bob says nothing."""
    await _do(m, record, flipper, {"type": "flip", "slot": slot})
    assert record.state["step"]["kind"] == "declare"
    reflect = next(c for c in record.state["hands"][reflector] if cards.kind(c) == "reflect")
    await _do(m, record, reflector, {"type": "declare", "card": reflect})
    await _do(m, record, reflector, {"type": "aim", "seat": 1})
    await _do(m, record, 3 - flipper - reflector, {"type": "pass"})
    await _expire(m, record, clock)  # bob's declaration window closes quietly (a reaction)
    spec = m.spec(record)
    assert spec.rules.to_act(record.state) == [1] and record.state["last_contest"]["receiver"] == 1
    assert not prompts.is_reaction(spec, record, 1) and not prompts.is_own_turn(spec, record, 1)


def _struck(record: SessionRecord, rec: Events) -> list[int]:
    return [e.args["seat"] for e in rec.events if e.kind in ("timed_out", "seat_to_ai")]


async def test_choices_in_others_turns_are_no_strikes_but_own_turns_are(tmp_path: Path) -> None:
    clock = Clock()
    m, record, rec = await _staged(tmp_path, clock, bob_skips=True)
    spec = m.spec(record)
    await _reflected_to_bob(m, record, clock, flipper=0, slot=1, reflector=2)  # alice flips Supply
    assert record.state["step"]["kind"] == "supply_discard"
    hand = list(record.state["hands"][1])
    await _expire(m, record, clock)  # bob's two discards, made for him
    assert len(record.state["hands"][1]) == len(hand) - 2
    # bob's scramble turn is skipped (his pending Time Skip): carol flips Big Release
    assert spec.rules.to_act(record.state) == [2]
    await _reflected_to_bob(m, record, clock, flipper=2, slot=2, reflector=0)
    assert record.state["step"]["kind"] == "name"
    await _expire(m, record, clock)  # bob names his one interrupt kind, made for him
    assert not any(cards.is_interrupt(c) for c in record.state["hands"][1])
    # two timeouts outside his own turns, more than the AFK limit of 1: nothing counted, the seat his
    assert record.seats[1].timeouts == 0 and record.seats[1].ai_level is None
    assert _struck(record, rec) == []
    # alice flips a Gold Coin; nobody declares (bob's window again closes quietly); alice scores it
    await _do(m, record, 0, {"type": "flip", "slot": 3})
    await _do(m, record, 0, {"type": "pass"})
    await _do(m, record, 2, {"type": "pass"})
    await _expire(m, record, clock)
    assert record.seats[1].timeouts == 0
    # bob's own flip runs out: that still is a timeout, and at the limit the AI takes his seat
    assert spec.rules.to_act(record.state) == [1] and prompts.is_own_turn(spec, record, 1)
    await _expire(m, record, clock)
    assert record.seats[1].timeouts == 1 and record.seats[1].ai_level is not None
    assert _struck(record, rec) == [1, 1]
    await m.close()
    await m.store.close()


async def test_the_own_flip_after_an_expired_choice_is_not_played_and_has_its_full_time(tmp_path: Path) -> None:
    clock = Clock()
    m, record, rec = await _staged(tmp_path, clock, bob_skips=False)
    await _reflected_to_bob(m, record, clock, flipper=0, slot=1, reflector=2)
    field = len(record.state["field"])
    await _expire(m, record, clock)
    # the discards are made, and bob is the next flipper: his flip waits for him, with a turn's time
    assert record.state["step"] == {"kind": "flip", "seat": 1} and len(record.state["field"]) == field
    assert record.deadline == clock.now + TURN
    assert record.seats[1].timeouts == 0 and _struck(record, rec) == []
    await m.close()
    await m.store.close()


async def test_the_own_flip_after_a_clicked_choice_has_its_full_time(tmp_path: Path) -> None:
    clock = Clock()
    m, record, _ = await _staged(tmp_path, clock, bob_skips=False)
    await _reflected_to_bob(m, record, clock, flipper=0, slot=1, reflector=2)
    assert record.deadline is not None
    clock.now = record.deadline - 5  # bob answers the Supply at the last moment
    for _ in range(2):
        await _do(m, record, 1, prompts.legal_for(m.spec(record), record, 1)[0])
    assert record.state["step"] == {"kind": "flip", "seat": 1}
    assert record.deadline == clock.now + TURN  # not the 5 s the choice's timer had left
    await m.close()
    await m.store.close()
