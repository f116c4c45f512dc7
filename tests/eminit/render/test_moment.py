"""Each contest leaves a post in the channel (render.moment), from public events only.

Seat 0 (① Aki) flips unless said otherwise; the post is built, as the
presenter builds it, from the public events of the one change that closed
the contest.
"""

from __future__ import annotations

import random

import pytest

from bot import i18n
from bot.engine import Event
from cogs.eminit import cards, render, rules
from cogs.eminit.strings import STRINGS

from ..helpers import Game, build

i18n.register(STRINGS)

NAMES = ["Aki", "Botan", "Chiyo", "Daisuke"]
EN = i18n.translator("en")
FILLER = [("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1)]


def scramble(hands, field=(("gold", 1), *FILLER), **kw) -> Game:
    return Game(build(4, hands=hands, field=field, phase="scramble", seat=0, **kw))


def post(events: list[Event], tr=EN) -> str | None:
    """What the presenter posts for one change: the game's moment of its public events."""
    return render.moment([e for e in events if e.to is None], NAMES, tr)


def test_declarations_in_resolution_order_and_the_receiver() -> None:
    g = scramble([["eminit"], ["suck"], ["gold"], ["suck"]])
    assert post(g.do(0, "flip", slot=1)) is None  # the card is flipped: the contest is not over
    assert post(g.do(3, "declare", card=min(g.s["hands"][3]))) is None  # live: a face-down card, not a moment
    g.declare(2, "gold")
    g.declare(1, "suck")
    text = post(g.do(0, "pass"))  # Aki, done: the window closes
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "**⚔️ Contest for #1: Gold Coin** · flipped by ① Aki"
    assert lines[1:] == [
        "Declarations, in resolution order:",
        "1. ② Botan: **Suck** — claims the card",
        "2. ③ Chiyo: **Gold Coin** — a bluff, no effect",
        "3. ④ Daisuke: **Suck** — claims the card",
        "→ Gold Coin goes to **④ Daisuke** (+1)",
    ]
    assert "Eminit" not in text  # Aki's hand card is never named


def test_reflect_sends_the_card_to_its_target() -> None:
    g = scramble([[], ["suck"], ["reflect"], []])
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    text = post(g.do(2, "declare", card=min(g.s["hands"][2])) + g.do(2, "aim", seat=0))
    assert "2. ③ Chiyo: **Reflect** → sends the card to ① Aki" in text
    assert text.endswith("→ Gold Coin goes to **① Aki** (+1)")


def test_nullify_cancels_what_follows() -> None:
    g = scramble([["nullify"], ["suck"], ["nullify"], []])
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    g.declare(2, "nullify")
    text = post(g.do(0, "declare", card=min(g.s["hands"][0])))
    assert text.splitlines()[2:] == [
        "1. ① Aki: **Nullify** — cancels every declaration after it",
        "2. ② Botan: **Suck** — nullified, no effect",
        "3. ③ Chiyo: **Nullify** — nullified, no effect",
        "→ Gold Coin goes to **① Aki** (+1)",
    ]


def test_false_info_and_the_extra_flip_it_causes_in_one_change() -> None:
    """Nobody holds a card after the first contest, so the extra flip resolves at once: two blocks, one post."""
    g = scramble([[], ["false_info"], [], []], field=[("gold", 1), ("time_skip", 2), *FILLER])
    g.do(0, "flip", slot=1)
    text = post(g.do(1, "declare", card=min(g.s["hands"][1])) + g.do(1, "aim", slot=2))
    first, second = text.split("\n\n")
    assert "1. ② Botan: **False Info** → #2 is flipped next" in first
    assert first.endswith("→ Gold Coin goes to **① Aki** (+1)")
    assert second.splitlines() == [
        "**⚔️ Contest for #2: Time Skip** · flipped by ① Aki (False Info from ② Botan)",
        "Nobody declared.",
        "→ Time Skip goes to **① Aki**: their next turn is skipped",
    ]


def test_false_info_with_no_field_card_left() -> None:
    g = scramble([[], ["false_info"], ["suck"], []], field=[("gold", 1)])
    g.do(0, "flip", slot=1)
    g.declare(2, "suck")
    text = post(g.do(1, "declare", card=min(g.s["hands"][1])))
    assert "1. ② Botan: **False Info** — no field card to point at, no effect" in text
    assert text.endswith("→ Gold Coin goes to **③ Chiyo** (+1)")


def test_nobody_declares_the_flipper_receives() -> None:
    """"Nobody declared" and the card in the flipper's points is no moment: the board shows it."""
    g = scramble([["suck"], ["suck"], [], []])
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    assert post(g.do(1, "pass")) is None


def test_an_interrupt_on_the_field_has_no_receiver() -> None:
    g = scramble([["nullify"], [], [], []], field=[("suck", 1), *FILLER])
    text = post(g.do(0, "flip", slot=1))
    assert text.splitlines() == [
        "**⚔️ #1: Suck** · flipped by ① Aki",
        "An interrupt on the field goes to the discard pile: nobody receives it, and ① Aki flips another card.",
    ]
    assert "Nullify" not in text


def test_an_interrupt_as_the_last_field_card_leaves_nothing_to_flip() -> None:
    g = scramble([[], [], [], []], field=[("reflect", 1)])
    text = post(g.do(0, "flip", slot=1))
    assert text.splitlines()[1] == (
        "An interrupt on the field goes to the discard pile: nobody receives it. It was the last field card."
    )
    flipped = next(e for e in g.events if e.kind == "interrupt_flipped")
    assert render.event(flipped, NAMES, EN) == "Reflect was the last field card: discarded."  # the board's log too


@pytest.mark.parametrize(
    ("flipped", "options", "line"),
    [
        ("switch", {}, "→ Switch goes to **① Aki**, into their hand"),
        ("time_skip", {}, "→ Time Skip goes to **① Aki**: their next turn is skipped"),
        (
            "big_release",
            {},
            "→ Big Release goes to **① Aki**: they name an interrupt and discard every copy of it from their hand",
        ),
        ("supply", {"supply_discard": 3}, "→ Supply goes to **① Aki**: they discard 3 from their hand"),
        ("ancient", {"points_ancient": 5}, "→ Ancient Treasure goes to **① Aki** (+5)"),
    ],
)
def test_what_the_received_card_does(flipped: str, options: dict, line: str) -> None:
    g = scramble([["suck"], [], [], []], field=[(flipped, 1), *FILLER], options=options)
    g.do(0, "flip", slot=1)
    text = post(g.do(0, "pass"))
    if "into their hand" in line or "(+" in line:  # nobody declared, the card went where the board shows it
        assert text is None
        return
    assert text.splitlines()[-1] == line


def test_supply_with_nothing_to_discard_says_no_effect() -> None:
    g = scramble([["suck"], [], [], []], field=[("supply", 1), *FILLER], options={"supply_discard": 1})
    g.s["options"]["supply_discard"] = 0  # below the menu's bounds: the engine still copes
    g.do(0, "flip", slot=1)
    assert post(g.do(0, "pass")).splitlines()[-1] == "→ Supply goes to **① Aki**: no effect"


def test_sealed_declarations_stay_hidden_until_the_post() -> None:
    g = scramble([[], ["suck"], ["reflect"], []], options={"declarations": "sealed"})
    g.do(0, "flip", slot=1)
    assert post(g.do(1, "declare", card=min(g.s["hands"][1]))) is None
    text = post(g.do(2, "declare", card=min(g.s["hands"][2])) + g.do(2, "aim", seat=3))
    assert "② Botan: **Suck**" in text and "③ Chiyo: **Reflect** → sends the card to ④ Daisuke" in text


def test_private_events_never_reach_the_post() -> None:
    secret = Event("drew_cards", {"seat": 0, "cards": [cards.DECK_SIZE - 1], "turn": 3, "why": "turn"}, to=(0,))
    g = scramble([["suck"], [], [], []])
    g.do(0, "flip", slot=1)
    change = g.do(0, "pass")
    assert render.moment([secret, *change], NAMES, EN) == post(change)


def test_japanese_post() -> None:
    ja = i18n.translator("ja")
    g = scramble([[], ["suck"], ["gold"], []])
    g.do(0, "flip", slot=1)
    g.declare(2, "gold")
    text = post(g.do(1, "declare", card=min(g.s["hands"][1])), ja)
    assert text.splitlines() == [
        "**⚔️ #1の争奪：金貨**（① Akiがめくったカード）",
        "宣言（解決した順）：",
        "1. ② Botan：**吸引** — カードを自分のものにする",
        "2. ③ Chiyo：**金貨** — ブラフ、効果なし",
        "→ 金貨は**② Botan**のもの（+1点）",
    ]


@pytest.mark.parametrize("seed", range(4))
def test_one_block_per_contest_and_only_revealed_cards(seed: int) -> None:
    """Over random games: a change gets a post exactly when it closes contests, one block each,
    and the post names no card but the flipped ones and the declarations revealed with them."""
    rng = random.Random(seed)
    s = rules.new(4, seed)
    posts = 0
    while rules.result(s) is None:
        seat = rng.choice(rules.to_act(s))
        t = rules.apply(s, seat, rng.choice(rules.legal(s, seat)))
        s = t.state
        public = [e for e in t.events if e.to is None]
        closed, declared = 0, False
        for e in public:  # a contest is told when someone declared in it or its card has an effect
            declared = declared or e.kind == "revealed"
            if e.kind == "interrupt_flipped" or (e.kind == "received" and (
                declared or e.args["outcome"] not in ("scored", "hand")
            )):
                closed += 1
            if e.kind == "received":
                declared = False
        text = render.moment(public, NAMES, EN)
        if not closed:
            assert text is None
            continue
        posts += 1
        assert len(text.split("\n\n")) == closed
        shown = {cards.kind(e.args["card"]) for e in public if e.kind in ("received", "interrupt_flipped", "revealed")}
        words = text.replace("(False Info from", "")  # the extra flip's cause, not a card
        named = {kind for kind, _ in cards.CATALOGUE if EN(f"eminit.card.{kind}") in words}
        assert named <= shown, text
    assert posts > 5
