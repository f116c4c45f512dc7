"""The engines' pure builders of a given deal (``from_deal``): what ``new`` deals, from a deal given whole.

``new`` itself deals through ``from_deal`` now, so a deal read back from a shuffled game builds the
same state; a deal that is not a set of the game's cards is refused.
"""

from __future__ import annotations

import pytest

from cogs.eminit import rules as eminit
from cogs.portas import rules as portas


@pytest.mark.parametrize("seed", [0, 1, 44, 4401])
def test_portas_from_the_deal_new_shuffled_builds_the_same_state(seed: int) -> None:
    state = portas.new(2, seed)
    deal = {
        "treasures": [*state["treasure_deck"], *(t["value"] for t in reversed(state["open"]))],
        "decks": [[*d, *reversed(h)] for d, h in zip(state["decks"], state["hands"], strict=True)],
        "first": state["first"],
    }
    assert portas.from_deal(deal, state["rng"], state["options"]) == state


def test_portas_refuses_a_deal_that_is_not_its_cards() -> None:
    good = {"treasures": [11, 12, 13, 14, 15], "decks": [list(portas.PORT_DECK)] * 2, "first": 0}
    portas.from_deal(good, 1)
    with pytest.raises(ValueError):
        portas.from_deal({**good, "treasures": [11, 12, 13, 14, 14]}, 1)
    with pytest.raises(ValueError):
        portas.from_deal({**good, "decks": [list(portas.PORT_DECK), [6] * 14]}, 1)
    with pytest.raises(ValueError):
        portas.from_deal({**good, "first": 2}, 1)


@pytest.mark.parametrize("seed", [0, 7, 4401])
def test_eminit_from_the_deal_new_shuffled_builds_the_same_state(seed: int) -> None:
    options = {"first_player": "host"}
    state = eminit.new(3, seed, options)
    fresh = eminit.new(3, seed, options)  # the deal before the first draw of the first turn
    hands = [list(h) for h in fresh["hands"]]
    first_draw = fresh["hands"][0][5:]  # begin_turn drew for seat 0: those came off the deck's top
    deal = {"hands": [hands[0][:5], *hands[1:]], "deck": [*fresh["deck"], *reversed(first_draw)], "first": 0}
    assert eminit.from_deal(deal, state["rng"], options) == state  # the seed as new left it, after its shuffle


def test_eminit_takes_a_short_deal_and_refuses_a_card_twice() -> None:
    short = {"hands": [[0, 1], [2, 3], [4, 5]], "deck": [6, 7], "first": 1}
    state = eminit.from_deal(short, 3)
    assert sorted([*(c for h in state["hands"] for c in h), *state["deck"]]) == [0, 1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(ValueError):
        eminit.from_deal({**short, "deck": [5, 7]}, 3)
    with pytest.raises(ValueError):
        eminit.from_deal({**short, "deck": [60]}, 3)
