"""A move's DM edits (DmScreens.update_all): the clicker's own first, then the others' together.

The channel's turn waits for them all, so sent one after another they held it
(and the next click in that channel) for the sum of their round trips.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.core.store import SeatRecord, SessionRecord, Store
from tests.pictures.pool.test_picture_pool import _record
from tests.robustness.leaks.leak_capture import CapturePresenter


class SlowDelivery:
    """Each DM edit answers once the other players' edits have all begun (sent one after another, they never
    would: the wait times out); when each began and ended is kept."""

    def __init__(self, others: set[int]) -> None:
        self.others = others
        self.spans: dict[int, tuple[float, float]] = {}
        self.begun: set[int] = set()
        self.all_begun = asyncio.Event()

    async def send(self, record: SessionRecord, seat: SeatRecord, payload: dict[str, Any], answer: Any = None) -> bool:
        start = time.monotonic()
        if seat.seat in self.others:
            self.begun.add(seat.seat)
            if self.begun == self.others:
                self.all_begun.set()
            await asyncio.wait_for(self.all_begun.wait(), 10)
        else:
            await asyncio.sleep(0.01)
        self.spans[seat.seat] = (start, time.monotonic())
        return True

    def forget(self, session_id: int) -> None:
        return None


async def test_the_clickers_dm_is_edited_first_and_the_others_together(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "k.sqlite3")
    presenter = CapturePresenter(store)
    presenter.delivery = delivery = SlowDelivery(others={0, 2})  # type: ignore[assignment]
    record = _record("getgem", 1, 3, "en")  # three seats, each with its DM message
    for seat in record.seats:
        seat.dm_channel_id, seat.dm_message_id = 900 + seat.seat, 990 + seat.seat
    clicker = record.seats[1]
    click = SimpleNamespace(message_id=clicker.dm_message_id)  # the answer of a click on that DM
    await presenter.dm_screens.update_all(record, answer=click)  # type: ignore[arg-type]
    spans = delivery.spans
    assert set(spans) == {0, 1, 2}
    others = [spans[s] for s in (0, 2)]
    assert all(spans[1][1] <= start for start, _ in others)  # the clicker's own, first and alone
    assert max(start for start, _ in others) < min(end for _, end in others)  # the others at once
    await store.close()
