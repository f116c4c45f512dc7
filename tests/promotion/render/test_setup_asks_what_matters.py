"""Promotion's set-up asks only what matters, and asks it of the reader in the second person.

Before: four row-card suit questions with a full timer each, although with
four players and four suits the choice changes nothing; "dave chooses…" in
dave's own DM; and a parent's orientation buttons that named the parent's
side only, not what the others would face.
"""

from __future__ import annotations

import random

import pytest

from bot import i18n
from cogs.promotion import render, rules
from cogs.promotion.rules import postcard
from cogs.promotion.rules.postcard import SUITS
from cogs.promotion.strings import STRINGS

i18n.register(STRINGS)
NAMES = ["alice", "bob", "carol", "dave"]


@pytest.mark.parametrize("seed", range(6))
def test_row_card_suits_are_dealt_and_the_field_deal_starts(seed: int) -> None:
    st = rules.new(4, seed)
    first = st["first_parent"]
    assert st["phase"] == "name" and rules.to_act(st) == [first]
    assert [st["row_suit"][(first + i) % 4] for i in range(4)] == list(SUITS)  # ♠ to the first parent, on round
    assert [e["kind"] for e in st["log"]] == ["row_suit"] * 4  # the board's log says who got which


def test_the_ritual_stays_behind_its_option_and_for_games_stored_before_it() -> None:
    assert rules.new(4, 1, {"row_suits": "chosen"})["phase"] == "suit"
    stored = {k: v for k, v in rules.resolve_options(rules.OPTIONS, {}).items() if k != "row_suits"}
    assert rules.new(4, 1, stored)["phase"] == "suit"  # its logged suit choices replay as they were played


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_dm_never_names_its_own_reader(locale: str) -> None:
    tr = i18n.translator(locale)
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        st = rules.new(4, seed, {"row_suits": "chosen"} if seed % 2 else None)
        while rules.to_act(st) and len(seen) < 7:
            seat = rng.choice(rules.to_act(st))
            if st["phase"] not in ("pick", "over"):
                text = render.private(rules.view(st, seat), seat, NAMES, tr)
                last = text.splitlines()[-1]
                assert NAMES[seat] not in last, (st["phase"], last)
                seen.add(st["phase"] if st["phase"] != "choose" else st["pending"]["kind"])
            st = rules.apply(st, seat, rng.choice(rules.legal(st, seat))).state
    assert {"suit", "name", "orient", "turn"} <= seen, seen


def test_orientation_buttons_show_what_every_seat_gets() -> None:
    tr = i18n.translator("en")
    st = rules.new(4, 3)
    while st["phase"] != "orient":
        seat = rules.to_act(st)[0]
        st = rules.apply(st, seat, rules.legal(st, seat)[0]).state
    parent = rules.to_act(st)[0]
    sides = postcard.LAYOUTS[st["options"]["postcard"]]
    for action in rules.legal(st, parent):
        label = render.control(action, rules.view(st, parent), parent, NAMES, tr).label
        for other in range(4):
            if other != parent:
                assert f"{NAMES[other]} {postcard.facing(sides, other, action['r']).letter}" in label, label
        assert len(label) <= 80
