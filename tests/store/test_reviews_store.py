"""Reviews in both databases: asked for, pending across a reopen, stored once, pruned with the moves."""

from __future__ import annotations

import time
from typing import Any

from tests.review.games import store_finished
from tests.store.conftest import Backend


async def test_a_review_is_asked_for_kept_pending_stored_and_pruned(backend: Backend, store: Any) -> None:
    sid = await store_finished(store, "portas", ["easy", "easy"], 3)
    assert await store.review(sid, 0) is None
    await store.request_review(sid, 0)
    await store.request_review(sid, 0)  # asked twice: one request
    await store.close()

    store = await backend.open()  # a restart: the request is still there
    assert await store.pending_reviews() == [(sid, 0)]
    assert await store.review(sid, 0) == ("pending", None)
    review = {"version": 1, "decisions": [{"step": 2, "values": [0.5, None]}], "costliest": []}
    await store.save_review(sid, 0, review)
    assert await store.review(sid, 0) == ("done", review)
    assert await store.pending_reviews() == []

    assert await store.prune_history(time.time() + 1) == 1
    assert await store.review(sid, 0) is None  # gone with the moves it judged


async def test_who_waits_for_a_pending_review_is_kept_across_a_reopen_until_it_is_stored(
    backend: Backend, store: Any
) -> None:
    sid = await store_finished(store, "portas", ["easy", "easy"], 3)
    await store.request_review(sid, 0)
    waiter = {"user": 100, "app": 7, "token": "tok", "at": 1.5, "locale": "ja"}
    await store.wait_for_review(sid, 0, waiter)
    await store.close()

    store = await backend.open()  # a restart: the "Reviewing…" answer can still be finished
    assert await store.review_waiters() == [(sid, 0, waiter)]
    assert await store.review(sid, 0) == ("pending", None)  # who waits is not a review
    review = {"version": 1, "decisions": [], "costliest": []}
    await store.save_review(sid, 0, review)
    assert await store.review_waiters() == [] and await store.review(sid, 0) == ("done", review)  # the token is gone
    await store.wait_for_review(sid, 0, waiter)  # too late: a stored review keeps its data
    assert await store.review(sid, 0) == ("done", review)
