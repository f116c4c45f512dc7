"""Hidden-card leak scanner: seeded AI games through the bot layer, every message checked.

Shared by ``tests/robustness/leaks/test_leaks.py`` (a small seeded sample per game)
and ``bench/leak_scan.py`` (≥ 1,000 games per game, with figures).

How a game is played: a :class:`bot.core.sessions.SessionManager` on an in-memory
store runs the session; every seat is a *human* seat (so every seat gets its
private view) whose clicks are chosen by the AI (``easy`` or ``normal``, by
seed) and sent through ``SessionManager.act`` like a button click.  The
presenter is the real :class:`bot.frontend.presenting.presenter.DiscordPresenter` with only its
three I/O leaves replaced (board edit, channel post, DM delivery), so what is
checked is exactly what the bot would send: the channel board
(``payloads.board``), each seat's DM/ephemeral (``payloads.private``, with the
private event lines the presenter routes to that seat), and channel posts.

What "leak" means, and how it is found without a list of secrets per game:

1. **Twin states (generic).**  For an audience (the channel, or seat ``s``)
   a message leaks if it would read differently in another state that gives
   that audience the same knowledge.  Such a twin is
   ``rules.determinize(rules.view(state, s), s, seed)`` (every card ``s``
   cannot see re-dealt).  For seat ``s`` the DM text of the twin must equal
   the real one; for the channel the board text (and result line) must equal
   the real one for a twin from a seat's view.  A twin whose ``view(·, s)``
   differs from the real one breaks the engine's determinize contract and is
   reported as such (not counted as a leak, but it fails the scan too).
2. **Events (generic).**  A private event line shown to ``s`` leaks if it
   tells ``s`` more than its views before and after the move do.  Twin
   *transitions* test that: a twin of the pre-move state from ``s``'s view,
   the same action applied (when legal there), kept only if ``s``'s view
   after it equals the real one; then the event lines ``s`` sees must be the
   same lines (in any order: when one move makes a seat draw twice, the order
   of its two "you drew" lines only tells which card was on top, and both are
   in its hand now).  Rejected samples are counted; the figures show the
   coverage.  Card ids named in a private event must also appear in the
   seat's view before or after the move (``CARD_KEYS``): a cheap check that
   covers the draws and peeks the twin sampler must reject.
3. **Secret swaps (per game, cheap).**  Change only what an audience must not
   know and require identical text: PORTAS decks reversed (deck order is its
   only secret: the board must not list it); Promotion another seat's row
   pick before the reveal, all four values; GETGEM a card of another hand
   that the audience has not seen, swapped with a deck card of another type;
   Eminit a face-down field card the audience has not seen, swapped likewise.

Languages: seats and sessions alternate between English and Japanese, so
every message is checked in the language it was sent in, and each step also
checks one seat and the board in the other language (alternating), and the
swaps in one of the two: every catalogue string is exercised both ways.
Pictures are compared by a digest of what they are drawn from (their inputs,
seat, names and language), unless drawing is asked for (``bench/leak_scan.py
--draw-pictures``); see :func:`pictures_as_digests`.
What is checked per step is sampled this way to keep the scan within a few
times the bot's own rendering cost (``LeakChecks.check_step`` says exactly what).

The parts: this module plays the games; ``leak_checks.py`` checks each step;
``leak_secrets.py`` holds the per-game swaps and card keys; ``leak_capture.py``
the recording presenter and message texts; ``leak_report.py`` the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import random
import time
from collections.abc import Collection, Iterator
from typing import Any

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import gamefacts
from bot.core import ai
from bot.core.games import get
from bot.core.sessions import Player, SessionManager
from bot.core.store import Store
from bot.frontend.drawing import picture_cache
from bot.gamefacts import Game
from tests.robustness.leaks.leak_capture import CapturePresenter, payload_text
from tests.robustness.leaks.leak_checks import LANGS, LeakChecks
from tests.robustness.leaks.leak_report import Figures

__all__ = ["LANGS", "CapturePresenter", "Figures", "LeakScanner", "payload_text", "pictures_as_digests", "scan",
           "scan_sync"]

SEATS: dict[str, tuple[int, ...]] = {f.id: tuple(range(f.min_seats, f.max_seats + 1)) for f in gamefacts.found()}
"""Every legal table size of each game, from its declaration (``cogs/<game>/game.py``)."""
NAMES = ("Aoi", "Ben", "千尋", "Dana", "Eiji")
MAX_STEPS = 3000


class LeakScanner:
    """Plays seeded games of one game through the bot layer; :class:`LeakChecks` checks every step."""

    def __init__(self, game: str, *, seed: int, event_tries: int = 2) -> None:
        self.spec: Game = get(game)
        self.rules = self.spec.rules
        self.figures = Figures(game)
        self.games_rng = random.Random(seed)  # one seed per game: game i is the same whatever was checked before
        self.checks = LeakChecks(self.spec, self.figures, seed=seed, event_tries=event_tries)

    # -- a game --

    async def play(self, game_index: int, *, skip: bool = False) -> None:
        """Play and check game ``game_index`` (the next one of the seed's games); ``skip`` passes over it."""
        seed = self.games_rng.getrandbits(62)
        if skip:
            return
        rng = random.Random(seed)
        n = rng.choice(SEATS[self.spec.id])
        self.checks.new_game()
        store = await Store.open(":memory:")
        presenter = CapturePresenter(store)
        manager = SessionManager(store, presenter, ai_delay=0, turn_timeout=1e9, pick_timeout=1e9, seed=seed)
        try:
            await self._play(manager, presenter, rng, n, game_index)
        finally:
            await manager.close()
            await store.close()

    async def _play(
        self, manager: SessionManager, presenter: CapturePresenter, rng: random.Random, n: int, game_index: int
    ) -> None:
        players = [Player(1000 + i, NAMES[i], LANGS[(i + game_index) % 2]) for i in range(n)]
        levels = [rng.choice(("easy", "normal")) for _ in range(n)]
        record = await manager.new_lobby(
            self.spec.id, guild_id=1, channel_id=10 + game_index, host=players[0], locale=LANGS[game_index % 2]
        )
        for p in players[1:]:
            await manager.join(record.id, p)
        presenter.clear()
        await manager.start(record.id, players[0])
        self.figures.games += 1
        self.checks.check_step(record, presenter, "start", 0)
        for step in range(MAX_STEPS):
            if record.status != "active":
                break
            state = record.state
            assert state is not None
            to_act = self.rules.to_act(state)
            seat = rng.choice(to_act)
            legal = self.rules.legal(state, seat)
            action = ai.choose(self.spec, state, seat, levels[seat], rng.getrandbits(32))
            index = legal.index(action)
            presenter.clear()
            await manager.act(record.id, players[seat].user_id, manager.prompt_version(record, seat), index)
            self.figures.steps += 1
            where = f"game {game_index} step {step}"
            self.checks.check_events(state, seat, action, record, where)
            self.checks.check_moment(state, seat, action, record, where)
            self.checks.check_step(record, presenter, where, step + 1)
        else:
            self.figures.unfinished += 1
            self.checks.problem(f"{self.spec.id} game {game_index}: not over after {MAX_STEPS} steps")
            return
        if record.status == "active":
            self.figures.unfinished += 1
            return
        self.checks.check_result(record, presenter, f"game {game_index} end")


@contextlib.contextmanager
def pictures_as_digests(game: str, draw: bool) -> Iterator[None]:
    """Unless ``draw``, replace the game's pictures by a digest of what they are drawn from.

    A picture is a pure function of what it is drawn from: its inputs (the
    part of a view it shows), the seat, the names and the language
    (``draw_board(inputs, names, tr)``, ``draw_hand(inputs, seat, names, tr)``:
    tests/pictures/test_inputs.py proves byte-identical pictures for equal
    inputs), and drawing one costs ~5–50 ms, dozens of text renders.  With the
    digest a twin whose inputs differ still shows a different "picture", so
    every comparison keeps its meaning, and the scan stays within the test
    run's budget.  Both forms of picture module are covered: split into
    ``*_inputs``/``draw_*`` (what :class:`~bot.core.games.Game` then calls), or
    a whole-view ``board``/``hand``.

    The pictures cache (:mod:`bot.frontend.drawing.picture_cache`) is emptied on the way in
    and out: it keeps pictures by their inputs, across tests, so a digest kept
    there would later be served as a picture, and a picture kept from before
    would stand in for a digest.
    """
    module = get(game).picture
    if module is None or draw:
        yield
        return
    names = [n for n in ("board", "hand", "draw_board", "draw_hand") if hasattr(module, n)]
    real = {name: getattr(module, name) for name in names}

    def digest_of(kind: str) -> Any:
        def draw_digest(shown: Any, *rest: Any) -> bytes:
            tr = rest[-1]
            raw = json.dumps([kind, shown, list(rest[:-1]), tr.locale], sort_keys=True, ensure_ascii=False).encode()
            return b"picture:" + hashlib.blake2b(raw, digest_size=16).digest()

        return draw_digest

    picture_cache.clear()
    for name in real:
        setattr(module, name, digest_of(name.removeprefix("draw_")))
    try:
        yield
    finally:
        for name, function in real.items():
            setattr(module, name, function)
        picture_cache.clear()


async def scan(
    game: str, games: int, *, seed: int, event_tries: int = 2, draw_pictures: bool = False,
    only: Collection[int] | None = None,
) -> Figures:
    """Play ``games`` seeded games of ``game`` and check every message; returns the figures.

    ``only`` plays just those of the ``games`` (by index): game ``i`` is the
    same game whichever others are played, so a chosen sample of a seed's
    games (tests/robustness/leaks/test_leaks.py) can be replayed on its own.
    """
    scanner = LeakScanner(game, seed=seed, event_tries=event_tries)
    started = time.perf_counter()
    with pictures_as_digests(game, draw_pictures):
        for i in range(games):
            await scanner.play(i, skip=only is not None and i not in only)
    scanner.figures.seconds = time.perf_counter() - started
    return scanner.figures


def scan_sync(game: str, games: int, seed: int, draw_pictures: bool = False) -> Figures:
    """:func:`scan` for a worker process (bench/leak_scan.py runs several)."""
    return asyncio.run(scan(game, games, seed=seed, draw_pictures=draw_pictures))
