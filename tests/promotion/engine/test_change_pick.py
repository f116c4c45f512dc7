"""``change_pick``: changing a secret row until all four have picked is our reading, now an option.

On (default, as before): a seat that picked still gets the four rows and may
change its pick until the reveal.  Off: the first pick is final.
"""

from __future__ import annotations

import pytest

from bot.engine import RuleError
from cogs.promotion import rules
from tests.promotion.util import LOW, staged


def _picked_once(options: dict) -> dict:
    return rules.apply(staged(LOW, options=options), 0, {"type": "pick", "row": 2}).state


def test_a_pick_can_be_changed_until_the_reveal_by_default() -> None:
    st = _picked_once({})
    assert rules.legal(st, 0) == [{"type": "pick", "row": r} for r in (1, 2, 3, 4)]
    st = rules.apply(st, 0, {"type": "pick", "row": 3}).state
    assert st["picks"][0] == 3


def test_with_change_pick_off_the_first_pick_is_final() -> None:
    st = _picked_once({"change_pick": False})
    assert rules.legal(st, 0) == [] and 0 not in rules.to_act(st)
    with pytest.raises(RuleError):
        rules.apply(st, 0, {"type": "pick", "row": 3})
    assert st["picks"][0] == 2
    assert rules.legal(st, 1) == [{"type": "pick", "row": r} for r in (1, 2, 3, 4)]  # the others still pick


def test_the_dm_says_whether_the_pick_can_still_change() -> None:
    from bot import i18n
    from bot.core.games import get

    render = get("promotion").render
    names = ["alice", "bob", "carol", "dave"]
    for options, said in (({}, "You can change it until everyone has picked."), ({"change_pick": False}, "(final)")):
        st = _picked_once(options)
        text = render.private(rules.view(st, 0), 0, names, i18n.translator("en"))
        assert said in text, text
    assert "確定" in render.private(rules.view(_picked_once({"change_pick": False}), 0), 0, names,
                                   i18n.translator("ja"))
