"""Act from where you are: is what a decision depends on visible where it is made?

Run: ``.venv/bin/python -m bench.screens.flow [--game eminit] [--games 1] [--seed 1]``  (a few minutes a game)

Plays full games through the emulator and the real bot with three humans — alice and bob read their
DMs, carol's DMs are closed so she plays from the ephemeral "My hand" — and random choices.  At every
human decision the player's screen (the DM message, or carol's ephemeral: its text and its button
labels) is read, and the facts the decision depends on are looked for in it.  Those facts come from
the game as saved (the session's state in the database, through the seat's own view), never from the
screens, so a screen cannot vouch for itself:

* Eminit, a declaration: the flipped card, who flipped it, every seat's declaration so far (deciding,
  a face-down card, done — or, sealed, who has decided) and the time left; aiming a declared card:
  the flipped card, its flipper and the time left;
* GETGEM, a Barrier question: the card played on you and by whom; choosing a target: each player's
  hand size beside their name;
* Promotion, a pick: the postcard as it lies (which side faces whom) and, on each row's button, what
  the row does for you as the cards lie; Change!: each card you may take and whose it is;
* PORTAS is played with the board's own buttons, on the board: nothing to look for elsewhere.

Printed per game: ``flow`` (decisions whose facts were all visible / decisions with such facts;
target 100 %), the decisions of each kind, and carol's "My hand" presses against her decisions (how
often she had to ask for her hand again because the one she had did not follow the game).

A screen is read once the bot has gone quiet, and a fact the screen still lacks is looked for again
for up to a second (the saved game may run ahead of the DM by an AI's move): a miss is a screen that
stays without it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sqlite3
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot import i18n
from bot.core.games import get
from tests import gamekit
from tests.e2e.dmplay import QUIET_AFTER, default_choice
from tests.e2e.helpers import FAST_AI, act_buttons, is_over, make_world, preset_rules, press_start, waiting_for
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.models import Message, User

EN = i18n.translator("en")
CLOSED = "carol"
SETTLE = 1.0  # seconds a missing fact is looked for again before it counts as not visible
RULES = {e.game: dict(e.flow_rules) for e in gamekit.every() if e.flow_depends is not None}
"""Long reaction windows (each game's ``FLOW_RULES``): a benchmark's human never runs out of time while the machine
is busy."""
ENV = {**FAST_AI, "TURN_TIMEOUT": "900", "PICK_TIMEOUT": "900", "AFK_LIMIT": "1000"}


DEPENDS: dict[str, gamekit.Depends] = {e.game: e.flow_depends for e in gamekit.every() if e.flow_depends is not None}
"""What each decision depends on, from the seat's own view of the saved state: each game's ``FLOW_DEPENDS``
(tests/<game>/expectations.py); a game without one is not in this benchmark."""


@dataclass
class Tally:
    game: str
    seen: Counter[str] = field(default_factory=Counter)  # decisions with facts, per kind
    visible: Counter[str] = field(default_factory=Counter)  # ... whose facts were all on the screen
    missing: Counter[str] = field(default_factory=Counter)  # which fact was missing, per kind
    decisions: Counter[str] = field(default_factory=Counter)  # every human decision, per player
    presses: int = 0  # carol's "My hand" presses
    seconds: float = 0.0


def _saved(db: Path) -> tuple[dict, list[str]] | None:
    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT id, state FROM sessions WHERE status = 'active'").fetchone()
        if row is None or row[1] is None:
            return None
        names = [n for (n,) in con.execute("SELECT name FROM seats WHERE session_id = ? ORDER BY seat", (row[0],))]
        return json.loads(row[1]), names
    finally:
        con.close()


def _screen(message: Message) -> str:
    labels = [b.label or "" for b in message.buttons()]
    return "\n".join([*message.text_displays(), *labels])


async def _quiet(emu: DiscordEmulator) -> None:
    seen, since = len(emu.requests), time.monotonic()
    while time.monotonic() - since < QUIET_AFTER:
        await asyncio.sleep(0.02)
        if len(emu.requests) != seen:
            seen, since = len(emu.requests), time.monotonic()


async def _check(tally: Tally, game: str, db: Path, seat: int, message: Message) -> None:
    """Look for the facts this seat's decision depends on in ``message``, for up to :data:`SETTLE` seconds."""
    rules = get(game).rules
    deadline = time.monotonic() + SETTLE
    while True:
        saved = _saved(db)
        if saved is None:
            return
        state, names = saved
        legal = list(rules.legal(state, seat)) if rules.result(state) is None else []
        need = DEPENDS[game](rules.view(state, seat), seat, names, legal)
        if need is None:
            return
        kind, facts = need
        text = _screen(message)
        lacking = [f for f in facts if f not in text]
        if not lacking or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.1)
    tally.seen[kind] += 1
    if lacking:
        tally.missing[f"{kind}: {lacking[0]}"] += 1
    else:
        tally.visible[kind] += 1


async def play(game: str, seed: int) -> Tally:
    """One full game: alice and bob in their DMs, carol (DMs closed) from "My hand", an AI in Promotion's 4th seat."""
    tally = Tally(game)
    started = time.monotonic()
    emu = DiscordEmulator(interaction_deadline=3.0)
    await emu.start()
    try:
        world = make_world(emu, closed_dms=(CLOSED,))
        humans: dict[str, User] = {"alice": world.alice, "bob": world.bob, "carol": world.carol}
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "kado.sqlite3"
            preset_rules(Path(tmp), world.guild.id, game, RULES[game])
            async with BotProcess(emu, db, extra_env=ENV) as proc:
                await proc.ready()
                res = await emu.slash(world.alice, world.chan, f"{game} new")
                assert res.message is not None
                board = await res.wait_loaded()
                for name in ("bob", "carol"):
                    await emu.click(humans[name], board, board.button("Join"))
                    await emu.wait_until(lambda n=name: n in board.text())
                await press_start(emu, world.alice, board)
                await _play(tally, emu, db, game, board, humans, random.Random(seed))
    finally:
        with contextlib.suppress(Exception):
            await emu.stop()
    tally.seconds = time.monotonic() - started
    return tally


async def _play(
    tally: Tally, emu: DiscordEmulator, db: Path, game: str, board: Message, humans: dict[str, User],
    rng: random.Random,
) -> None:
    hand: Message | None = None  # carol's ephemeral "My hand", the one she has open
    seats = {name: i for i, name in enumerate(("alice", "bob", "carol"))}
    stalls = 0
    while not is_over(board):
        await emu.wait_until(lambda: waiting_for(board) or is_over(board), timeout=60)
        names = [n for n in waiting_for(board) if n in humans]
        if not names:
            edits = board.edits
            await emu.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=60)
            continue
        name = rng.choice(names)
        user = humans[name]
        await _quiet(emu)
        if name == CLOSED:
            if hand is None or not act_buttons(hand):
                res = await emu.click(user, board, board.button("My hand"))
                tally.presses += 1
                hand = res.message
            message = hand if hand is not None and act_buttons(hand) else None
        else:
            message = _dm_controls(emu, user)
        if message is None:
            stalls += 1
            assert stalls < 200, f"{name} never got controls"
            edits = board.edits
            with contextlib.suppress(TimeoutError):
                await emu.wait_until(lambda e=edits: board.edits > e, timeout=2)
            continue
        stalls = 0
        await _check(tally, game, db, seats[name], message)
        before = message.edits
        res = await emu.click(user, message, default_choice(act_buttons(message), rng))
        await emu.wait_until(lambda b=before, m=message, r=res: m.edits > b or r.reply or is_over(board),
                             timeout=30, description=f"{name}'s click taken or refused")
        if res.reply is not None:
            if name == CLOSED:
                hand = None  # her hand was out of date: she asks for it again
            continue
        tally.decisions[name] += 1


def report(tally: Tally) -> list[str]:
    seen, visible = sum(tally.seen.values()), sum(tally.visible.values())
    share = 100.0 * visible / seen if seen else 100.0
    kinds = ", ".join(f"{k} {tally.visible[k]}/{n}" for k, n in sorted(tally.seen.items()))
    lines = [f"{tally.game}: flow {share:.1f}% of decisions with everything they depend on in view "
             f"({visible}/{seen}: {kinds}) — target 100%"]
    for what, n in tally.missing.most_common(3):
        lines.append(f"{tally.game}:   missing {n}× — {what}")
    lines.append(f"{tally.game}: My hand presses {tally.presses} for {tally.decisions[CLOSED]} decisions of the "
                 f"DM-closed player (decisions: {dict(tally.decisions)}; {tally.seconds:.0f} s)")
    return lines


def _dm_controls(emu: DiscordEmulator, user: User) -> Message | None:
    """The user's DM message for the game, if it carries buttons (the e2e helper, without a World)."""
    for message in reversed(emu.dm_messages(user)):
        if act_buttons(message):
            return message
    return None


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(DEPENDS), action="append")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in args.game or sorted(DEPENDS):
        for i in range(args.games):
            for line in report(await play(game, args.seed + i)):
                print(line, flush=True)


if __name__ == "__main__":
    asyncio.run(main())
