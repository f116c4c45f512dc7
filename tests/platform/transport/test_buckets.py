"""discord.py's bucket sweep runs when the buckets have doubled or a minute has passed, not per new bucket."""

from __future__ import annotations

import asyncio

from discord.http import HTTPClient

from bot.transport import buckets


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _client() -> tuple[HTTPClient, list[int]]:
    """A real HTTPClient whose (original) sweep counts its runs."""
    http = HTTPClient(asyncio.get_running_loop())
    runs: list[int] = []
    original = http._try_clear_expired_ratelimits

    def counted() -> None:
        runs.append(len(http._buckets))
        original()

    http._try_clear_expired_ratelimits = counted  # type: ignore[method-assign]
    return http, runs


def _touch(http: HTTPClient, key: str, *, ago: float = 0.0) -> None:
    http.get_ratelimit(key)._last_request = asyncio.get_running_loop().time() - ago


async def test_a_new_bucket_sweeps_only_when_the_buckets_have_doubled() -> None:
    http, runs = _client()
    assert buckets.amortise(http, Clock())
    for i in range(2_100):
        _touch(http, f"PATCH /channels/{{channel_id}}/messages:{i}")
    assert len(http._buckets) == 2_100
    assert runs == [512, 1_024, 2_048]  # discord.py alone walks them all for each of the 1,844 past 256


async def test_idle_buckets_are_still_dropped_a_minute_later_at_most() -> None:
    http, runs = _client()
    clock = Clock()
    buckets.amortise(http, clock)
    for i in range(400):
        _touch(http, f"idle:{i}", ago=400)  # idle for more than discord.py's five minutes
    assert len(http._buckets) == 400  # not doubled since the start: kept for now
    clock.now += buckets.SWEEP_EVERY
    _touch(http, "fresh")
    assert list(http._buckets) == ["fresh"] and runs == [401]


async def test_a_discord_py_without_the_sweep_is_left_alone() -> None:
    class Other:
        pass

    assert not buckets.amortise(Other())
