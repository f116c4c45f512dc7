"""The picture pool (bot.frontend.drawing.picture_pool): a worker process draws the same bytes as a thread, from the job
alone.

One pool of one worker is shared by the tests that need it (spawning a
worker imports every game and warms its fonts up: about a second here).
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import multiprocessing
import os
import random
import signal
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot import gamefacts, i18n
from bot.core import config, games
from bot.core.store import SeatRecord, SessionRecord
from bot.frontend.drawing import picture_cache, picture_jobs
from bot.frontend.drawing.picture_pool import PicturePool

TABLES = {f.id: min(f.min_seats + 1, f.max_seats) for f in gamefacts.found()}  # from each game's declared seats
NAMES = ("Aki", "ちはる", "xX_TheUltimateCardShark_2026_Xx", "Dee")


def _record(game: str, seed: int, moves: int, locale: str) -> SessionRecord:
    """A live session ``moves`` random legal moves into a seeded game, its seats in ``locale``."""
    spec = games.get(game)
    seats = TABLES[game]
    options = spec.resolve_options({})
    state = spec.rules.new(seats, seed, options)
    rng = random.Random(seed)
    for _ in range(moves):
        acting = sorted(spec.rules.to_act(state))
        if not acting:
            break
        seat = rng.choice(acting)
        state = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat))).state
    return SessionRecord(
        id=seed * 100 + moves, game=game, guild_id=1, channel_id=2, host_id=100, status="active", seed=seed,
        created_at=0, updated_at=0, options=options, state=state, version=moves, locale=locale, deadline=None,
        seats=[SeatRecord(seat=i, name=NAMES[i], user_id=100 + i, locale=locale) for i in range(seats)],
    )


def _jobs() -> list[picture_jobs.Job]:
    """Boards and hands of every game at a few points of seeded games, in English and Japanese."""
    jobs = []
    for game, seats in TABLES.items():
        spec = games.get(game)
        for locale in ("en", "ja"):
            for seed, moves in ((1, 3), (2, 17)):
                record = _record(game, seed, moves, locale)
                tr = i18n.translator(locale)
                jobs.append(picture_jobs.board_job(record, spec, tr))
                jobs += [picture_jobs.hand_job(record, spec, tr, seat) for seat in range(seats)]
    return [j for j in jobs if j is not None]


def _which_differs(job: picture_jobs.Job, in_worker: bytes | None, here: bytes | None, folder: Path) -> str:
    """Why the two pictures differ, for the failure's message: which of them a fresh process draws, and where.

    The pictures are a pure function of the job, so one side's process state
    (a cache, a registered string) bent it: naming the side and the pixels is
    the evidence a fix needs, kept in ``folder``.
    """
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as fresh_process:
        fresh = fresh_process.submit(picture_jobs.draw, job).result()
    side = {(True, False): "the worker's", (False, True): "this process's", (False, False): "both"}
    odd = side.get((in_worker != fresh, here != fresh), "neither (?)")
    boxes = []
    for name, png in (("worker", in_worker), ("here", here), ("fresh", fresh)):
        (folder / f"{name}.png").write_bytes(png or b"")
    if in_worker and here:
        with Image.open(io.BytesIO(in_worker)) as a, Image.open(io.BytesIO(here)) as b:
            boxes.append(ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox())
    return (f"{job.game} viewer={job.viewer} {job.locale}: {odd} picture differs from a fresh process's; "
            f"pixels differ in {boxes}; the three pictures are in {folder}")


@pytest.fixture
async def one_worker() -> AsyncIterator[PicturePool]:
    pool = PicturePool(1)
    pool.start()
    await asyncio.wrap_future(pool.warming[0])  # the worker is up, its fonts warm
    picture_cache.clear()
    try:
        yield pool
    finally:
        await pool.close()
        picture_cache.clear()


async def test_a_worker_draws_what_a_thread_draws(one_worker: PicturePool, tmp_path: Path) -> None:
    """Every job's picture, drawn in the worker process, is byte for byte the one drawn here."""
    jobs = _jobs()
    assert {j.game for j in jobs} == set(TABLES) and any(j.viewer is not None for j in jobs)
    for job in jobs:
        in_worker, here = await one_worker.picture(job), picture_jobs.draw(job)
        if in_worker != here:
            pytest.fail(_which_differs(job, in_worker, here, tmp_path))
    assert picture_cache.counts()["drawn"] == len(jobs)
    assert one_worker.pids(), "the pictures were drawn in the worker process"


async def test_a_kept_picture_sends_no_job(one_worker: PicturePool) -> None:
    """A job whose inputs are those of its slot's picture is answered from the cache, even with the pool gone."""
    job = next(j for j in _jobs() if j.viewer == 1)  # a seat's hand picture, of the first game that draws one
    first = await one_worker.picture(job)
    await one_worker.close()  # no worker to ask any more: only the cache can answer without a thread
    assert await one_worker.picture(job) == first
    assert picture_cache.counts()["kept"] == 1


async def test_a_killed_worker_costs_no_picture(one_worker: PicturePool) -> None:
    jobs = [j for j in _jobs() if j.viewer is None][:2]
    await one_worker.picture(jobs[0])
    (victim,) = one_worker.pids()
    os.kill(victim, signal.SIGKILL)
    await asyncio.sleep(0.2)  # the pool reads the end of its answer pipe and starts another worker
    assert await one_worker.picture(jobs[1]) == picture_jobs.draw(jobs[1])
    assert len(one_worker.restarts) == 1 and victim not in one_worker.pids()


async def test_no_workers_means_threads() -> None:
    pool = PicturePool(0)
    pool.start()
    assert not pool.live
    picture_cache.clear()
    job = _jobs()[0]
    assert await pool.picture(job) == picture_jobs.draw(job)


def test_a_job_carries_only_what_its_viewer_may_see() -> None:
    """A job (all a worker is sent) holds the picture's inputs from its viewer's own view, and no state."""
    assert [f.name for f in dataclasses.fields(picture_jobs.Job)] == [
        "session", "game", "viewer", "locale", "names", "inputs"
    ]
    spec = games.get("getgem")
    record = _record("getgem", 1, 3, "en")
    assert record.state is not None
    tr = i18n.translator("en")
    hands = []
    for seat in range(TABLES["getgem"]):
        job = picture_jobs.hand_job(record, spec, tr, seat)
        assert job is not None and job.viewer == seat
        assert job.inputs == spec.hand_inputs(spec.rules.view(record.state, seat), seat)
        hands.append(job.inputs["cards"])
    assert len({tuple(h) for h in hands}) == len(hands)  # each its own hand, which the others' views hide
    board = picture_jobs.board_job(record, spec, tr)
    assert board is not None and board.inputs == spec.board_inputs(spec.rules.view(record.state, None))


def test_picture_workers_setting() -> None:
    env = {"DISCORD_TOKEN": "x"}
    assert config.load(env).picture_workers == config.DEFAULT_PICTURE_WORKERS == 1
    assert config.load({**env, "PICTURE_WORKERS": "0"}).picture_workers == 0
    assert config.load({**env, "PICTURE_WORKERS": "2"}).picture_workers == 2
    for bad in ("-1", "two"):
        with pytest.raises(config.ConfigError, match="PICTURE_WORKERS"):
            config.load({**env, "PICTURE_WORKERS": bad})


async def test_a_picture_drawn_ahead_is_drawn_once_and_found_by_whoever_asks(one_worker: PicturePool) -> None:
    """``prefetch`` (a move being saved) starts the drawing; the board asked meanwhile waits for that one."""
    job = next(j for j in _jobs() if j.viewer is None)  # the first game's board
    trips: list[object] = []
    run = one_worker.run

    async def counted(*args: object, **kwargs: object) -> object:
        trips.append(args)
        return await run(*args, **kwargs)  # type: ignore[arg-type]

    one_worker.run = counted  # type: ignore[method-assign]
    one_worker.prefetch(job)
    one_worker.prefetch(job)  # already being drawn: no second job
    other_slot = dataclasses.replace(job, session=job.session + 1)  # another table, the same inputs
    assert await asyncio.gather(one_worker.picture(job), one_worker.picture(other_slot)) == [picture_jobs.draw(job)] * 2
    assert len(trips) == 1 and picture_cache.counts()["drawn"] == 2  # one drawing, kept in both slots
    await one_worker.close()  # from here only the cache can answer without a thread
    assert await one_worker.picture(other_slot) == picture_jobs.draw(job)
    assert picture_cache.counts()["kept"] == 1
