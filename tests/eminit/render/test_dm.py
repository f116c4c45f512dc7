"""A player's DM helps in place and ends with their result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot import i18n
from cogs.eminit import cards, render, rules
from cogs.eminit.strings import STRINGS

from ..helpers import build, random_game

i18n.register(STRINGS)

NAMES = ["Aki", "Botan", "Chiyo", "Daisuke", "Emi"]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_kind_in_hand_gets_one_help_line(locale: str) -> None:
    tr = i18n.translator(locale)
    hand = ["supply", "supply", "suck", "big_release", "gold", "false_info"]
    s = build(3, hands=[hand, [], []], options={"supply_draw": 3, "supply_discard": 1, "points_gold": 2})
    text = render.private(rules.view(s, 0), 0, NAMES, tr)
    helps = [line for line in text.splitlines() if line.startswith("-# ")]
    assert len(helps) == len(set(hand))  # one line per distinct kind, not per card
    assert len(helps) == len(set(helps))
    for kind in set(hand):
        name = tr(f"eminit.card.{kind}")
        assert sum(name in line for line in helps) >= 1, kind
    supply = next(line for line in helps if tr("eminit.card.supply") in line)
    assert "3" in supply and "1" in supply  # this table's numbers: draw 3 when cast, discard 1 when received
    gold = next(line for line in helps if tr("eminit.card.gold") in line)
    assert "2" in gold


def test_help_follows_big_release_option_and_leaves_others_out() -> None:
    tr = i18n.translator("en")
    s = build(3, hands=[["big_release"], ["suck"], []], options={"big_release": "whole_hand"})
    text = render.private(rules.view(s, 0), 0, NAMES, tr)
    assert "whole hand" in text
    assert "Suck" not in text  # another player's card is not explained in your DM


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_finished_dm_ends_with_winner_and_your_place(seed: int) -> None:
    tr = i18n.translator("en")
    s = random_game(4, seed)
    result = s["result"]
    scores = result["scores"]
    for seat in range(4):
        last = render.private(rules.view(s, seat), seat, NAMES, tr).splitlines()[-1]
        if result["reason"] != "turn_cap" and result["winners"] == [seat]:
            assert last == f"🏆 You win with {scores[seat]} points!"
            continue
        place = 1 + sum(p > scores[seat] for p in scores)
        assert last.endswith(f"You scored {scores[seat]}: place {place} of 4.")
        if result["winners"] and result["reason"] != "turn_cap":
            assert NAMES[result["winners"][0]] in last


def test_treasure_cards_are_helped_too() -> None:
    tr = i18n.translator("ja")
    s = build(3, hands=[["eminit"], [], []])
    text = render.private(rules.view(s, 0), 0, NAMES, tr)
    assert f"{rules.view(s, 0)['options'][cards.POINT_OPTION['eminit']]}点" in text


def test_a_look_is_told_in_the_second_person() -> None:
    from bot.engine import Event

    saw = Event("saw", {"seat": 0, "slot": 3, "card": 0, "turn": 4}, to=(0,))
    line = render.event(saw, NAMES, i18n.translator("en"))
    assert line.startswith("Turn 4: you looked at #3") and "Time Skip" in line


def _private_lines(n: int, seed: int, locale: str) -> list[list[str]]:
    """Every private line each seat's DM would show over one random game, in order (what the presenter keeps)."""
    tr = i18n.translator(locale)
    rng = random.Random(seed)
    s = rules.new(n, seed, {"supply_draw": 1, "clairvoyance_looks": 3})
    out: list[list[str]] = [[] for _ in range(n)]
    while rules.result(s) is None:
        seat = rng.choice(rules.to_act(s))
        t = rules.apply(s, seat, rng.choice(rules.legal(s, seat)))
        for e in t.events:
            for reader in e.to or ():
                out[reader].append(render.event(e, NAMES, tr, reader))
        s = t.state
    return out


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_dm_never_shows_two_identical_lines(locale: str) -> None:
    """Two draws of the same card on different turns (or a turn's draw and Supply's) read apart.

    The presenter keeps a seat's last private lines; a line that could be the
    same for two happenings shows twice, which reads as one happening told twice.
    """
    told = 0
    for seed in range(6):
        for seat, lines in enumerate(_private_lines(4, seed, locale)):
            told += len(lines)
            repeated = [line for line, count in Counter(lines).items() if count > 1]
            assert repeated == [], (seed, seat)
    assert told > 200  # draws, looks, switches and drops all happened


def test_private_lines_say_which_turn_and_why() -> None:
    from bot.engine import Event

    tr = i18n.translator("en")
    drew = Event("drew_cards", {"seat": 0, "cards": [50, 51], "turn": 7, "why": "turn"}, to=(0,))
    supply = Event("drew_cards", {"seat": 0, "cards": [50], "turn": 7, "why": "supply"}, to=(0,))
    assert render.event(drew, NAMES, tr, 0).startswith("Turn 7: you drew ")
    assert render.event(supply, NAMES, tr, 0) != render.event(drew, NAMES, tr, 0).replace(" ×2", "")
    ja = i18n.translator("ja")
    assert render.event(drew, NAMES, ja, 0).startswith("7ターン目：")
