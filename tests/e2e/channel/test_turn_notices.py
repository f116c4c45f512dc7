"""Players know when to act: one channel notice per turn, pinging only them, gone once they acted.

A turn is counted the way players live it: it starts when the board starts
waiting for someone and lasts while it keeps waiting for them, whatever
sub-steps they click through.  Notices are counted among every message the
bot ever posted in the channel (deleted ones included).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from bot.core import replay
from cogs.getgem import rules as getgem_rules
from tests.e2e.dmplay import act_once
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
    waiting_for,
)
from tests.emulator import Perm
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.emulator.models import Message, RequestRecord, User
from tests.getgem.e2e.test_getgem_e2e import game_state, smart
from tests.getgem.e2e.test_getgem_e2e import start as start_getgem


def turns_in_log(tmp_path: Path, seat: int) -> int:
    """How many turns ``seat`` had in the stored GETGEM game: times it entered the seats waited for.

    Replayed from the action log, one state per commit, the way the bot's notifier sees the game; a
    reaction window (a Barrier question) is no turn.  Reading the board instead misses a window that
    opened and closed between two looks of a slow test, and miscounts.
    """
    ((seed, options, state),) = db_rows(tmp_path, "SELECT seed, options, state FROM sessions ORDER BY id DESC LIMIT 1")
    rows = db_rows(tmp_path, "SELECT version, seat, payload FROM actions ORDER BY version")
    log = [{"version": v, "seat": s, "payload": json.loads(p)} for v, s, p in rows]
    steps = replay.rebuild(getgem_rules, len(json.loads(state)["hands"]), seed, json.loads(options), log)
    turns, waited = 0, False
    for step in steps:
        now = seat in getgem_rules.to_act(step.state) and not getgem_rules.is_reaction(step.state, seat)
        turns += now and not waited
        waited = now
    return turns


def notices(world: World, user: User, *, live_only: bool = False) -> list[Message]:
    """The bot's channel messages that ping ``user`` (turn notices), deleted ones too unless ``live_only``."""
    return [
        m
        for m in world.emu.messages.values()
        if m.channel_id == world.chan.id
        and m.from_bot
        and m.ephemeral_to is None
        and user.mention in (m.content or "")
        and not (live_only and m.deleted)
    ]


def assert_pings_only(world: World, user: User) -> None:
    """Every notice for ``user`` pinged that one player, its allowed mentions limited to them.

    A notice is posted as a followup of a click in the channel (``POST /webhooks/{app}/{token}``) or,
    without a live token, with the bot token (``POST /channels/{id}/messages``): both are checked.
    """
    posts = [
        r
        for r in [
            *world.emu.requests_matching("POST", rf"/channels/{world.chan.id}/messages$"),
            *world.emu.requests_matching("POST", r"/webhooks/\d+/[^/]+$"),
        ]
        if r.json and user.mention in (r.json.get("content") or "")
    ]
    assert posts, "the notices' POST requests"
    for request in posts:
        allowed = request.json["allowed_mentions"]
        assert [str(u) for u in allowed.get("users", [])] == [str(user.id)], allowed
        assert "everyone" not in allowed.get("parse", []) and "roles" not in allowed.get("parse", []), allowed
    for notice in notices(world, user):
        assert notice.pings() == {user.id}, notice.content  # the player sees a mention; nobody else does


def notice_requests(world: World, kind: str) -> list[RequestRecord]:
    """The requests that posted, edited or deleted a turn notice with ``kind`` ("bot" or "interaction") tokens."""
    ids = {str(m.id) for u in [*world.users(), world.mod] for m in notices(world, u)}
    out = []
    for r in world.emu.requests:
        if r.token_kind != kind:
            continue
        text = (r.json or {}).get("content") or "" if r.method == "POST" else ""
        if text.startswith(("🔔", "⏰")) or (r.method in ("PATCH", "DELETE") and r.path.rsplit("/", 1)[-1] in ids):
            out.append(r)
    return out


def _to_act(world: World, board: Message) -> User:
    """The one PORTAS player the board waits for."""
    (name,) = waiting_for(board)
    return {"alice": world.alice, "bob": world.bob}[name]


async def _portas(world: World) -> Message:
    board = await open_lobby(world, "portas", world.alice)
    await world.emu.click(world.bob, board, board.button("Join"))
    await world.emu.wait_until(lambda: "bob" in board.text(), description="bob in the lobby")
    await press_start(world.emu, world.alice, board)
    await world.emu.wait_until(lambda: act_buttons(board), description="the first turn")
    return board


async def _portas_first_notice(world: World) -> tuple[Message, User, Message]:
    """A PORTAS game started, the player it waits for, and that player's first turn notice."""
    board = await _portas(world)
    user = _to_act(world, board)
    (first,) = await world.emu.wait_until(lambda: notices(world, user), description="the first turn notice")
    return board, user, first


async def test_one_notice_per_turn_in_a_full_portas_game_each_deleted_after_the_move(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    users = {"alice": world.alice, "bob": world.bob}
    turns: Counter[str] = Counter()
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board = await _portas(world)
        previous = None
        for _ in range(300):
            if is_over(board):
                break
            (name,) = waiting_for(board)
            user, other = users[name], users["bob" if name == "alice" else "alice"]
            if name != previous:
                turns[name] += 1
            previous = name
            await emulator.wait_until(lambda u=user: notices(world, u, live_only=True), description=f"{name}'s notice")
            await emulator.wait_until(
                lambda o=other: not notices(world, o, live_only=True), description="the other notice cleaned up"
            )
            (notice,) = notices(world, user, live_only=True)
            assert f"/channels/{world.guild.id}/{world.chan.id}/{board.id}" in notice.content  # PORTAS: the board
            assert not notice.buttons()
            res = await click_and_wait(world, user, board, act_buttons(board)[0], board)
            assert not [f for f in res.followups if f.ephemeral], [f.text() for f in res.followups]  # no refusal
        assert is_over(board)
        await emulator.wait_until(
            lambda: not any(notices(world, u, live_only=True) for u in users.values()),
            description="every notice deleted at the end",
        )
        for name, user in users.items():
            assert len(notices(world, user)) == turns[name] > 0, (name, turns)
        assert_pings_only(world, world.alice)
        assert_pings_only(world, world.bob)
        # nobody else was ever pinged by a notice
        assert not notices(world, world.carol) and not notices(world, world.mod)
        # every notice was a followup of a click on this channel's board or lobby: none cost a bot-token request
        sources = {r.id: r for r in emulator.interactions.values()}
        for user in users.values():
            for notice in notices(world, user):
                assert notice.interaction_id is not None, f"posted with the bot token: {notice.content}"
                source = sources[notice.interaction_id]
                assert source.channel.id == world.chan.id and source.source_message is not None, notice.content
        assert not notice_requests(world, "bot"), [(r.method, r.path) for r in notice_requests(world, "bot")]
        assert len(notice_requests(world, "interaction")) == 2 * sum(turns.values())  # a post and a delete a turn


async def test_no_notice_when_players_act_within_the_grace_time(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    users = {"alice": world.alice, "bob": world.bob}
    async with bot(world, tmp_path, TURN_PING_GRACE="8") as proc:
        await proc.ready()
        board = await _portas(world)
        for _ in range(6):  # quick players
            if is_over(board):
                break
            (name,) = waiting_for(board)
            await click_and_wait(world, users[name], board, act_buttons(board)[0], board)
        assert not notices(world, world.alice) and not notices(world, world.bob)
        if is_over(board):
            return
        # a slow player gets one notice after the grace time, with the deadline, and it goes once they act
        (name,) = waiting_for(board)
        await emulator.wait_until(lambda: notices(world, users[name]), timeout=15, description="the late notice")
        (notice,) = notices(world, users[name])
        assert "<t:" in notice.content and ":R>" in notice.content
        await click_and_wait(world, users[name], board, act_buttons(board)[0], board)
        await emulator.wait_until(lambda: notice.deleted, description="the notice deleted after the move")


async def test_dm_closed_player_gets_one_notice_per_multi_step_turn(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator, closed_dms=("alice",))
    users = [world.alice, world.bob]
    seats: dict[int, int] = {u.id: i for i, u in enumerate(users)}
    turns: Counter[str] = Counter()
    clicks: Counter[str] = Counter()
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board = await start_getgem(world, users)
        chooser = smart(tmp_path, seats)
        rng = random.Random(5)
        previous = None
        for _ in range(400):
            # bob's own turn too: a Barrier question of his is no turn, so alice's steals can fill
            # her count before he has had one
            if is_over(board) or (turns["alice"] >= 3 and clicks["alice"] > turns["alice"] and turns["bob"]):
                break
            names = [n for n in waiting_for(board) if n in ("alice", "bob")]
            if not names:
                edits = board.edits
                await emulator.wait_until(lambda e=edits: board.edits > e or is_over(board), timeout=30)
                continue
            name = names[0]
            user = world.alice if name == "alice" else world.bob
            pending = game_state(tmp_path).get("pending") or {}
            # a Barrier question is a reaction window, not a turn: it pings nobody
            reacting = pending.get("kind") == "barrier" and pending.get("target") == seats[user.id]
            if (name, reacting) != previous and not reacting:
                turns[name] += 1
                await emulator.wait_until(
                    lambda u=user: notices(world, u, live_only=True), description=f"{name}'s turn notice"
                )
            previous = (name, reacting)
            seats["clicker"] = user.id
            if await act_once(world, user, board, rng, chooser):
                clicks[name] += 1
        assert clicks["alice"] > turns["alice"] >= 2, (clicks, turns)  # some turn of hers had several steps
        if "alice" in waiting_for(board):  # her turn in progress (the board says so): its notice is still up
            await emulator.wait_until(lambda: len(notices(world, world.alice, live_only=True)) == 1)
        live = notices(world, world.alice, live_only=True)
        logged = turns_in_log(tmp_path, seats[world.alice.id])
        assert logged >= turns["alice"]  # the log sees every turn the board showed us, and any we looked past
        assert len(notices(world, world.alice)) == logged, (len(notices(world, world.alice)), logged, turns)
        assert len(live) <= 1
        for notice in notices(world, world.alice):
            assert "My hand" in notice.content and "<t:" in notice.content
        # each notice followed a public interaction in this channel (the Start click): never a DM click's
        sources = {r.id: r for r in emulator.interactions.values()}
        for notice in [*notices(world, world.alice), *notices(world, world.bob)]:
            assert notice.interaction_id is not None and sources[notice.interaction_id].channel.id == world.chan.id
        assert not [m for m in emulator.dm_messages(world.bob) if world.bob.mention in m.content]
        # bob's DMs are open: his notices link to his DM message
        (dm,) = emulator.dm_messages(world.bob)
        assert notices(world, world.bob)
        for notice in notices(world, world.bob):
            assert f"https://discord.com/channels/@me/{dm.channel_id}/{dm.id}" in notice.content
        # the old per-step and "DMs closed" pings are gone
        assert not [m for m in emulator.channel_messages(world.chan) if "choice to make" in m.text()]


async def test_half_time_reminder_edits_the_notice_and_a_timeout_removes_it(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, TURN_PING_GRACE="0", TURN_TIMEOUT="4") as proc:
        await proc.ready()
        _board, user, notice = await _portas_first_notice(world)
        assert notice.content.startswith("🔔")
        await emulator.wait_until(lambda: notice.content.startswith("⏰"), description="the reminder folded in")
        assert len(notices(world, user)) == 1  # an edit, not a second ping
        # edited with the token that posted it (Discord: a followup is edited "from the same token")
        edits = emulator.requests_matching("PATCH", rf"/webhooks/\d+/[^/]+/messages/{notice.id}")
        assert [r.status for r in edits] == [200] and not notice_requests(world, "bot")
        await emulator.wait_until(lambda: notice.deleted, timeout=15, description="the timeout took the notice away")


async def test_after_a_restart_the_player_to_act_gets_one_fresh_notice(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board, user, first = await _portas_first_notice(world)
    assert first.deleted  # a clean shutdown takes its notices down
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        await emulator.wait_until(lambda: len(notices(world, user)) == 2, description="a fresh notice")
        assert len(notices(world, user, live_only=True)) == 1
        await click_and_wait(world, user, board, act_buttons(board)[0], board)
        await emulator.wait_until(lambda: not notices(world, user, live_only=True), description="cleaned up")


async def test_once_the_tokens_expire_notices_go_with_the_bot_token_still_pinging_only_their_player(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    world = make_world(emulator)
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board, user, first = await _portas_first_notice(world)
        assert first.interaction_id is not None  # a followup of the Start click
        emulator.interaction_token_ttl = 0  # 15 minutes later: every token's webhook routes answer 401
        await click_and_wait(world, user, board, act_buttons(board)[0], board)
        await emulator.wait_until(lambda: first.deleted, description="the first notice deleted all the same")
        refused = emulator.requests_matching("DELETE", rf"/webhooks/\d+/[^/]+/messages/{first.id}")
        assert [r.status for r in refused] == [401]
        assert [r.status for r in emulator.requests_matching("DELETE", rf"/channels/\d+/messages/{first.id}")] == [204]
        user = _to_act(world, board)
        (second,) = await emulator.wait_until(
            lambda: notices(world, user, live_only=True), description="the next notice"
        )
        assert second.interaction_id is None  # the fresh click's token was refused too: the bot token posted it
        assert second.pings() == {user.id}
        assert_pings_only(world, user)
        assert not notices(world, world.carol) and not notices(world, world.mod)


async def test_a_notice_the_channel_refuses_leaves_one_line_in_the_log_and_the_game_plays_on(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    """Send Messages taken away mid-game, the tokens expired: each refused notice is a warning line, no traceback."""
    world = make_world(emulator)
    async with bot(world, tmp_path, TURN_PING_GRACE="0") as proc:
        await proc.ready()
        board, user, _first = await _portas_first_notice(world)
        emulator.interaction_token_ttl = 0  # no live token: the bot token posts, and Discord refuses it
        emulator.deny_bot(world.chan, Perm.SEND_MESSAGES)
        await click_and_wait(world, user, board, act_buttons(board)[0], board)
        user = _to_act(world, board)
        await emulator.wait_until(lambda: "no turn notice in channel" in proc.log_text(), description="the warning")
        refused = emulator.requests_matching("POST", rf"/channels/{world.chan.id}/messages")
        assert refused and {r.status for r in refused} == {403}
        assert not notices(world, user, live_only=True)
        assert "Traceback" not in proc.log_text()
        await click_and_wait(world, user, board, act_buttons(board)[0], board)  # the game plays on
