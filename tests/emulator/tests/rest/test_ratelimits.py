"""The emulator's rate-limit headers (tests/emulator/rest/ratelimits.py): per route and major parameter, per window."""

from __future__ import annotations

from tests.emulator.clients.raw_http import Raw
from tests.emulator.rest.ratelimits import RateLimits


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_counts_down_within_its_window_and_starts_again_after_it() -> None:
    clock = Clock()
    limits = RateLimits(limit=3, window=2.0, clock=clock, wall=lambda: 1_000_000.0 + clock.now)
    said = [limits.headers("createMessage", "/channels/5/messages") for _ in range(4)]
    assert [h["X-RateLimit-Remaining"] for h in said] == ["2", "1", "0", "0"]
    assert said[0]["X-RateLimit-Limit"] == "3" and said[0]["X-RateLimit-Reset-After"] == "2.000"
    assert float(said[0]["X-RateLimit-Reset"]) == 1_000_000.0 + 102.0
    clock.now += 0.5
    assert limits.headers("createMessage", "/channels/5/messages")["X-RateLimit-Reset-After"] == "1.500"
    clock.now += 1.5
    assert limits.headers("createMessage", "/channels/5/messages")["X-RateLimit-Remaining"] == "2"


def test_buckets_are_apart_by_route_and_by_channel_guild_or_webhook() -> None:
    limits = RateLimits(limit=2, clock=Clock())
    limits.headers("createMessage", "/channels/5/messages")
    assert limits.headers("createMessage", "/channels/6/messages")["X-RateLimit-Remaining"] == "1"
    assert limits.headers("updateMessage", "/channels/5/messages/9")["X-RateLimit-Remaining"] == "1"
    assert limits.headers("createMessage", "/channels/5/messages")["X-RateLimit-Remaining"] == "0"
    same = limits.headers("createDm", "/users/@me/channels")["X-RateLimit-Bucket"]
    assert same == limits.headers("createDm", "/users/@me/channels")["X-RateLimit-Bucket"]
    assert same != limits.headers("createMessage", "/channels/5/messages")["X-RateLimit-Bucket"]


async def test_bot_token_answers_carry_the_headers_and_interaction_answers_do_not(raw: Raw) -> None:
    base = raw.emu.api_base
    async with raw.s.post(f"{base}/channels/{raw.chan.id}/messages", json={"content": "hi"}) as posted:
        assert posted.status == 200
        assert posted.headers["X-RateLimit-Limit"] == "50" and posted.headers["X-RateLimit-Remaining"] == "49"
        assert "X-RateLimit-Bucket" in posted.headers
    res = raw.interaction(raw.alice, raw.chan, itype=2)
    url = f"{base}/interactions/{res.id}/{res.token}/callback"
    async with raw.s.post(url, json={"type": 4, "data": {"content": "ok"}}) as answered:
        assert answered.status in (200, 204)
        assert "X-RateLimit-Limit" not in answered.headers
