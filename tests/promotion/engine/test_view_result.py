"""A Promotion view gives its end state as ``result``, the key every game's view uses: None while it runs."""

from __future__ import annotations

import pytest

from cogs.promotion import rules
from tests.promotion.util import play


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_result_is_none_while_running_then_says_who_won_and_why(seed: int) -> None:
    state = None
    for before, _seat, _action, after, _events in play(seed):
        for seat in (None, 0, 1, 2, 3):
            assert rules.view(before, seat)["result"] is None
        state = after
    assert state is not None
    end = rules.result(state)
    for seat in (None, 0, 1, 2, 3):
        shown = rules.view(state, seat)["result"]
        assert shown == {"winners": list(end.winners), "scores": [0, 0, 0, 0], "reason": end.reason}


def test_a_game_ended_by_the_round_cap_shows_a_draw() -> None:
    *_, (_before, _seat, _action, last, _events) = play(4, {"max_rounds": 1})
    assert rules.view(last, None)["result"] == {"winners": [], "scores": [0, 0, 0, 0], "reason": "max_rounds"}
