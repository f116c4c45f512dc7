"""Discord faults are ridden out: the real bot against the emulator's fault injection.

* a 429 (with ``retry_after``) on a board edit: the edit is retried, the move shows;
* 500s on a POST (a channel message, an interaction response): retried, shown once;
* a dropped gateway connection: the bot RESUMEs, a click made while it was away
  is answered, and later clicks work;
* a board deleted by a moderator: the next move re-posts it, and the game goes
  on from the new message (which is the one the bot keeps editing).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.helpers import act_buttons, bot, db_rows, is_over, make_world, open_lobby, press_start, waiting_for
from tests.emulator.fixtures import emulator  # noqa: F401
from tests.robustness.botworld import db_version, mover, play_one, start_portas

EDIT = r"/channels/\d+/messages/\d+|/webhooks/\d+/[^/]+/messages/@original"  # a board edit: bot or click token
POST = r"/channels/\d+/messages"
CALLBACK = r"/interactions/\d+/[^/]+/callback"


async def test_429_on_a_board_edit_is_waited_out_and_the_move_shows(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    # answered with a deferred update at once, the move's board is an edit (else it is the click's answer)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="0") as proc:
        await proc.ready()
        board = await start_portas(world)
        version = db_version(tmp_path)
        user = mover(world, board)
        rule = emulator.fail_next("PATCH", EDIT, status=429, retry_after=0.4)
        before = board.text()
        res = await emulator.click(user, board, act_buttons(board)[0])
        await emulator.wait_until(lambda: board.text() != before, description="the move on the board")
        assert len(rule.hits) == 1  # the edit met the 429 ...
        assert db_version(tmp_path) == version + 1  # ... the move was taken once ...
        assert waiting_for(board) != [user.name] and act_buttons(board)  # ... and the retried edit shows it
        assert not res.followups
        assert "board edit failed" not in proc.log_text()
        await play_one(world, board)  # the game goes on from the same message


async def test_500s_on_a_channel_post_are_retried_and_posted_once(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await start_portas(world)
        # the first channel-message POST of a PORTAS game is its closing line: fail it twice
        rule = emulator.fail_next("POST", POST, status=500, count=2)
        for _ in range(300):
            if is_over(board):
                break
            await play_one(world, board)
        assert is_over(board)

        def results() -> list[str]:
            posts = emulator.channel_messages(world.chan)
            return [m.text() for m in posts if m.id != board.id and "PORTAS" in m.text()]

        await emulator.wait_until(results, timeout=20, description="the result line, after two 500s")
        assert len(rule.hits) == 2
        assert len(results()) == 1, results()
        assert "could not post" not in proc.log_text()


async def test_a_500_on_an_interaction_response_is_retried(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await start_portas(world)
        version = db_version(tmp_path)
        rule = emulator.fail_next("POST", CALLBACK, status=500)
        before = board.text()
        res = await emulator.click(mover(world, board), board, act_buttons(board)[0])
        await emulator.wait_until(lambda: board.text() != before, description="the move on the board")
        assert res.type in (6, 7)  # answered after the retry (with the move, or a deferred update), within 3 s
        assert len(rule.hits) == 1 and db_version(tmp_path) == version + 1
        assert not res.followups


async def test_a_refused_answer_still_shows_the_move_and_acknowledges_the_click(
    emulator, tmp_path: Path  # noqa: F811
) -> None:
    """The click's UPDATE_MESSAGE refused (a 400): the board is edited instead, the click acknowledged apart."""
    world = make_world(emulator)
    async with bot(world, tmp_path, KADO_ANSWER_WITHIN="1") as proc:  # the move is the answer, however slow
        await proc.ready()
        board = await start_portas(world)
        version = db_version(tmp_path)
        rule = emulator.fail_next("POST", CALLBACK, status=400, code=50035, message="Invalid Form Body")
        before = board.text()
        res = await emulator.click(mover(world, board), board, act_buttons(board)[0])
        await emulator.wait_until(lambda: board.text() != before, description="the move on the board")
        assert len(rule.hits) == 1 and db_version(tmp_path) == version + 1
        assert res.type == 6 and res.reply is None  # acknowledged by a deferred update; no "something went wrong"
        assert "could not answer a click with its message" in proc.log_text()
        await play_one(world, board)  # the next click is answered by its move again


async def test_gateway_drop_is_resumed_and_clicks_keep_working(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    async with bot(world, tmp_path) as proc:
        await proc.ready()
        board = await start_portas(world)
        identifies = emulator.identifies
        await emulator.drop_gateway(code=4000)
        assert any(kind == "resume" for kind, _ in emulator.gateway_log), emulator.gateway_log
        assert emulator.identifies == identifies  # resumed, not a new session
        version = db_version(tmp_path)
        await play_one(world, board)
        assert db_version(tmp_path) == version + 1

        # a click made while the connection is down reaches the bot when it resumes (missed events replayed)
        await emulator.drop_gateway(code=4000, wait=False)
        before = board.text()
        res = await emulator.click(mover(world, board), board, act_buttons(board)[0], wait=False)
        await emulator.wait_until(lambda: emulator.bot_connected() and board.text() != before, timeout=15,
                                  description="the click made during the outage, answered after the resume")
        assert res.type in (6, 7) and not res.followups  # the move itself, or a deferred update then the edit
        assert db_version(tmp_path) == version + 2
        await play_one(world, board)


async def test_deleted_board_is_posted_again_and_the_game_goes_on_there(emulator, tmp_path: Path) -> None:  # noqa: F811
    world = make_world(emulator)
    # a slow AI: time for the moderator to delete the board while the AI "thinks"
    async with bot(world, tmp_path, KADO_AI_DELAY="0.8") as proc:
        await proc.ready()
        board = await open_lobby(world, "portas", world.alice)
        await press_start(emulator, world.alice, board)  # alice against an AI
        await emulator.wait_until(lambda: waiting_for(board) == ["alice"], timeout=15, description="alice's turn")
        before = board.text()
        await emulator.click(world.alice, board, act_buttons(board)[0])
        await emulator.wait_until(lambda: board.text() != before and "thinking" in board.text(),
                                  description="the AI's turn")
        version = db_version(tmp_path)
        emulator.delete_message(board)

        def reposted() -> list:
            return [m for m in emulator.channel_messages(world.chan) if m.id != board.id and act_buttons(m)]

        await emulator.wait_until(reposted, timeout=15, description="the board posted again after the AI's move")
        (new,) = reposted()
        assert db_version(tmp_path) == version + 1  # the AI's move, shown on the new message
        assert waiting_for(new) == ["alice"]
        await emulator.wait_until(  # the new message is stored as the board right after it is posted
            lambda: db_rows(tmp_path, "SELECT board_message_id FROM sessions")[0][0] == new.id,
            description="the re-posted board stored as the session's board",
        )
        before = new.text()
        res = await emulator.click(world.alice, new, act_buttons(new)[0])
        await emulator.wait_until(lambda: new.text() != before, description="alice's move on the new board")
        assert not res.followups and db_version(tmp_path) >= version + 2
        assert "deleted; posting it again" in proc.log_text()
