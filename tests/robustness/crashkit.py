"""SIGKILL the real bot while simulated users play PORTAS, and check nothing they saw is lost.

Shared by ``tests/robustness/test_crash.py`` (≥ 50 kills per suite run) and
``bench/soak.py`` (as many kills and channels as you like).

Why this shape:

* **What users saw is the contract.**  A move is *acknowledged* when its
  clicker saw the board change after the click (the bot commits before it
  edits, see ``bot.sessions``).  Every acknowledged move must be in the
  ``actions`` table after the crash; a move committed but never shown may be
  there too (that is allowed: the user just sees it after the restart).
* **The log is checked by replay, not by counting** (:mod:`tests.robustness.crash_replay`).  Every session is
  replayed from its seed with the engine; each stored action must have been
  legal, the replayed state must equal the stored snapshot (atomic commits),
  and each human action is matched with the exact click (user, prompt
  version, button index) that produced it: acknowledged clicks must be a
  subsequence of the stored human moves (no loss), and the stored human moves
  a subsequence of the clicks sent (no phantom or doubled move).
* **Games must go on with the buttons people already have.**  After every
  restart the board *message the players already have* must show the
  buttons of the stored state (a crash between commit and board edit must
  not strand a game behind stale buttons), and the drivers keep clicking on
  it; any refusal except "this game has ended" fails the run.
* **Random but reproducible.**  Kill moments (a seeded number of moves since
  the restart, then a seeded fraction of a second, so kills land anywhere in a
  click's path while the test keeps its meaning on a loaded machine), kills
  during start-up and every button choice come from one seed, so a failure
  can be re-run.  (Timing still varies; the seed fixes the choices, not the
  scheduler.)
* **Start-up crashes too.**  With some probability the bot is killed again
  while it starts (migrations, restore, the board refresh, the gateway).

Drivers never sleep: they wait on the emulator (``wait_until``) for the effect
of each action, and park while the bot is down.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.helpers import act_buttons, is_over, waiting_for
from tests.emulator import BotProcess, DiscordEmulator
from tests.emulator.models import Channel, Message, User
from tests.robustness.crash_replay import GAME, expected_act_ids, replay_db, subsequence

ENDED_TEXT = "This game has ended"  # error.session_over: the only refusal a crash may cause
CRASH_ENV = {
    "KADO_AI_DELAY": "0.02",
    # Timers must not move for anyone during the run: every stored human move is a click we sent.
    "TURN_TIMEOUT": "3600",
    "PICK_TIMEOUT": "3600",
    "LOG_LEVEL": "INFO",
}


class Interrupted(Exception):
    """The bot was killed while a driver waited for the effect of its action."""


@dataclass
class Click:
    """One act-button click sent by a simulated user."""

    table: int
    user_id: int
    sid: int
    pv: int
    idx: int
    acked: bool = False
    refusal: str | None = None

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.user_id, self.pv, self.idx)


@dataclass
class Table:
    """One channel with two players taking turns in PORTAS games, one after another."""

    index: int
    chan: Channel
    host: User
    guest: User
    rng: random.Random
    board: Message | None = None
    parked: bool = False
    clicks: list[Click] = field(default_factory=list)
    finished: int = 0
    lost_end: int = 0  # boards still live for a game a crash finished unannounced
    first_after_restart: bool = False  # the next click is the first on this board since a restart

    def user(self, name: str) -> User:
        return self.host if name == self.host.name else self.guest


@dataclass
class Figures:
    seed: int
    channels: int
    kills: int = 0
    startup_kills: int = 0
    clicks: int = 0
    acked: int = 0
    stored_moves: int = 0
    unshown_moves: int = 0  # committed, never shown before the kill (shown after the restart)
    losses: int = 0
    phantoms: int = 0
    games_finished: int = 0
    lost_end_notices: int = 0
    boards_checked: int = 0
    first_clicks_after_restart: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"seed={self.seed} channels={self.channels} kills={self.kills} (during start-up {self.startup_kills})"
            f" clicks={self.clicks} acknowledged={self.acked} stored_moves={self.stored_moves}"
            f" unshown_but_stored={self.unshown_moves} losses={self.losses} phantoms={self.phantoms}"
            f" games_finished={self.games_finished} lost_end_notices={self.lost_end_notices}"
            f" boards_checked_after_restart={self.boards_checked}"
            f" first_clicks_after_restart_ok={self.first_clicks_after_restart} seconds={self.seconds:.1f}"
        )


def _sid_of(message: Message) -> int | None:
    for b in message.buttons():
        parts = (b.custom_id or "").split(":")
        if len(parts) >= 3 and parts[0] == "k" and parts[2].isdigit():
            return int(parts[2])
    return None


def _board_key(message: Message) -> tuple[Any, ...]:
    return (message.text(), tuple(b.custom_id for b in message.buttons()))


class CrashRun:
    """Drive ``channels`` tables of PORTAS through a bot process that gets SIGKILLed ``kills`` times."""

    def __init__(
        self,
        emu: DiscordEmulator,
        db_path: Path,
        *,
        seed: int,
        kills: int,
        channels: int = 4,
        moves: tuple[int, int] = (0, 10),
        jitter: float = 0.15,
        startup_kill_chance: float = 0.15,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.emu = emu
        self.db_path = db_path
        self.rng = random.Random(seed)
        self.kills = kills
        self.moves = moves
        self.jitter = jitter
        self.startup_kill_chance = startup_kill_chance
        self.log = log or (lambda _msg: None)
        self.figures = Figures(seed=seed, channels=channels)
        self.epoch = 0
        self.up = asyncio.Event()
        self.stopping = False
        guild = emu.create_guild("Crash", preferred_locale="en-US")
        self.tables: list[Table] = []
        for i in range(channels):
            chan = emu.create_channel(guild, f"table-{i}")
            host = emu.create_user(f"host{i}")
            guest = emu.create_user(f"guest{i}")
            emu.add_member(guild, host)
            emu.add_member(guild, guest)
            self.tables.append(Table(i, chan, host, guest, random.Random(seed * 1000 + i)))
        self.proc = BotProcess(emu, db_path, extra_env=CRASH_ENV, name="crash-test bot")

    # -- the run -------------------------------------------------------------------------------------------------

    async def run(self) -> Figures:
        started = time.monotonic()
        async with self.proc:
            await self.proc.ready()
            self.up.set()
            drivers = [asyncio.create_task(self._drive(t)) for t in self.tables]
            try:
                while self.figures.kills < self.kills and not self.stopping:
                    await self._play_a_while(self.rng.randint(*self.moves), self.rng.uniform(0.0, self.jitter))
                    await self._crash_and_recover()
                    if self.figures.problems:
                        break
                await self._play_a_while(self.moves[1], 0.0)
            finally:
                self.stopping = True
                self.epoch += 1
                self.up.set()
                await asyncio.gather(*drivers, return_exceptions=False)
            self.proc.kill()
            await self.proc.wait()
        self._check_db(final=True)
        self.figures.games_finished = sum(t.finished for t in self.tables)
        self.figures.lost_end_notices = sum(t.lost_end for t in self.tables)
        self.figures.clicks = sum(len(t.clicks) for t in self.tables)
        self.figures.acked = sum(c.acked for t in self.tables for c in t.clicks)
        self.figures.seconds = time.monotonic() - started
        return self.figures

    def _acked(self) -> int:
        return sum(c.acked for t in self.tables for c in t.clicks)

    async def _play_a_while(self, moves: int, seconds: float) -> None:
        """Let the drivers get ``moves`` more moves acknowledged, then play ``seconds`` more before a kill.

        Counting moves (not seconds) keeps the test meaningful on a loaded machine; the random
        extra time lands the kill anywhere in a click's path (before, during or after the commit,
        between the commit and the board edit...).
        """
        target = self._acked() + moves
        await self.emu.wait_until(
            lambda: self._acked() >= target or self.stopping, 120, description=f"{moves} moves between kills"
        )
        await asyncio.sleep(seconds)

    async def _crash_and_recover(self) -> None:
        self.epoch += 1
        self.up.clear()
        self.proc.kill()
        await self.proc.wait()
        self.figures.kills += 1
        await self.emu.wait_until(
            lambda: all(t.parked for t in self.tables), 15, description="drivers to notice the crash"
        )
        self._check_db(final=False)
        while True:
            await self.proc.start()
            if self.rng.random() >= self.startup_kill_chance:
                break
            # a second crash while the bot starts (migrations, restore, board refresh, gateway...)
            await asyncio.sleep(self.rng.uniform(0.0, 1.2))
            if not self.proc.running:
                break
            self.proc.kill()
            await self.proc.wait()
            self.figures.kills += 1
            self.figures.startup_kills += 1
            self._check_db(final=False)
        await self.proc.ready()
        await self._boards_current()
        self.log(f"kill {self.figures.kills}: {sum(len(t.clicks) for t in self.tables)} clicks so far")
        self.up.set()

    # -- checks -----------------------------------------------------------------------------------------------

    def _check_db(self, *, final: bool) -> None:
        replayed, problems = replay_db(self.db_path)
        self.figures.problems.extend(problems)
        by_sid = {r.sid: r for r in replayed}
        clicks: dict[int, list[Click]] = {}
        for t in self.tables:
            for c in t.clicks:
                clicks.setdefault(c.sid, []).append(c)
        losses = phantoms = stored = unshown = 0
        for sid, sent in clicks.items():
            rep = by_sid.get(sid)
            human = rep.human if rep else []
            acked = [c.key for c in sent if c.acked]
            matched = subsequence(acked, human)
            if matched < len(acked):
                losses += len(acked) - matched
                self.figures.problems.append(
                    f"session {sid}: acknowledged move {acked[matched]} (user, prompt version, index) is not in"
                    f" the database; stored human moves: {human}"
                )
            sent_keys = [c.key for c in sent]
            in_order = subsequence(human, sent_keys)
            if in_order < len(human):
                phantoms += len(human) - in_order
                self.figures.problems.append(
                    f"session {sid}: stored move {human[in_order]} matches no click sent, or repeats one;"
                    f" clicks sent: {sent_keys}"
                )
            stored += len(human)
            unshown += max(0, len(human) - len(acked))
        if final:
            self.figures.losses = losses
            self.figures.phantoms = phantoms
            self.figures.stored_moves = stored
            self.figures.unshown_moves = unshown
        elif losses or phantoms:
            self.figures.losses = max(self.figures.losses, losses)
            self.figures.phantoms = max(self.figures.phantoms, phantoms)

    async def _boards_current(self) -> None:
        """After a restart, each board players hold must show the stored state's buttons."""

        def stale() -> list[str]:
            replayed, _ = replay_db(self.db_path)
            live = {r.channel_id: r for r in replayed if r.status == "active"}
            ended = {r.sid for r in replayed if r.status != "active"}
            out = []
            for t in self.tables:
                if t.board is None:
                    continue
                rep = live.get(t.chan.id)
                shown = {b.custom_id for b in act_buttons(t.board)}
                if rep is None:
                    # A game a crash finished between its last commit and its board edit is shown ended at
                    # the start (SessionManager.announce_missed_endings): wait for that too, or the driver
                    # would take that edit for the effect of its next click.
                    if _sid_of(t.board) in ended and shown:
                        out.append(f"table {t.index}: board of ended session {_sid_of(t.board)} still has moves")
                    continue  # a lobby (its buttons carry no version) or a game shown ended
                if _sid_of(t.board) not in (rep.sid, None):
                    continue  # the player holds an older board (a /game status re-post); not this game's
                if shown != expected_act_ids(rep):
                    out.append(f"table {t.index}: board shows {sorted(shown)}, stored state wants"
                               f" {sorted(expected_act_ids(rep))}")
            return out

        try:
            await self.emu.wait_until(lambda: not stale(), 15, description="boards to show the stored state")
        except TimeoutError:
            self.figures.problems.append("after a restart, boards still stale after 15 s: " + "; ".join(stale()))
            self.stopping = True
            return
        self.figures.boards_checked += sum(1 for t in self.tables if t.board is not None)
        for t in self.tables:
            t.first_after_restart = True

    # -- drivers ----------------------------------------------------------------------------------------------

    async def _drive(self, t: Table) -> None:
        try:
            while not self.stopping:
                if not self.up.is_set():
                    t.parked = True
                    await self.up.wait()
                    t.parked = False
                    continue
                try:
                    await self._step(t, self.epoch)
                except Interrupted:
                    continue
        except Exception as exc:  # a driver that cannot go on ends the run with its reason
            self.figures.problems.append(f"table {t.index}: {type(exc).__name__}: {str(exc)[:2000]}")
            self.stopping = True
        finally:
            t.parked = True

    async def _until(self, predicate: Callable[[], Any], epoch: int, what: str, timeout: float = 15.0) -> Any:
        """Wait for ``predicate``; raise :class:`Interrupted` if the bot is killed first."""

        def check() -> Any:
            value = predicate()
            if value:
                return value
            if self.epoch != epoch:
                return Interrupted
            return None

        value = await self.emu.wait_until(check, timeout, description=what)
        if value is Interrupted:
            raise Interrupted
        return value

    async def _step(self, t: Table, epoch: int) -> None:
        if t.board is None or t.board.deleted:
            await self._open(t, epoch)
            return
        board = t.board
        if any((b.custom_id or "").startswith("k:l:") for b in board.buttons()):
            await self._lobby(t, board, epoch)
            return
        if is_over(board) or not act_buttons(board):
            if is_over(board):
                t.finished += 1
            t.board = None
            return
        await self._move(t, board, epoch)

    async def _open(self, t: Table, epoch: int) -> None:
        res = await self.emu.slash(t.host, t.chan, f"{GAME} new", wait=False)
        await self._until(lambda: res.responded, epoch, f"table {t.index}: /{GAME} new answered")
        refusal = res
        if res.message is not None and not res.ephemeral:
            shown = res.message  # "thinking…", then the lobby (or taken away and refused privately)
            await self._until(
                lambda: (not shown.loading) or shown.deleted or res.followups, epoch, f"table {t.index}: lobby shown"
            )
            if not shown.deleted and not shown.loading:
                t.board = shown
                return
            refusal = await res.wait_followup()
        # The channel already has this game (a crash hid its board from us): bring the board back.
        assert "already has" in refusal.text(), refusal.text()
        t.board = await self._status(t, epoch)
        assert t.board is not None, f"table {t.index}: /game status showed no board"

    async def _status(self, t: Table, epoch: int) -> Message | None:
        """/game status: the re-posted board once it is filled in (None if it was refused)."""
        res = await self.emu.slash(t.host, t.chan, "game status", wait=False)
        await self._until(lambda: res.responded, epoch, f"table {t.index}: /game status answered")
        if res.message is None or res.ephemeral:
            return None
        shown = res.message
        await self._until(
            lambda: (not shown.loading) or shown.deleted or res.followups, epoch, f"table {t.index}: board shown"
        )
        return None if shown.deleted or shown.loading else shown

    async def _lobby(self, t: Table, board: Message, epoch: int) -> None:
        before = _board_key(board)
        if f"2. {t.guest.name}" not in board.text():
            res = await self.emu.click(t.guest, board, board.button("Join"), wait=False)
        else:
            res = await self.emu.click(t.host, board, board.button("Start"), wait=False)
        await self._until(
            lambda: _board_key(board) != before or res.followups, epoch, f"table {t.index}: lobby step"
        )
        if res.followups and _board_key(board) == before:
            text = res.followups[0].text()
            # The lobby a crash left behind may have moved on without us seeing it: re-read it.
            if "already" not in text:
                self.figures.problems.append(f"table {t.index}: lobby click refused: {text}")
            shown = await self._status(t, epoch)
            if shown is not None:
                t.board = shown

    async def _move(self, t: Table, board: Message, epoch: int) -> None:
        names = waiting_for(board)
        assert len(names) == 1, board.text()
        user = t.user(names[0])
        buttons = act_buttons(board)
        button = t.rng.choice(buttons)
        _, _, sid, pv, idx = button.custom_id.split(":")
        before = _board_key(board)
        res = await self.emu.click(user, board, button, wait=False)
        click = Click(t.index, user.id, int(sid), int(pv), int(idx))
        t.clicks.append(click)
        first, t.first_after_restart = t.first_after_restart, False
        outcome = await self._until(
            lambda: "moved" if _board_key(board) != before else ("refused" if res.reply else None),
            epoch,
            f"table {t.index}: effect of {button.custom_id}",
        )
        if outcome == "moved":
            click.acked = True
            if first:
                self.figures.first_clicks_after_restart += 1
            return
        assert res.reply is not None
        click.refusal = res.reply.text()
        if ENDED_TEXT in click.refusal:
            # A crash came between the final move's commit and its board edit: the game is over.
            t.lost_end += 1
            t.board = None
            return
        self.figures.problems.append(f"table {t.index}: click {button.custom_id} refused: {click.refusal}")
        self.stopping = True
