"""A turn notice says what is asked: "your move" on a player's own turn, "asked to choose" in another's.

An Eminit receiver discarding for an acquired Supply in alice's flip is asked
a choice, not to move (not their own turn); the notice must not tell them
it is their turn.  Staged as in tests/platform/core/sessions/clock/test_others_turn_choices.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.frontend.presenting.turn_notices import turn_notices
from tests.platform.core.sessions.clock.test_others_turn_choices import _reflected_to_bob, _staged
from tests.platform.core.sessions.test_sessions import Clock


class _NoDms:
    """A delivery that knows no DM message: every notice links to the board."""

    def message_link(self, seat: Any) -> None:
        return None


async def test_a_choice_in_another_players_turn_is_announced_as_a_choice(tmp_path: Path) -> None:
    clock = Clock()
    m, record, _ = await _staged(tmp_path, clock, bob_skips=False)
    try:
        spec = m.spec(record)
        (alice,) = turn_notices(record, spec, _NoDms()).values()  # alice to flip: her own turn
        assert "your move!" in alice.text and "asked to choose" not in alice.text
        await _reflected_to_bob(m, record, clock, flipper=0, slot=1, reflector=2)  # Supply lands on bob
        notices = turn_notices(record, spec, _NoDms())
        assert list(notices) == [1]
        assert "asked to choose!" in notices[1].text and "your move" not in notices[1].text
        assert f"<@{record.seats[1].user_id}>" in notices[1].text
        record.locale = "ja"
        assert "選択をお願いします" in turn_notices(record, spec, _NoDms())[1].text
        assert record.state["step"]["kind"] == "supply_discard"
    finally:
        await m.close()
        await m.store.close()
