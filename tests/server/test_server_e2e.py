"""Server life through the real bot process and the local Discord emulator.

Settings (rule option, language, moderator role) survive a restart and reach
the next lobby; a finished game shows up in stats, history and a replay that
redraws every board the channel saw; spectators see nothing private;
forget-me removes the user's id from the database.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.core import ai
from tests.e2e.helpers import (
    World,
    act_buttons,
    bot,
    click_and_wait,
    db_rows,
    is_over,
    make_world,
    open_lobby,
    press_start,
)
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message, User


def _manager(world: World) -> User:
    boss = world.emu.create_user("boss")
    world.emu.add_member(world.guild, boss, permissions=Perm.MANAGE_GUILD)
    return boss


async def _play_portas(world: World) -> Message:
    """alice and bob play a whole PORTAS game by clicking; returns the board message."""
    board = await open_lobby(world, "portas", world.alice)
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
    await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: act_buttons(board), description="board with move buttons")
    for _ in range(200):
        if is_over(board):
            break
        name = "alice" if "Waiting for alice." in board.text() else "bob"
        user = world.alice if name == "alice" else world.bob
        res = await click_and_wait(world, user, board, act_buttons(board)[0], board)
        assert not res.followups, [f.text() for f in res.followups]
    assert is_over(board)
    return board


def _texts(components: list[Any]) -> list[str]:
    """The Text Displays of a V2 component tree, depth-first (the short board's words)."""
    out: list[str] = []
    for c in components:
        if c.get("type") == 10:
            out.append(str(c.get("content") or ""))
        out += _texts(list(c.get("components") or []))
    return out


def _game_part(embed: dict[str, Any]) -> tuple[Any, ...]:
    """What the game's renderer drew: title, description and its fields (not the platform's last field)."""
    fields = [(f["name"], f["value"]) for f in embed.get("fields", [])][:-1]
    return embed.get("title"), embed.get("description"), tuple(fields)


async def test_rule_option_set_by_command_survives_restart_and_shows_in_lobby(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    boss = _manager(world)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        choices = await emulator.autocomplete(
            boss, world.chan, "game settings rule", {"game": "portas", "option": "over"}, focused="option"
        )
        assert [c["value"] for c in choices] == ["overshoot"]
        values = await emulator.autocomplete(
            boss, world.chan, "game settings rule", {"game": "portas", "option": "overshoot", "value": ""},
            focused="value",
        )  # fmt: skip
        assert [c["value"] for c in values] == ["illegal", "allowed"] and "default" in values[0]["name"]

        res = await emulator.slash(world.carol, world.chan, "game settings rule",
                                   {"game": "portas", "option": "overshoot", "value": "allowed"})  # fmt: skip
        assert res.ephemeral and "Manage Server" in res.text()
        res = await emulator.slash(boss, world.chan, "game settings rule",
                                   {"game": "portas", "option": "overshoot", "value": "sometimes"})  # fmt: skip
        assert res.ephemeral and "cannot be set" in res.text() and "illegal, allowed" in res.text()
        res = await emulator.slash(boss, world.chan, "game settings rule",
                                   {"game": "portas", "option": "overshoot", "value": "allowed"})  # fmt: skip
        assert res.ephemeral and "is now allowed (default not allowed)" in res.text()

        await proc.restart()
        lobby = await open_lobby(world, "portas", world.alice)
        assert "Rule options (not default)" in lobby.text()
        assert "Overshooting a treasure: allowed" in lobby.text()  # in words, not `overshoot`=`'allowed'`
        res = await emulator.slash(world.carol, world.chan, "game settings show")  # anyone may look
        assert res.ephemeral and "allowed (default not allowed)" in res.text()
        res = await emulator.slash(world.carol, world.chan, "game settings show", {"game": "portas"})
        assert "Values: not allowed (`illegal`), allowed" in res.text()
    ((options,),) = db_rows(tmp_path, "SELECT options FROM sessions")
    assert json.loads(options)["overshoot"] == "allowed"


async def test_language_moderator_role_and_ai_levels(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    boss = _manager(world)
    role = emulator.create_role(world.guild, "game-mods")
    dave = emulator.create_user("dave")
    emulator.add_member(world.guild, dave, roles=[role])
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(boss, world.chan, "game settings language", {"language": "ja"})
        assert res.ephemeral and "日本語" in res.text()
        lobby = await open_lobby(world, "portas", world.alice)
        assert "ロビー" in lobby.text()  # the channel post follows the server setting, not the en-US locale

        res = await emulator.slash(dave, world.chan, "game reset")
        assert "Only moderators" in res.text()
        res = await emulator.slash(boss, world.chan, "game settings modrole", {"role": role})
        assert res.ephemeral and f"<@&{role.id}>" in res.text()
        await proc.restart()  # the role is loaded again at start-up
        res = await emulator.slash(dave, world.chan, "game reset")
        await res.wait_loaded()
        assert "ended" in res.text()

        for level in [lv for lv in ai.LEVELS if lv != "easy"]:
            await emulator.slash(boss, world.chan, "game settings ai", {"level": level, "allowed": False})
        res = await emulator.slash(boss, world.chan, "game settings timer", {"seconds": 90})
        assert "90 seconds" in res.text()
        shown = (await emulator.slash(boss, world.chan, "game settings show")).text()
        assert "AI levels allowed:** Easy" in shown and "90 s" in shown and f"<@&{role.id}>" in shown
        board = await open_lobby(world, "portas", world.alice)
        pick = await emulator.click(world.alice, board, board.button("AIを追加"))
        assert [b.label for b in pick.message.buttons()] == ["Easy"]
        await press_start(emulator, world.alice, board)  # the empty seat gets an allowed AI
        await emulator.wait_until(lambda: db_rows(tmp_path, "SELECT ai_level FROM seats WHERE seat=1 AND session_id=2"),
                                  description="AI seat")  # fmt: skip
        assert db_rows(tmp_path, "SELECT ai_level FROM seats WHERE seat=1 AND session_id=2") == [("easy",)]
    assert db_rows(tmp_path, "SELECT data FROM guild_settings") == [
        (f'{{"language":"ja","moderator_role":{role.id},"ai_levels":["easy"],"turn_timeout":90}}',)
    ]


async def test_finished_game_in_stats_history_and_replay(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await _play_portas(world)
        # every short board the channel showed (V2 text displays), from the deal to the end, in order
        seen: list[tuple[str, ...]] = []
        for snapshot in [*board.history, {"components": board.components}]:
            texts = tuple(_texts(snapshot.get("components") or []))
            if texts and "lobby" not in texts[0] and (not seen or seen[-1] != texts):
                seen.append(texts)
        moves = db_rows(tmp_path, "SELECT COUNT(*) FROM actions")[0][0]
        assert len(seen) == moves + 1

        res = await emulator.slash(world.alice, world.chan, "game stats")
        assert res.ephemeral and "1 played" in res.text()
        res = await emulator.slash(world.carol, world.chan, "game stats", {"user": world.bob})
        assert "1 played" in res.text()
        res = await emulator.slash(world.alice, world.chan, "game leaderboard", {"game": "portas"})
        # ranked by rating: after one game both are provisional, listed apart, with the AI levels
        text = res.text()
        assert "Provisional" in text and "**alice**" in text and "**bob**" in text and "AI levels" in text
        res = await emulator.slash(world.carol, world.chan, "game history")
        assert "`#1` **PORTAS**" in res.text() and "alice, bob" in res.text()
        res = await emulator.slash(world.carol, world.chan, "game history", {"user": world.carol})
        assert "carol has no finished games on this server yet." in res.text()

        res = await emulator.slash(world.carol, world.chan, "game replay", {"id": 1})  # anyone may watch
        replay = res.message
        assert res.ephemeral and replay is not None
        replayed = [_game_part(replay.embeds[0])]
        for _ in range(moves):
            await emulator.click(world.carol, replay, replay.button("Next"))
            replayed.append(_game_part(replay.embeds[0]))
        # one replay page per board shown, each a different position; both end on the same result line
        assert len(set(replayed)) == len(replayed) == len(seen)
        assert replayed[-1][1].splitlines()[0] in seen[-1][1]
        assert "step 0/" not in replay.text() and f"step {moves}/{moves}" in replay.text()
        await emulator.click(world.carol, replay, replay.button("Next"))
        assert "what was hidden" in replay.text() and replay.button("Next").disabled
        await emulator.click(world.carol, replay, replay.button("Start"))
        assert "step 0/" in replay.text() and replay.button("Previous").disabled

        res = await emulator.slash(world.alice, world.chan, "game replay", {"id": 99})
        assert "no game #99" in res.text()
        await open_lobby(world, "portas", world.alice)
        res = await emulator.slash(world.alice, world.chan, "game replay", {"id": 2})
        assert "still running" in res.text()


async def test_spectators_see_the_board_and_nothing_private(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "promotion", world.alice)
        await press_start(emulator, world.alice, board)  # three AIs fill the table
        await emulator.wait_until(lambda: emulator.dm_messages(world.alice), description="alice's hand by DM")
        private = emulator.dm_messages(world.alice)[-1].text_displays()[1]  # her hand, below the card's title
        assert "Your" in private, private

        res = await emulator.click(world.carol, board, board.button("My hand"))
        assert res.ephemeral and "not playing" in res.text()
        res = await emulator.slash(world.carol, world.chan, "game hand")
        assert res.ephemeral and "not playing" in res.text()
        res = await emulator.slash(world.carol, world.chan, "game spectate")
        assert res.ephemeral and "PROMOTION" in res.text().upper()
        assert [b.label for b in res.message.buttons()] == ["Details"]  # no move, hand or rematch button
        assert "this copy does not change" in res.text() and "thinking" not in res.text()  # a snapshot, said so
        assert "The channel's board" in res.text()  # linked: that one follows the game
        assert private not in emulator.visible_text(world.carol)
        assert not emulator.dm_messages(world.carol)


async def test_mydata_and_forget_me(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        await _play_portas(world)
        res = await emulator.slash(world.alice, world.chan, "game mydata")
        assert res.ephemeral and "Games you sat in: 1" in res.text()
        (export,) = res.message.attachments
        assert export.filename == "kado-mydata.json" and str(world.alice.id).encode() in export.data

        res = await emulator.slash(world.alice, world.chan, "game forget-me")
        assert res.ephemeral and "cannot be undone" in res.text()
        assert db_rows(tmp_path, "SELECT COUNT(*) FROM seats WHERE user_id=?", (world.alice.id,)) == [(1,)]
        done = await emulator.click(world.alice, res.message, res.message.button("Forget me"))
        await emulator.wait_until(lambda: "Done" in done.message.text(), description="forget-me done")

        res = await emulator.slash(world.alice, world.chan, "game stats")
        assert "No finished games" in res.text()
        res = await emulator.slash(world.bob, world.chan, "game stats")
        assert "1 played" in res.text()  # the others keep their records
        res = await emulator.slash(world.bob, world.chan, "game history")
        assert "deleted user, bob" in res.text()
    needle = str(world.alice.id)
    for (table,) in db_rows(tmp_path, "SELECT name FROM sqlite_master WHERE type='table'"):
        for row in db_rows(tmp_path, f"SELECT * FROM {table}"):
            assert not any(needle in str(v) for v in row if v is not None), (table, row)
