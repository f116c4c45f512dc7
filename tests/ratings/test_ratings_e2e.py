"""Ratings through the real bot process and the local Discord emulator.

After a rated game the result post shows each player's change, the players'
DMs show their own, ``/game leaderboard`` and ``/game stats`` show the
ratings, and a full lobby shows each seat's chance to win.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

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
)
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message

CHANGE = r"{name} (1,\d\d\d) → (1,\d\d\d) \(([+−±]\d+)\)"


def _change(text: str, name: str) -> tuple[int, int, int]:
    """(before, after, delta) of one player's change in a post or DM; the delta must agree with the numbers."""
    found = re.search(CHANGE.format(name=name), text)
    assert found, (name, text)
    before, after = (int(x.replace(",", "")) for x in found.groups()[:2])
    delta = int(found.group(3).replace("−", "-").replace("±", ""))
    assert after - before == delta
    return before, after, delta


def _posted(world: World) -> bool:
    return any("**Ratings:**" in m.text() for m in world.emu.channel_messages(world.chan))


def _result_post(world: World) -> str:
    posts = [m.text() for m in world.emu.channel_messages(world.chan) if "**Ratings:**" in m.text()]
    assert len(posts) == 1, [m.text() for m in world.emu.channel_messages(world.chan)][-5:]
    return posts[0]


async def _play_portas(world: World) -> Message:
    """alice and bob play a whole PORTAS game by clicking."""
    board = await open_lobby(world, "portas", world.alice)
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
    await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: act_buttons(board), description="board with move buttons")
    for _ in range(200):
        if is_over(board):
            break
        user = world.alice if "Waiting for alice." in board.text() else world.bob
        await click_and_wait(world, user, board, act_buttons(board)[0], board)
    assert is_over(board)
    return board


async def test_a_rated_game_shows_in_the_post_leaderboard_stats_and_next_lobby(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    # a fixed seed: clicking the first button, seed 1's game has a winner (some seeds' games are draws)
    async with bot(world, tmp_path, KADO_SEED="1") as proc:
        await proc.ready()
        await _play_portas(world)
        await emulator.wait_until(lambda: _posted(world), description="the result post")
        post = _result_post(world)
        a, b = _change(post, "alice"), _change(post, "bob")
        assert a[0] == b[0] == 1500  # two new players
        assert sorted([a[2] > 0, b[2] > 0]) == [False, True]  # one won: seed 1's game is no draw
        winner, loser = ("alice", "bob") if a[2] > 0 else ("bob", "alice")
        stored = dict(db_rows(tmp_path, "SELECT name, games FROM ratings"))
        assert stored == {"alice": 1, "bob": 1}

        res = await emulator.slash(world.carol, world.chan, "game leaderboard", {"game": "portas"})
        text = res.text()
        assert res.ephemeral and "PORTAS — ratings" in text and "Provisional" in text
        shown = {n: int(r.replace(",", "")) for n, r in re.findall(r"\*\*(\w+)\*\* — (1,\d\d\d) · 1 game", text)}
        assert shown == {"alice": a[1], "bob": b[1]}
        assert text.index(f"**{winner}**") < text.index(f"**{loser}**")  # best first
        assert re.search(r"AI levels for reference:\*\* Easy [\d,]+ · Normal [\d,]+ · Strong [\d,]+", text), text

        res = await emulator.slash(world.alice, world.chan, "game stats")
        text = res.text()
        assert f"Rating {a[1]:,} · provisional (1 game)" in text and f"Last game: 1,500 → {a[1]:,}" in text
        assert [f.filename for f in res.message.attachments] == ["rating.png"]  # the trend chart
        assert res.message.attachments[0].data.startswith(b"\x89PNG")

        lobby = await open_lobby(world, "portas", world.alice)  # the next lobby: the seats' ratings...
        assert f"alice · {a[1]:,}?" in lobby.text() and "Chances to win" not in lobby.text()
        mark = len(emulator.requests)
        await emulator.click(world.bob, lobby, lobby.button("Join"))
        await emulator.wait_until(lambda: "Chances to win" in lobby.text(), description="chances in the lobby")
        await asyncio.sleep(0.3)  # anything else the click caused has been sent by now
        # the ratings are database reads: the click still costs its answer and the lobby's edit by its token, no more
        assert [(r.method, r.token_kind) for r in emulator.requests[mark:]] == [
            ("POST", "interaction"),
            ("PATCH", "interaction"),
        ]
        odds = dict(re.findall(r"(alice|bob) (\d+)%", lobby.text().split("Chances to win")[1]))
        assert int(odds[winner]) > 50 > int(odds[loser]) and int(odds["alice"]) + int(odds["bob"]) in (99, 100, 101)


async def test_a_forfeit_shows_each_player_their_change_in_their_dm(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await open_lobby(world, "getgem", world.alice)
        await emulator.click(world.bob, board, board.button("Join"))
        await emulator.wait_until(lambda: "bob" in board.text(), description="bob in lobby")
        await press_start(emulator, world.alice, board)
        await emulator.wait_until(lambda: emulator.dm_messages(world.bob), description="bob's hand by DM")
        await leave_game(world, world.bob)  # a 2-player game: his forfeit, placed last
        await emulator.wait_until(lambda: _posted(world), description="the result post")
        post = _result_post(world)
        assert _change(post, "alice")[2] > 0 > _change(post, "bob")[2]
        for user, sign in ((world.alice, 1), (world.bob, -1)):
            await emulator.wait_until(lambda u=user: "GETGEM rating" in emulator.dm_messages(u)[-1].text(),
                                      description=f"{user.name}'s rating in their DM")  # fmt: skip
            dm = emulator.dm_messages(user)[-1].text()
            before, after, delta = _change(dm, "Your GETGEM rating:")
            assert before == 1500 and delta * sign > 0
            assert (before, after, delta) == _change(post, user.name)
            other = "bob" if user is world.alice else "alice"
            assert f"{other} 1,500 →" not in dm  # a DM shows its own player's change only
        # forget-me: alice leaves the leaderboard; bob's rating, made against her, stays as it was
        board_before = (await emulator.slash(world.bob, world.chan, "game leaderboard", {"game": "getgem"})).text()
        assert "**alice**" in board_before and "**bob**" in board_before
        res = await emulator.slash(world.alice, world.chan, "game forget-me")
        done = await emulator.click(world.alice, res.message, res.message.button("Forget me"))
        await emulator.wait_until(lambda: "Done" in done.message.text(), description="forget-me done")
        board_after = (await emulator.slash(world.bob, world.chan, "game leaderboard", {"game": "getgem"})).text()
        assert "alice" not in board_after and "deleted user" not in board_after
        bob_line = re.compile(r"\*\*bob\*\* — [\d,]+ · 1 game")
        assert bob_line.search(board_after).group(0) == bob_line.search(board_before).group(0)  # type: ignore[union-attr]
    assert not db_rows(tmp_path, "SELECT * FROM ratings WHERE user_id=?", (world.alice.id,))


async def test_a_manager_stops_games_with_ai_seats_being_rated(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    boss = world.emu.create_user("boss")
    world.emu.add_member(world.guild, boss, permissions=Perm.MANAGE_GUILD)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        res = await emulator.slash(world.alice, world.chan, "game settings ratings", {"rate-ai-games": False})
        assert "Only members with the Manage Server permission" in res.text(), res.text()
        shown = (await emulator.slash(world.alice, world.chan, "game settings show")).text()
        assert "Games with AI seats rated:** yes" in shown  # the default, unchanged by the refusal
        res = await emulator.slash(boss, world.chan, "game settings ratings", {"rate-ai-games": False})
        assert res.ephemeral and "Games with AI seats are now rated: no." in res.text()
        shown = (await emulator.slash(world.alice, world.chan, "game settings show")).text()
        assert "Games with AI seats rated:** no" in shown
        board = await open_lobby(world, "portas", world.alice)
        await press_start(emulator, world.alice, board)  # alice against an AI: played, but not rated
        await emulator.wait_until(lambda: act_buttons(board), description="the board")
        await leave_game(world, world.alice)  # her forfeit ends it with a result
        await emulator.wait_until(lambda: db_rows(tmp_path, "SELECT COUNT(*) FROM results") == [(1,)],
                                  description="the result")  # fmt: skip
        assert not _posted(world)
    assert db_rows(tmp_path, "SELECT COUNT(*) FROM ratings") == [(0,)]
    assert db_rows(tmp_path, "SELECT data FROM guild_settings") == [('{"rate_ai_games":false}',)]
