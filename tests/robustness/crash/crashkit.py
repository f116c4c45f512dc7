"""SIGKILL the real bot while simulated users play PORTAS, and check nothing they saw is lost.

Shared by ``tests/robustness/crash/test_crash.py`` (26 kills per suite run) and
``bench/store/soak.py`` (as many kills and channels as you like).

Why this shape:

* **What users saw is the contract.**  A move is *acknowledged* when its
  clicker saw the board change after the click (the bot commits before it
  edits, see ``bot.core.sessions``).  Every acknowledged move must be in the
  ``actions`` table after the crash; a move committed but never shown may be
  there too (that is allowed: the user just sees it after the restart).
* **The log is checked by replay, not by counting** (:mod:`tests.robustness.crash.crash_replay`).  Every session is
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

The players (:mod:`tests.robustness.crash.crash_players`) never sleep: they wait on
the emulator (``wait_until``) for the effect of each action, and park while
the bot is down.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path

from tests.e2e.helpers import act_buttons
from tests.emulator import BotProcess, DiscordEmulator
from tests.robustness.crash.crash_players import Click, Figures, Players, Table, sid_of
from tests.robustness.crash.crash_replay import expected_act_ids, replay_db, subsequence

CRASH_ENV = {
    "KADO_AI_DELAY": "0.02",
    # Timers must not move for anyone during the run: every stored human move is a click we sent.
    "TURN_TIMEOUT": "3600",
    "PICK_TIMEOUT": "3600",
    "LOG_LEVEL": "INFO",
}


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
        self.players = Players(emu, self.figures)
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
            self.players.up.set()
            drivers = [asyncio.create_task(self.players.drive(t)) for t in self.tables]
            try:
                while self.figures.kills < self.kills and not self.players.stopping:
                    await self._play_a_while(self.rng.randint(*self.moves), self.rng.uniform(0.0, self.jitter))
                    await self._crash_and_recover()
                    if self.figures.problems:
                        break
                await self._play_a_while(self.moves[1], 0.0)
            finally:
                self.players.stopping = True
                self.players.epoch += 1
                self.players.up.set()
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
            lambda: self._acked() >= target or self.players.stopping, 120, description=f"{moves} moves between kills"
        )
        await asyncio.sleep(seconds)

    async def _crash_and_recover(self) -> None:
        self.players.epoch += 1
        self.players.up.clear()
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
        self.players.up.set()

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
                    if sid_of(t.board) in ended and shown:
                        out.append(f"table {t.index}: board of ended session {sid_of(t.board)} still has moves")
                    continue  # a lobby (its buttons carry no version) or a game shown ended
                if sid_of(t.board) not in (rep.sid, None):
                    continue  # the player holds an older board (a /game status re-post); not this game's
                if shown != expected_act_ids(rep):
                    out.append(f"table {t.index}: board shows {sorted(shown)}, stored state wants"
                               f" {sorted(expected_act_ids(rep))}")
            return out

        try:
            await self.emu.wait_until(lambda: not stale(), 15, description="boards to show the stored state")
        except TimeoutError:
            self.figures.problems.append("after a restart, boards still stale after 15 s: " + "; ".join(stale()))
            self.players.stopping = True
            return
        self.figures.boards_checked += sum(1 for t in self.tables if t.board is not None)
        for t in self.tables:
            t.first_after_restart = True
