"""Promotion's reveals as moments in the channel, through the real bot and the emulator.

After every change that resolves part of a round the channel shows one moment (a new version of
the game's one moments message below the board).
Checked against the game rebuilt from its seed and action log (the engine's
own events, not the renderer): each reveal post lists every pick, every clash
(where, and that those cards stay) and every raise; and no post names a pick
that was still hidden when it was posted -- under ``row1_first`` the first
post of a round may name only the row-1 players.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.core import games
from bot.core.names import shown
from bot.core.replay import rebuild
from cogs.promotion.rules.postcard import SUIT_SYMBOL
from tests.e2e.dmplay import default_choice, play_to_end
from tests.e2e.helpers import bot, db_rows, is_over, make_world, open_lobby, preset_rules, press_start
from tests.e2e.moments_read import entries, moment_messages
from tests.emulator.fixtures import emulator  # noqa: F401

HEADING = re.compile(r"^\*\*(Round \d+[:,]|The round)")
RESOLVING = {"revealed", "revealed_row1", "special", "special_missed", "row", "change", "wild", "down_move",
             "down_none", "wild_none", "king"}


def _steps(tmp_path: Path) -> tuple[list, list[str]]:
    """The game as the engine played it: every step, and the seat names as texts show them."""
    ((seed, options),) = db_rows(tmp_path, "SELECT seed, options FROM sessions")
    names = [shown(n) for (n,) in db_rows(tmp_path, "SELECT name FROM seats ORDER BY seat")]
    log = [{"version": v, "seat": s, "payload": json.loads(p)}
           for v, s, p in db_rows(tmp_path, "SELECT version, seat, payload FROM actions ORDER BY version")]
    return rebuild(games.get("promotion").rules, 4, seed, json.loads(options), log), names


def _row_1_every_other_round() -> Callable[[list[Any], random.Random], Any]:
    """Alice's choices: row 1 at every other pick (so ``row1_first`` reveals row 1 alone), else at random."""
    picks = 0

    def choose(buttons: list[Any], rng: random.Random) -> Any:
        nonlocal picks
        row1 = [b for b in buttons if (b.label or "").startswith("Row 1:")]
        if not row1:
            return default_choice(buttons, rng)
        picks += 1
        rows = [b for b in buttons if (b.label or "").startswith("Row ")]
        return row1[0] if picks % 2 else rng.choice(rows)

    return choose


async def test_each_reveal_leaves_a_post_with_every_pick_and_clash_and_no_hidden_pick(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    preset_rules(tmp_path, world.guild.id, "promotion", {"row1_first": True, "max_rounds": 8})
    async with bot(world, tmp_path, KADO_SEED="7") as proc:  # a reproducible game
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        await press_start(emulator, world.alice, board)  # three AIs fill the table
        await play_to_end(world, board, {"alice": world.alice}, seed=11, choose=_row_1_every_other_round())
        assert is_over(board)
        steps, names = _steps(tmp_path)
        changes = [s.public_events() for s in steps[1:]]
        changes = [events for events in changes if any(e.kind in RESOLVING for e in events)]

        def moments() -> list[str]:
            """Every moment shown, from every version of the one moments message."""
            return [t for t in entries(world, board) if HEADING.match(t)]

        # the last change's moment follows its board edit: one per resolving change, no more
        await emulator.wait_until(lambda: len(moments()) >= len(changes), description="the last moment")
        assert len(changes) >= 2 and len(moments()) == len(changes)
        shown = [m for m in moment_messages(world, board) if HEADING.match(m.text())]
        assert len(shown) == 1  # one message below the board, edited with each moment
        assert not any(m.pings() for m in shown)  # a moment is read, it calls no one
        posts = moments()
    clashes = picks_seen = 0
    partial_seen = False
    for post, events in zip(posts, changes, strict=True):
        kinds = [e.kind for e in events]
        public_picks: dict[int, int] = {}
        for e in events:
            if e.kind == "revealed":
                public_picks = dict(enumerate(e.args["picks"]))
            elif e.kind == "revealed_row1":
                public_picks.update({s: 1 for s in e.args["seats"]})
                partial_seen = partial_seen or "revealed" not in kinds
        # no post names a pick that was not public in its own change (the hidden ones stay hidden)
        named = {(n, int(row)) for n in names for row in re.findall(rf"{re.escape(n)} row (\d)", post)}
        assert named == {(names[s], p) for s, p in public_picks.items() if "revealed" in kinds}, post
        if "revealed" in kinds:
            picks_seen += 1
            assert all(f"{names[s]} row {p}" in post for s, p in public_picks.items())
        else:
            assert "Picks:" not in post
        for e in events:
            a = e.args
            if e.kind == "row":
                assert f"Row {a['row']} (" in post
                for suit, seats in a["clashes"]:
                    clashes += 1
                    who = ", ".join(names[s] for s in seats)
                    assert f"{SUIT_SYMBOL[suit]} clashed ({who}): those cards stay" in post, post
            elif e.kind in ("raise", "wild", "down_move"):
                assert f"{SUIT_SYMBOL[a['suit']]}{a['old']} → {SUIT_SYMBOL[a['suit']]}{a['new']}" in post, post
            elif e.kind == "special":
                assert f"{names[a['seat']]}: " in post and f"({a['order']})" in post
            elif e.kind == "await":
                assert post.splitlines()[-1].startswith("⏳ ")
        assert len(post.splitlines()) <= 12
    assert picks_seen >= 2 and clashes > 0 and partial_seen
