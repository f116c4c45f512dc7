"""Only a player's own turn running out counts towards AFK, through the real bot.

Eminit's Treasure, three humans, ``AFK_LIMIT`` 1 (one counted timeout hands a
seat to the AI).  The players play their own turns and answer contests; a
player who is not the flipper declares Suck whenever the flipped card is a
Supply or a Big Release, then lets the acquired choice (discard, name an
interrupt) run out.  The choice is made for them each time, yet nobody's
seat goes to the AI, no timeout is counted, and the channel never says they
"ran out of time".
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cogs.eminit import cards, rules
from tests.e2e.dmplay import act_once
from tests.e2e.dms.test_quiet_windows_e2e import timeout_posts
from tests.e2e.helpers import bot, db_rows, is_over, make_world, open_lobby, preset_rules, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.getgem.e2e.test_getgem_e2e import game_state

ACQUIRED = ("supply", "big_release")
CHOICES = ("name", "supply_discard")


def _steer(state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A non-flipper Sucks a flipped Supply or Big Release; otherwise a calm random move (no bluffs)."""
    contest = state.get("contest")
    if state["step"]["kind"] == "declare" and contest and seat != contest["flipper"] \
            and cards.kind(contest["card"]) in ACQUIRED:
        suck = next((a for a in legal if a["type"] == "declare" and cards.kind(a["card"]) == "suck"), None)
        if suck is not None:
            return suck
    calm = [a for a in legal if a["type"] not in ("declare", "back")]
    return rng.choice(calm or legal)


def _chooser(tmp_path: Path, seats: dict[int, int]) -> Any:
    def choose(buttons: list[Any], rng: random.Random) -> Any:
        state = game_state(tmp_path)
        seat = seats[seats["clicker"]]
        legal = rules.legal(state, seat)
        index = legal.index(_steer(state, seat, legal, rng))
        return next(b for b in buttons if b.custom_id.endswith(f":{index}"))

    return choose


def others_choice(state: dict[str, Any]) -> int | None:
    """The seat answering an acquired effect in someone else's (the flipper's) turn, if any."""
    step = state["step"]
    if state["phase"] != "over" and step["kind"] in CHOICES and step["seat"] != state["seat"]:
        return int(step["seat"])
    return None


def made_for(tmp_path: Path) -> list[tuple[int, str]]:
    """Acquired choices the clock made (no user), per seat."""
    return db_rows(tmp_path, "SELECT seat, payload FROM actions WHERE user_id IS NULL AND (payload LIKE"
                             " '%\"name\"%' OR payload LIKE '%\"discard\"%' OR payload LIKE '%\"done\"%')")


async def test_an_acquired_choice_in_anothers_turn_that_runs_out_is_no_strike(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "eminit", {"declare_timeout_s": 2})
    users = [world.alice, world.bob, world.carol]
    people = {u.name: u for u in users}
    async with bot(world, tmp_path, AFK_LIMIT="1", KADO_SEED="5") as proc:
        await proc.ready()
        board = await open_lobby(world, "eminit", world.alice)
        for user in users[1:]:
            await emulator.click(user, board, board.button("Join"))
        await emulator.wait_until(lambda: all(n in board.text() for n in people))
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: waiting_for(board), description="the first turn")
        seats: dict[int, int] = {
            u.id: seat for seat, u in enumerate(users)
            if db_rows(tmp_path, "SELECT 1 FROM seats WHERE seat = ? AND user_id = ?", (seat, u.id))}
        assert len(seats) == 3
        chooser, rng, expired = _chooser(tmp_path, seats), random.Random(2), 0
        for _ in range(3000):
            if is_over(board) or expired >= 2:
                break
            state = game_state(tmp_path)
            if others_choice(state) is not None:  # the receiver stays away: the clock answers for them
                before, edits = len(made_for(tmp_path)), board.edits
                await emulator.wait_until(lambda b=before, e=edits: len(made_for(tmp_path)) > b and board.edits > e,
                                          timeout=30, description="the acquired choice to run out, and be shown")
                expired += 1
                continue
            names = [n for n in waiting_for(board) if n in people]
            if not names:
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30)
                continue
            seats["clicker"] = people[names[0]].id
            await act_once(world, people[names[0]], board, rng, chooser)
        assert expired >= 2, "no acquired choice in another's turn ran out: pick another KADO_SEED"
        assert timeout_posts(world) == []
        assert db_rows(tmp_path, "SELECT seat, ai_level, timeouts FROM seats ORDER BY seat") == [
            (0, None, 0), (1, None, 0), (2, None, 0)]
        assert "AI" not in board.text()
