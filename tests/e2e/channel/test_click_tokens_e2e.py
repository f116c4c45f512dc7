"""Moves edit their messages through clicks' interaction tokens, outside Discord's global limit.

* PORTAS: a move click is answered with the board showing the move (the callback's UPDATE_MESSAGE,
  type 7: :mod:`bot.transport.acks`), the move's one request; answered with a deferred update first (a move slower
  than ``KADO_ANSWER_WITHIN``), the board edit is ``PATCH /webhooks/{app}/{that click's token}/messages/
  @original``.  Either way the move costs no bot-token request at all.
* GETGEM (DM hands): once each player has clicked in their DM, a move costs no bot-token edit: the
  board goes through the Start click's token, each DM through its player's last click's token.
* An expired token (the emulator's 15 minutes, shortened) is refused with 401/50027 and the edit falls
  back to the bot token: the AI's move still reaches the board, and the game goes on.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from tests.e2e.dmplay import click_and_settle, default_choice, dm_controls
from tests.e2e.helpers import World, act_buttons, bot, is_over, make_world, open_lobby, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message
from tests.robustness.botworld import mover, start_portas

QUIET = {"TURN_PING_GRACE": "600"}  # no turn notice (a bot-token post) within these tests
TOKEN_EDIT = r"/webhooks/\d+/[^/]+/messages/@original"


async def quiet(emu: object, still: float = 0.3) -> None:
    """Until the bot has made no request for ``still`` seconds: every edit of the last move is in."""
    seen = -1
    while seen != len(emu.requests):  # type: ignore[attr-defined]
        seen = len(emu.requests)  # type: ignore[attr-defined]
        await asyncio.sleep(still)


async def _getgem_of_two(world: World) -> tuple[Message, Any]:
    """alice opens GETGEM, bob joins, alice starts: the board at its first turn, and the Start click."""
    board = await open_lobby(world, "getgem", world.alice)
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text())
    start = await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: waiting_for(board), description="the first turn")
    return board, start


def bot_edits(emu: object, since: int) -> list[object]:
    return [r for r in emu.requests[since:] if r.token_kind == "bot" and r.method == "PATCH"]  # type: ignore[attr-defined]


async def test_a_board_click_is_answered_with_the_board_showing_its_move(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="1", **QUIET) as proc:  # time enough on a busy machine
        await proc.ready()
        board = await start_portas(world)
        for _ in range(3):
            mark, before, edits = len(emulator.requests), board.text(), board.edits
            res = await emulator.click(mover(world, board), board, act_buttons(board)[0])
            await res
            assert res.type == 7, res.type  # UPDATE_MESSAGE: the answer is the move
            assert board.text() != before and board.edits == edits + 1  # shown by the answer itself
            await quiet(emulator, 0.2)
            assert [r.token_kind for r in emulator.requests[mark:]] == ["interaction"], emulator.requests[mark:]
            assert res.token in emulator.requests[mark].path and "/callback" in emulator.requests[mark].path
    assert not emulator.violations


async def test_a_board_click_answered_at_once_edits_the_board_through_its_own_token(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="0", **QUIET) as proc:  # a deferred update at once
        await proc.ready()
        board = await start_portas(world)
        for _ in range(3):
            mark, before = len(emulator.requests), board.text()
            res = await emulator.click(mover(world, board), board, act_buttons(board)[0])
            await emulator.wait_until(lambda b=before: board.text() != b, description="the move on the board")
            await emulator.wait_until(lambda m=mark: emulator.request_counts(m)["interaction"] >= 2)
            assert res.type == 6
            assert emulator.request_counts(mark)["bot"] == 0, emulator.requests[mark:]
            edits = emulator.requests_matching("PATCH", TOKEN_EDIT)
            assert edits and res.token in edits[-1].path  # this click's own token
    assert not emulator.violations


async def test_dm_moves_cost_no_bot_token_edit_once_everyone_clicked(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    users = {u.name: u for u in (world.alice, world.bob)}
    rng = random.Random(5)
    async with bot(world, tmp_path, **QUIET) as proc:
        await proc.ready()
        board, _ = await _getgem_of_two(world)

        clicked: set[str] = set()
        mark, after = 0, 0
        while not is_over(board) and after < 12:
            assert len(clicked) == 2 or len(emulator.requests) < 2000, "both players should have clicked by now"
            if len(clicked) == 2:
                mark = mark or len(emulator.requests)  # from here on, every message has a live token
                after += 1
            (name,) = waiting_for(board)
            dm = await emulator.wait_until(lambda n=name: dm_controls(world, users[n]), description="buttons in the DM")
            assert isinstance(dm, Message)
            res = await click_and_settle(world, users[name], dm, default_choice(act_buttons(dm), rng), board)
            assert not res.followups, res.followups[0].text()
            clicked.add(name)
        assert mark, "the game ended before both players had clicked"
        await asyncio.sleep(0.5)  # the last move's other edits land
        # the board, the DMs and the moments message below the board (a followup of a live click)
        assert bot_edits(emulator, mark) == []
    assert not emulator.violations


async def test_an_expired_token_falls_back_to_the_bot_token(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    emulator.interaction_token_ttl = 0.4  # Discord's 15 minutes, shortened: the AI answers after it
    async with bot(world, tmp_path, KADO_AI_DELAY="1.0", **QUIET) as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        await press_start(emulator, world.alice, board)  # an AI fills the second seat
        for _ in range(2):
            await emulator.wait_until(lambda: waiting_for(board) == ["alice"], timeout=20, description="alice's turn")
            mark, before = len(emulator.requests), board.text()
            await emulator.click(world.alice, board, act_buttons(board)[0])
            await emulator.wait_until(lambda b=before: board.text() != b, description="alice's move shown")
            # the AI moves a second later, when alice's token is gone: refused, then edited with the bot token
            await emulator.wait_until(lambda: waiting_for(board) == ["alice"] or is_over(board), timeout=20,
                                      description="the AI's move on the board")
            refused = [r for r in emulator.requests[mark:] if r.status == 401]
            assert refused and all("/webhooks/" in r.path for r in refused)
            assert bot_edits(emulator, mark), "the AI's move was shown with the bot token"
        assert "board edit failed" not in proc.log_text()
    assert not emulator.violations


async def test_the_clickers_dm_is_edited_before_the_board_and_the_other_players(emulator, tmp_path: Path) -> None:  # noqa: F811
    """Bob (seat 1) clicks in his DM: his DM is edited first (his click's answer), then the board and
    alice's DM (seat 0), whose view changed too."""
    world = make_world(emulator)
    users = {u.name: u for u in (world.alice, world.bob)}
    rng = random.Random(7)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="1", **QUIET) as proc:  # time enough on a busy machine
        await proc.ready()
        board, start = await _getgem_of_two(world)  # the Start click's token edits the board
        checked = 0
        while not is_over(board) and checked < 3:
            (name,) = waiting_for(board)
            dm = await emulator.wait_until(lambda n=name: dm_controls(world, users[n]), description="buttons in the DM")
            await quiet(emulator)  # the last move's edits are all in before this click
            other = next(m for u in users.values() if u.name != name for m in emulator.dm_messages(u))
            mark, board_edits, dm_edits, other_edits = len(emulator.requests), board.edits, dm.edits, other.edits
            res = await emulator.click(users[name], dm, default_choice(act_buttons(dm), rng))
            await emulator.wait_until(lambda b=board_edits, d=dm_edits, m=dm: board.edits > b or m.edits > d)
            await quiet(emulator)  # every edit of this move is in
            if name != "bob" or dm.edits == dm_edits or other.edits == other_edits:
                continue  # wanted: a move of bob's that changed both DMs
            dm_paths = [r.path for r in emulator.requests[mark:]  # DM changes: no board edit (by token or not)
                        if (r.method == "PATCH" or r.path.endswith("/callback"))
                        and start.token not in r.path and f"/{world.chan.id}/" not in r.path]
            # bob's own DM first: his click's answer (UPDATE_MESSAGE), or an edit through his click's token
            assert res.token in dm_paths[0], dm_paths
            assert len(dm_paths) == 2 and res.token not in dm_paths[1], dm_paths
            shown = [r.path for r in emulator.requests[mark:] if r.method == "PATCH" or r.path.endswith("/callback")]
            board_at = [i for i, p in enumerate(shown) if start.token in p or f"/{world.chan.id}/" in p]
            assert board.edits > board_edits and board_at, "bob's move was not shown on the board"
            answer_at = next(i for i, p in enumerate(shown) if res.token in p)
            other_at = next(i for i, p in enumerate(shown) if p in dm_paths[1:])
            # bob's DM is not held behind the board's round trip; the board and alice's DM then go together
            assert answer_at < board_at[0] and answer_at < other_at, shown
            checked += 1
        assert checked, "bob made no move that changed both DMs"
    assert not emulator.violations


async def test_the_board_does_not_wait_for_the_round_trip_of_the_clickers_answer(emulator, tmp_path: Path) -> None:  # noqa: F811
    """A DM click's answer (its DM, UPDATE_MESSAGE) is held in flight: the board shows the move meanwhile, so the
    channel's turn is held for one round trip to Discord, not two.  (A move the board does not show, such as a
    choice with a second step, is let through and the next one tried.)"""
    world = make_world(emulator)
    users = {u.name: u for u in (world.alice, world.bob)}
    rng = random.Random(3)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="1", **QUIET) as proc:
        await proc.ready()
        board, _ = await _getgem_of_two(world)
        shown_while_held = False
        for _ in range(6):
            (name,) = waiting_for(board)
            dm = await emulator.wait_until(lambda n=name: dm_controls(world, users[n]), description="DM buttons")
            await quiet(emulator)
            before = board.edits
            hold = emulator.hold_next("POST", r"/interactions/\d+/[^/]+/callback")
            res = await emulator.click(users[name], dm, default_choice(act_buttons(dm), rng), wait=False)
            try:
                await emulator.wait_until(lambda h=hold: h.hits, description="the clicker's answer in flight")
                await quiet(emulator)  # all the bot sends before the answer comes back
                shown_while_held = board.edits > before
                assert res.type is None  # the click's answer is still unanswered
            finally:
                hold.release()
            await res
            assert res.type == 7, res.type
            if shown_while_held:
                break
            await quiet(emulator)  # the move's board edit, if it waited for the answer, is in
        assert shown_while_held, "no move of the board was shown while its click's answer was in flight"
    assert not emulator.violations
