"""Catalogue completeness, render safety and button labels."""

from __future__ import annotations

import random
import re
import string

import pytest

from bot import i18n
from bot.engine import Event
from bot.gameui import Board, Control
from cogs.eminit import cards, render, rules
from cogs.eminit.strings import STRINGS

from ..engine.test_properties import shuffle_hidden
from ..helpers import Game, build

i18n.register(STRINGS)

NAMES = ["Aki", "Botan", "Chiyo", "Daisuke", "Emi"]
LONG = ["W" * 32, "名" * 32, "x" * 32, "Ｚ" * 32, "y" * 32]


class StrictTr:
    """A translator that fails on a missing key or a missing format field."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.used: set[str] = set()

    def __call__(self, key: str, /, **kwargs: object) -> str:
        assert key in i18n.catalogue(self.locale), f"missing {key!r} in {self.locale}"
        self.used.add(key)
        return i18n.catalogue(self.locale)[key].format(**kwargs)  # game keys and shared ones (list.sep)


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_key_exists_in_both_locales_with_the_same_fields() -> None:
    en, ja = STRINGS["en"], STRINGS["ja"]
    assert set(en) == set(ja)
    assert all(k.startswith(("eminit.", "cmd.eminit")) for k in en)  # its own keys and its commands' names
    for key in en:
        assert _fields(en[key]) == _fields(ja[key]), key
    for code in (
        "not_your_turn",
        "illegal_action",
        "game_over",
        "already_answered",
        "not_in_hand",
        "cast_used",
        "switch_unavailable",
        "interrupt_not_placeable",
        "no_such_slot",
    ):
        assert f"eminit.error.{code}" in en
    for kind, _ in cards.CATALOGUE:
        assert f"eminit.card.{kind}" in en
    assert ja["eminit.card.suck"] == "吸引" and ja["eminit.card.eminit"] == "エミニットの秘宝"
    assert ja["eminit.name"] == "エミニットの秘宝"


def test_every_rule_error_code_has_a_string() -> None:
    from pathlib import Path

    src = Path(rules.__file__).read_text(encoding="utf-8")
    for code in re.findall(r'RuleError\("([a-z_]+)"', src):
        assert f"eminit.error.{code}" in STRINGS["en"]


def _render_everything(s, t_events, tr, names) -> None:
    n = s["n"]
    spectator = rules.view(s, None)
    b = render.board(spectator, names, tr)
    assert isinstance(b, Board) and b.title
    for seat in range(n):
        v = rules.view(s, seat)
        assert render.board(v, names, tr) == b  # the board reads only public parts
        assert isinstance(render.private(v, seat, names, tr), str)
        for action in rules.legal(s, seat):
            c = render.control(action, v, seat, names, tr)
            assert isinstance(c, Control)
            assert 0 < len(c.label) <= 80
            assert c.style in ("primary", "secondary", "success", "danger")
    for e in t_events:
        line = render.event(e, names, tr)
        assert line and not line.startswith("eminit.")


@pytest.mark.parametrize(
    ("n", "locale", "names"), [(3, "en", NAMES), (4, "ja", NAMES), (5, "en", LONG), (5, "ja", LONG)]
)
def test_render_random_games(n: int, locale: str, names: list[str]) -> None:
    tr = StrictTr(locale)
    for seed in range(2):
        rng = random.Random(seed)
        s = rules.new(n, seed)
        while True:
            if rules.result(s) is not None:
                _render_everything(s, [], tr, names)
                break
            seat = rng.choice(rules.to_act(s))
            t = rules.apply(s, seat, rng.choice(rules.legal(s, seat)))
            s = t.state
            _render_everything(s, t.events, tr, names)
            # hidden cards never change the board
            other = shuffle_hidden(s, None, rng)
            assert render.board(rules.view(other, None), names, tr) == render.board(rules.view(s, None), names, tr)
    assert "eminit.board.title" in tr.used


def test_live_board_shows_every_seat_state_never_the_card() -> None:
    tr = StrictTr("en")
    g = Game(
        build(
            4,
            hands=[["gold"], ["suck"], ["eminit"], ["nullify"]],
            field=[("ancient", 0), ("gold", 1)],
            phase="scramble",
        )
    )
    g.do(0, "flip", slot=1)
    g.do(0, "pass")
    g.do(3, "pass")

    def text() -> str:
        b = render.board(rules.view(g.s, None), NAMES, tr)
        return b.description + "\n".join(f"{k}\n{v}" for k, v in b.fields)

    shown = text()
    assert "① Aki: done" in shown and "④ Daisuke: done" in shown and "② Botan: deciding…" in shown
    g.declare(2, "eminit")  # a bluff: shown exactly like a real interrupt
    shown = text()
    assert "③ Chiyo: 🂠 face-down card" in shown
    assert "① Aki: deciding…" in shown and "④ Daisuke: deciding…" in shown  # re-opened by the declaration
    assert "① ④ may choose again." in shown
    assert "Eminit's Treasure" not in shown  # the declared card never shows
    assert "bluff" not in shown and "Nullify" not in shown and "Suck" not in shown


def test_sealed_board_shows_who_answered_not_what() -> None:
    tr = StrictTr("en")
    g = Game(
        build(
            4,
            hands=[[], ["suck"], ["eminit"], ["nullify"]],
            field=[("ancient", 0), ("gold", 1)],
            phase="scramble",
            options={"declarations": "sealed"},
        )
    )
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    b = render.board(rules.view(g.s, None), NAMES, tr)
    text = b.description + "\n".join(f"{k}\n{v}" for k, v in b.fields)
    assert "Decided: ① ②" in text and "Still deciding: ③ ④" in text
    assert "Suck" not in text and "bluff" not in text and "Nullify" not in text
    assert "Gold Coin" not in text  # the face-down card at #2
    g.declare(2, "eminit")
    g.declare(3, "nullify")
    b = render.board(rules.view(g.s, None), NAMES, tr)
    text = "\n".join(v for _, v in b.fields)
    assert "② Botan Suck → Ancient Treasure goes to ② Botan" in text
    assert "③ Chiyo Eminit's Treasure: bluff — no effect" in text
    assert "④ Daisuke Nullify: everything after has no effect" in text
    assert "→ Ancient Treasure goes to ② Botan" in text


def test_private_message_shows_hand_known_cards_and_declaration() -> None:
    tr = StrictTr("en")
    g = Game(build(3, hands=[["gold"], ["reflect", "suck"], []], field=[("ancient", 1), ("drop", 2)], phase="scramble"))
    g.do(0, "flip", slot=1)
    g.do(1, "declare", card=min(c for c in g.s["hands"][1] if cards.kind(c) == "reflect"))
    text = render.private(rules.view(g.s, 1), 1, NAMES, tr)
    assert "Suck" in text and "Choose the target for your Reflect" in text
    g.do(1, "aim", seat=2)
    text = render.private(rules.view(g.s, 1), 1, NAMES, tr)
    assert "Reflect → ③ Chiyo" in text
    text2 = render.private(rules.view(g.s, 2), 2, NAMES, tr)
    assert "#2 Drop" in text2 and "Reflect" not in text2


def test_event_lines_and_rules_text() -> None:
    tr = StrictTr("ja")
    line = render.event(
        Event(
            "revealed",
            {
                "seat": 2,
                "card": 24,
                "effect": "suck",
                "target_seat": None,
                "target_slot": None,
                "receiver": 2,
                "flipped": 47,
            },
        ),
        NAMES,
        tr,
    )
    assert line == "③ Chiyo 吸引 → 金貨は③ Chiyoのもの"


def test_rules_text_separates_the_rulebook_from_our_readings_with_current_values() -> None:
    from bot.engine import resolve_options

    defaults = resolve_options(rules.OPTIONS, {})
    changed = resolve_options(
        rules.OPTIONS, {"hand_size": 7, "big_release": "whole_hand", "declarations": "sealed", "drop_seen": False}
    )
    for locale, reconstruction in (("en", "reconstruction"), ("ja", "再構成")):
        tr = StrictTr(locale)
        source, readings = render.rules_text(tr, defaults)
        assert len(source) <= 1500 and len(readings) <= 4000
        assert reconstruction in readings and reconstruction in source  # the first page says what is ours
        ours = STRINGS[locale]["eminit.first.source"]  # the reconstructed cards are not the rulebook's: said so
        for kind in ("clairvoyance", "supply", "drop"):
            assert STRINGS[locale][f"eminit.card.{kind}"] in ours
        assert STRINGS[locale]["eminit.reading.declarations.live"] in readings
        assert STRINGS[locale]["eminit.reading.big_release.chosen"] in readings
        assert STRINGS[locale]["eminit.reading.first_player.random"] in readings
        _, other = render.rules_text(tr, changed)
        assert "**5**" in readings and "**7**" in other  # hand_size shown as set
        assert STRINGS[locale]["eminit.reading.big_release.whole_hand"] in other
        assert STRINGS[locale]["eminit.reading.declarations.sealed"] in other
        assert f"**{STRINGS[locale]['eminit.reading.off']}**" in other  # drop_seen
    en_source, en_readings = render.rules_text(StrictTr("en"), defaults)
    assert "Reflect: the rulebook names it without its text" in en_readings
    assert "One card per player per contest" in en_readings
    assert "named when declaring" in en_readings
    assert "Gold Coin **1**" in en_readings and "Gold Coin 1," in en_source  # points are ours, marked so
    assert "points; the highest unique score wins, a shared top score is a draw *(our reading)*" in en_source
