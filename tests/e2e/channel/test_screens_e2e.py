"""Each game's screens as players see them: V2 lobby, short board with its picture, Details, DMs, the end.

The emulator checks every V2 message against Discord's rules (a violation
fails the test); these tests check what the screens show: the accent of the
game and state, the picture (a real PNG, referenced by the board), the short
text, the long text one click away, and a channel without Attach Files
playing on as text.  ``KADO_SCREENS=/tmp/screens`` saves every screen.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.core import games
from bot.frontend.ui import layout
from tests import gamekit
from tests.e2e.dmplay import act_once, click_and_settle, dm_controls
from tests.e2e.helpers import (
    World,
    act_buttons,
    board_text,
    bot,
    details_text,
    is_over,
    make_world,
    open_lobby,
    preset_rules,
    press_start,
    waiting_for,
)
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message

GAMES = list(gamekit.ids())
PNG = b"\x89PNG\r\n\x1a\n"


async def _start(world: World, game: str) -> tuple[Message, dict[str, Any]]:
    """A lobby opened by alice, bob joins, Start (AIs fill a game that needs more)."""
    board = await open_lobby(world, game, world.alice)
    spec = games.get(game)
    assert board.is_v2 and not board.embeds and not board.content
    assert board.accent_color == layout.accent(spec.accent, "active")
    assert board.button("Join") is not None and board.button("Start") is not None
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
    await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: waiting_for(board) or is_over(board), description="the first turn")
    return board, {"alice": world.alice, "bob": world.bob}


async def _move(world: World, game: str, board: Message, people: dict[str, Any], rng: random.Random) -> None:
    """One move by a human the board waits for (board buttons or DM), else wait for the AI."""
    names = [n for n in waiting_for(board) if n in people]
    edits = board.edits
    if not names:
        await world.emu.wait_until(lambda: board.edits > edits or is_over(board), timeout=30, description="the AI")
        return
    user = people[rng.choice(names)]
    if games.get(game).public_controls:
        buttons = act_buttons(board)
        if buttons:
            await world.emu.click(user, board, rng.choice(buttons))
            await world.emu.wait_until(lambda: board.edits > edits, description="the move shown")
        return
    if not await act_once(world, user, board, rng):
        await world.emu.wait_until(lambda: board.edits > edits or dm_controls(world, user), timeout=30)


def _picture(message: Message, name: str) -> bytes:
    assert f"attachment://{name}" in message.images(), message.images()
    data = message.attachment(f"attachment://{name}").data
    assert data.startswith(PNG)
    return bytes(data)


@pytest.mark.parametrize("game", GAMES)
async def test_every_screen_is_v2_with_its_picture(emulator, tmp_path: Path, game: str) -> None:  # noqa: F811
    world = make_world(emulator)
    spec = games.get(game)
    preset_rules(tmp_path, world.guild.id, game, gamekit.expectations(game).short_game)  # to the end, sooner
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board, people = await _start(world, game)
        if not spec.public_controls:
            await emulator.wait_until(lambda: all(emulator.dm_messages(u) for u in people.values()), description="DMs")
        rng = random.Random(3)
        seen_dms: set[str] = set()
        checked_mid = False
        for _ in range(3000):
            if is_over(board):
                break
            if not checked_mid and waiting_for(board):
                checked_mid = True
                # the board mid-game: short text, the table's picture, Details beside the text
                assert board.is_v2 and not board.embeds and not board.content
                assert board.accent_color == layout.accent(spec.accent, "active")
                _picture(board, "board.png")
                short = board_text(board)
                assert len(short.splitlines()) <= 10, short
                long = await details_text(world, world.carol, board)  # a spectator may look too
                assert len(long) > len(short) and "spectator" in long
            if not spec.public_controls:
                for user in (world.alice, world.bob):
                    dm = emulator.dm_messages(user)[-1]
                    assert dm.is_v2 and not dm.embeds
                    if act_buttons(dm):
                        seen_dms.add("choices")
                    else:
                        seen_dms.add("waiting")
                        assert dm.accent_color in (layout.accent(spec.accent, s) for s in ("wait", "over"))
                    if spec.picture is not None and hasattr(spec.picture, "hand"):
                        _picture(dm, "hand.png")
            await _move(world, game, board, people, rng)
        assert is_over(board)
        await emulator.wait_until(lambda: board.button("Rematch") is not None, description="the finished board")
        assert board.accent_color == layout.accent(spec.accent, "over")
        _picture(board, "board.png")
        assert "Game over" in board_text(board) and await details_text(world, world.alice, board)
        assert checked_mid
        if not spec.public_controls:
            assert "choices" in seen_dms and "waiting" in seen_dms, seen_dms
            # each player's DM ends saying so, with their result (and the saved screens show that, not a turn before)
            for user in (world.alice, world.bob):
                dm = await emulator.wait_until(
                    lambda u=user: (m := emulator.dm_messages(u)[-1]) and "Game over" in m.text() and m,
                    description=f"{user.name}'s DM at the end",
                )
                assert not act_buttons(dm) and dm.accent_color == layout.accent(spec.accent, "over")
    assert not emulator.violations, emulator.violations


@pytest.mark.parametrize("game", GAMES)
async def test_no_attach_files_plays_as_text(emulator, tmp_path: Path, game: str) -> None:  # noqa: F811
    """A channel where the bot may not attach files still gets a playable board, saying what it is missing."""
    world = make_world(emulator)
    emulator.deny_bot(world.chan, Perm.ATTACH_FILES)
    preset_rules(tmp_path, world.guild.id, game, gamekit.expectations(game).short_game)  # to the end, sooner
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board, people = await _start(world, game)
        rng = random.Random(5)
        for _ in range(3000):
            if is_over(board):
                break
            assert not board.images() and not board.shown_attachments()
            assert "Attach Files" in board_text(board)
            await _move(world, game, board, people, rng)
        assert is_over(board) and not board.images() and "Attach Files" in board_text(board)
    assert not emulator.violations, emulator.violations


@pytest.mark.parametrize("game", GAMES)
async def test_japanese_table_mid_game(emulator, tmp_path: Path, game: str) -> None:  # noqa: F811
    """A Japanese server: the lobby, board, 「詳細」 and DMs in Japanese; mid-game screens saved for a look."""
    guild = emulator.create_guild("テスト", preferred_locale="ja")
    chan = emulator.create_channel(guild, "ゲーム")
    users = {}
    for name in ("alice", "bob", "carol", "mod"):
        users[name] = emulator.create_user(name)
        emulator.add_member(guild, users[name])
    world = World(emulator, guild, chan, users["alice"], users["bob"], users["carol"], users["mod"])
    spec = games.get(game)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, chan, f"{game} new", locale="ja")
        board = await res.wait_loaded()
        assert board.is_v2 and board.button("参加") is not None, board.text()
        await emulator.click(world.bob, board, board.button("参加"), locale="ja")
        await emulator.wait_until(lambda: "bob" in board.text())
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: "の番です" in board_text(board), description="the first turn")
        rng = random.Random(7)
        people = {"alice": world.alice, "bob": world.bob}
        for _ in range(6):  # a few moves in: a log to show (a short game may be over sooner: both passed)
            if OVER_JA in board_text(board):
                break
            await _move_ja(world, game, board, people, rng)
        assert "詳細" in [b.label for b in board.buttons()]
        assert spec.picture is None or "attachment://board.png" in board.images()
        res = await emulator.click(world.carol, board, board.button("詳細"), locale="ja")
        assert res.ephemeral and "観戦者" in res.text(), res.text()
        screens = os.environ.get("KADO_SCREENS")
        if screens:
            from tests.emulator.screens import save_channel, save_dms

            save_channel(emulator, chan, f"{screens}/ja-{game}-board", viewer=world.carol)
            save_dms(emulator, world.alice, f"{screens}/ja-{game}-dm-alice")
    assert not emulator.violations, emulator.violations


OVER_JA = "ゲーム終了"  # the board's "Game over" in Japanese


async def _move_ja(world: World, game: str, board: Message, people: dict[str, Any], rng: random.Random) -> None:
    found = re.findall(r"(?:^|\n|· )([^\n<·]+?)の番です。", board_text(board))[-1:]
    names = [n for n in found for n in n.split("、") if n in people]
    edits = board.edits
    if not names:
        await world.emu.wait_until(
            lambda: board.edits > edits or OVER_JA in board_text(board), timeout=30, description="the AI"
        )
        return
    user = people[rng.choice(names)]
    if games.get(game).public_controls:
        await world.emu.click(user, board, rng.choice(act_buttons(board)), locale="ja")
        await world.emu.wait_until(lambda: board.edits > edits, description="the move shown")
        return
    message = await world.emu.wait_until(lambda: dm_controls(world, user), timeout=30, description="DM buttons")
    await click_and_settle(world, user, message, rng.choice(act_buttons(message)), board, locale="ja")


async def test_an_embed_board_from_before_v2_is_turned_into_v2(emulator, tmp_path: Path) -> None:  # noqa: F811
    """A game started before the upgrade has an embed board; the restarted bot's first edit clears it into V2."""
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board, _ = await _start(world, "getgem")
        proc.kill()
        await proc.wait()
        # the board as the bot before V2 left it: content, an embed and a row of buttons, no V2 flag
        board.flags, board.content = 0, "GETGEM"
        board.embeds = [{"title": "GETGEM — turn 1", "description": "▶ alice", "color": 0x3B7DD8}]
        hand = {"type": 2, "style": 1, "label": "My hand", "custom_id": "k:h:1"}
        board.components = [{"type": 1, "components": [hand]}]
        edits = board.edits
        await proc.start()
        await proc.ready()
        await emulator.wait_until(lambda: board.edits > edits, description="the board shown again after the start")
        assert board.is_v2 and not board.embeds and not board.content
        assert board.button("Details") is not None and "attachment://board.png" in board.images()
    assert not emulator.violations, emulator.violations
