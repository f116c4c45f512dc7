"""The Review button through the real bot and the emulator: the chart and labelled decisions, in English and Japanese.

Quick on purpose: a PORTAS game of four moves that ends by a forfeit (a result,
so the Review button), reviewed with a few worlds per decision
(``KADO_REVIEW_WORLDS``), and one bot process for both languages.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.helpers import (
    World,
    act_buttons,
    bot,
    click_and_wait,
    db_rows,
    is_over,
    leave_game,
    make_world,
    open_lobby,
    press_start,
    waiting_for,
)
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.screens import render
from tests.emulator.state.message import Message

QUICK_REVIEWS = {"KADO_REVIEW_WORLDS": "6", "KADO_REVIEW_SECONDS": "0"}
LABELS_EN = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")
LABELS_JA = ("最善", "良い手", "不正確", "ミス", "大悪手")


async def _finished_game(world: World) -> Message:
    """A PORTAS game of four moves that bob leaves (alice wins): its result message, with the Review button."""
    emu = world.emu
    board = await open_lobby(world, "portas", world.alice)
    await emu.click(world.bob, board, board.button("Join"))
    await emu.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
    await press_start(emu, world.alice, board)
    await emu.wait_until(lambda: act_buttons(board), description="board with move buttons")
    for _ in range(4):
        (name,) = waiting_for(board)
        user = {"alice": world.alice, "bob": world.bob}[name]
        await click_and_wait(world, user, board, act_buttons(board)[-1], board)
    await leave_game(world, world.bob)
    await emu.wait_until(lambda: is_over(board), description="the game over")

    def results() -> list[Message]:
        return [m for m in emu.channel_messages(world.chan) if m.buttons() and "won" in m.text()]

    await emu.wait_until(results, description="the result with its button")
    return results()[0]


async def test_review_button_answers_with_chart_and_labels_in_both_languages(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    world.bob.locale = "ja"
    async with bot(world, tmp_path, **QUICK_REVIEWS) as proc:
        await proc.ready()
        result = await _finished_game(world)
        (button,) = result.buttons()
        assert button.label == "Review"

        asked = ((world.alice, LABELS_EN, "your review"), (world.bob, LABELS_JA, "あなたの振り返り"))
        for user, labels, heading in asked:
            answer = await emulator.click(user, result, button)
            assert answer.ephemeral
            message = await answer.wait_reply()
            await emulator.wait_until(lambda m=message, h=heading: h in m.text(), timeout=60, description="the review")
            text = message.text()
            assert any(label in text for label in labels), text
            assert [a.filename for a in message.attachments] == ["review.png"]
            assert message.attachments[0].data.startswith(b"\x89PNG")
            shown = [message]
            finds = [b for b in message.buttons() if (b.custom_id or "").startswith("k:rf:")]
            if finds:  # a costly decision: "Find a better move" shows its position, one button per choice
                found = await (await emulator.click(user, message, finds[0])).wait_reply()
                tries = [b for b in found.buttons() if (b.custom_id or "").startswith("k:rt:")]
                assert len(tries) >= 2
                await emulator.click(user, found, tries[0])
                shown.append(found)
            _save(emulator, shown, f"review-{user.name}")

        stranger = await emulator.click(world.carol, result, button)  # not a player: refused, privately
        assert stranger.ephemeral and "Only the players" in stranger.text()
    assert sorted(db_rows(tmp_path, "SELECT seat, status FROM reviews")) == [(0, "done"), (1, "done")]


def _save(emu, messages: list, name: str) -> None:
    """With ``KADO_SCREENS`` set, the private answers as a page of their own (channel pages leave ephemerals out)."""
    where = os.environ.get("KADO_SCREENS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        (Path(where) / f"{name}.html").write_text(render.page(messages, title=name, emu=emu), encoding="utf-8")


@pytest.mark.parametrize("token", ["alive", "dead"])
async def test_a_restart_between_request_and_answer_loses_nothing_through_the_bot(
    emulator, tmp_path: Path, token: str  # noqa: F811
) -> None:
    """Asked, then the bot stops before the review is done: the next start computes it unasked, and it is shown,
    in the very message that said "Reviewing…" before the stop while that answer's token lives; once Discord has
    spent the token (15 minutes), it comes as a DM that says which game it is."""
    world = make_world(emulator)
    endless = {"KADO_REVIEW_WORLDS": "1000000", "KADO_REVIEW_SECONDS": "0"}  # never done before the stop
    async with bot(world, tmp_path, **endless) as proc:
        await proc.ready()
        result = await _finished_game(world)
        answer = await emulator.click(world.alice, result, result.buttons()[0])
        reviewing = await answer.wait_reply()
        assert "Reviewing" in reviewing.text()
    assert db_rows(tmp_path, "SELECT seat, status FROM reviews") == [(0, "pending")]

    if token == "dead":
        emulator.interaction_token_ttl = 0  # the restart came more than 15 minutes later
    async with bot(world, tmp_path, **QUICK_REVIEWS) as proc:
        await proc.ready()
        await emulator.wait_until(lambda: db_rows(tmp_path, "SELECT status FROM reviews") == [("done",)],
                                  timeout=60, description="the pending review resumed at start and stored")
        if token == "alive":  # the "Reviewing…" answer shown before the stop is not left so: it becomes the review
            await emulator.wait_until(lambda: "your review" in reviewing.text(), timeout=20,
                                      description="the answer from before the restart edited into the review")
            assert [a.filename for a in reviewing.attachments] == ["review.png"]
        else:  # that answer can no longer be edited: the review reaches alice where she will see it
            def dm() -> list[Message]:
                return [m for m in emulator.dm_messages(world.alice) if "which you asked for in the server" in m.text()]

            await emulator.wait_until(dm, timeout=20, description="the review as a DM")
            (sent,) = dm()
            assert "your review" in sent.text() and [a.filename for a in sent.attachments] == ["review.png"]
            assert "Reviewing" in reviewing.text()  # untouched: its token is spent
            emulator.interaction_token_ttl = 900.0
        assert "Traceback" not in proc.log_text()
        again = await emulator.click(world.alice, result, result.buttons()[0])
        assert "your review" in (await again.wait_reply()).text()
