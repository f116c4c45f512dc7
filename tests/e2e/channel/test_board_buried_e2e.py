"""A board buried by the channel's talk comes back (bot/frontend/presenting/buried.py), through the bot and emulator.

alice and bob play GETGEM from their DMs until the first moment stands below
the board; carol, watching, then posts 20 messages in the channel.  The next
move posts the board again at the bottom, its moments message right below it,
and deletes the old two; the old board's buttons (their custom_ids carry the
session, not the message) still work.  PORTAS is played on the board itself:
there the click that brings the board back was made on the old board, and is
answered before that board goes.  ``KADO_SCREENS=<dir>`` saves the channel
before and after, at phone and desktop width.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from tests.e2e.dmplay import act_once
from tests.e2e.helpers import bot, is_over, make_world, open_lobby, press_start, waiting_for
from tests.e2e.moments_read import versions
from tests.emulator.base import Intents
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message

TALK = 20


def _save(emu, world, name: str) -> None:
    screens = os.environ.get("KADO_SCREENS")
    if screens:
        from tests.emulator.screens import save_channel

        for width in (360, 800):
            save_channel(emu, world.chan, f"{screens}/buried-{name}-{width}", viewer=world.carol, width=width)


async def test_twenty_messages_below_the_board_bring_it_back_at_the_next_move(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    people = {"alice": world.alice, "bob": world.bob}
    rng = random.Random(3)

    def kado_below(board: Message) -> list[Message]:  # Kado's lasting lines below the board (turn notices aside)
        return [m for m in emulator.channel_messages(world.chan)
                if m.id > board.id and m.from_bot and "🔔" not in (m.content or "")]

    async def move(board: Message) -> None:
        for _ in range(50):
            names = [n for n in waiting_for(board) if n in people]
            if names and await act_once(world, people[rng.choice(names)], board, rng):
                return
            edits = board.edits
            await emulator.wait_until(lambda e=edits: board.edits > e or board.deleted, timeout=15)
            if board.deleted:
                return
        raise AssertionError("no move taken")

    async with bot(world, tmp_path) as proc:
        await proc.ready()
        (intents,) = {d["intents"] for kind, d in emulator.gateway_log if kind == "identify"}
        assert intents & Intents.GUILD_MESSAGES and not intents & Intents.PRIVILEGED  # counted, never read
        board = await open_lobby(world, "getgem", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text())
        await press_start(emulator, world.alice, board)
        for _ in range(300):
            if kado_below(board):
                break
            assert not is_over(board)
            await move(board)
        (moments,) = kado_below(board)
        old_ids = sorted(b.custom_id for b in board.buttons() if b.custom_id)
        assert old_ids, "the board has buttons to keep working"
        _save(emulator, world, "before")

        for i in range(TALK):
            emulator.send_message(world.carol, world.chan, f"so what do we think of move {i}?")
        last_talk = emulator.channel_messages(world.chan)[-1]
        sent_before = len(emulator.requests)
        for _ in range(20):  # the next move the board shows (a hidden pick changes nothing public)
            await move(board)
            if board.deleted:
                break
        await emulator.wait_until(lambda: board.deleted and moments.deleted, description="the old board and moments")

        boards = [m for m in emulator.channel_messages(world.chan) if m.from_bot and m.buttons()]
        (new_board,) = boards  # the old board is gone: one board in the channel
        assert new_board.id > last_talk.id  # at the bottom, below the talk
        (new_moments,) = kado_below(new_board)
        # the same lines, below the new board (the move that brought it back may have added its own since)
        assert versions(new_moments)[0] == moments.content, versions(new_moments)
        _save(emulator, world, "after")

        # what the re-post cost Discord's global limit: the two posts went as followups of the channel's last
        # click (Join, Start: a live token), so only the old board's deletion took a bot-token request
        assert new_board.webhook_id is not None and new_moments.webhook_id is not None
        by_bot = [f"{r.method} {r.path}" for r in emulator.requests[sent_before:]
                  if r.token_kind == "bot" and f"/channels/{world.chan.id}/" in r.path]
        assert by_bot == [f"DELETE /channels/{world.chan.id}/messages/{board.id}"], by_bot

        # an old button's custom_id (a client still showing the old board) still reaches the game
        for custom_id in old_ids:  # "Details" and "My hand": each answers alice privately with the game
            res = await emulator.forge_click(world.alice, new_board, custom_id)
            assert res.ephemeral and ("GETGEM" in res.text() or "hand" in res.text().lower()), res.text()

        # a later move edits the new board in place: the count started again
        edits = new_board.edits
        for _ in range(20):
            await move(new_board)
            if new_board.edits > edits or new_board.deleted:
                break
        assert new_board.edits > edits and not new_board.deleted
    assert not emulator.violations, emulator.violations


async def test_a_move_clicked_on_the_buried_board_is_answered_and_shown_on_the_new_one(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    """PORTAS is played on the board itself: the click that brings it back is a click on the old board."""
    from tests.e2e.helpers import act_buttons

    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text())
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: act_buttons(board) and waiting_for(board), description="the first turn")
        for i in range(TALK):
            emulator.send_message(world.carol, world.chan, f"good luck {i}")
        (name,) = waiting_for(board)
        mover = {"alice": world.alice, "bob": world.bob}[name]
        res = await emulator.click(mover, board, act_buttons(board)[0])
        await emulator.wait_until(lambda: board.deleted, description="the old board deleted")
        assert res.type == 6 and res.responded, (res.type, res.text())  # answered while the old board stood
        (new_board,) = [m for m in emulator.channel_messages(world.chan) if m.from_bot and m.buttons()]
        assert res.followups == [new_board]  # posted as a followup of that very click (no bot-token post), no refusal
        await emulator.wait_until(lambda: waiting_for(new_board) and waiting_for(new_board) != [name],
                                  description="the move shown on the new board")
        (name,) = waiting_for(new_board)  # and the next move is played on it, edited in place
        edits = new_board.edits
        await emulator.click({"alice": world.alice, "bob": world.bob}[name], new_board, act_buttons(new_board)[0])
        await emulator.wait_until(lambda: new_board.edits > edits)
        assert not new_board.deleted
    assert not emulator.violations, emulator.violations
