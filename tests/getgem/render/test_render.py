"""GETGEM render: catalogues complete in both languages, no hidden card on the board, short labels."""

from __future__ import annotations

import random
import string

import pytest

from bot import i18n
from bot.engine import Event, resolve_options
from cogs.getgem import render, strings
from cogs.getgem import rules as R
from cogs.getgem.cards import ELEMENTS, TYPES
from tests.getgem.helpers import act, build

i18n.register(strings.STRINGS)

DEFAULTS = resolve_options(R.OPTIONS, None)
LONG_NAMES = ["W" * 32, "漢" * 32, "x" * 32, "Ｚ" * 32, "y" * 32]


class Recorder:
    """A translator that fails on a key missing from either catalogue or a template field left unfilled."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.used: set[str] = set()

    def __call__(self, key: str, /, **kwargs: object) -> str:
        self.used.add(key)
        for loc in ("en", "ja"):
            text = i18n.catalogue(loc).get(key)
            assert text is not None, f"{key} missing in {loc}"
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            assert fields <= set(kwargs), f"{key} ({loc}) needs {fields - set(kwargs)}"
        return i18n.translate(self.locale, key, **kwargs)


def test_catalogues_have_the_same_keys_all_prefixed() -> None:
    en, ja = strings.STRINGS["en"], strings.STRINGS["ja"]
    assert set(en) == set(ja)
    assert all(k.startswith(("getgem.", "cmd.getgem")) for k in en)  # its own keys and its commands' names
    for key in ("getgem.name", "getgem.rules"):
        assert en[key] and ja[key]
    for code in (
        "finish_first",
        "not_in_hand",
        "peep_used",
        "curse_discard",
        "cannot_declare",
        "already_declared",
        "need_pair",
        "element_held",
        "bad_target",
        "no_barrier",
    ):
        assert f"getgem.error.{code}" in en
    for opt in R.OPTIONS:
        assert f"getgem.option.{opt.name}" in en and f"getgem.option.{opt.name}.doc" in en
        if opt.choices and all(isinstance(c, str) for c in opt.choices):
            assert all(f"getgem.option.{opt.name}.{c}" in en for c in opt.choices)
    for t in TYPES:
        assert f"getgem.card.{t}" in en


def _walk(n: int, seed: int, options: dict | None = None):
    s = R.new(n, seed, options)
    rng = random.Random(seed)
    yield s, []
    while R.result(s) is None:
        seat = R.to_act(s)[0]
        tn = R.apply(s, seat, rng.choice(R.legal(s, seat)))
        s = tn.state
        yield s, list(tn.events)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_everything_renders_with_existing_keys_and_short_labels(locale: str) -> None:
    tr = Recorder(locale)
    house = {"push_optional": True, "redeclare": True, "limit_first": True, "same_phase_win": "seat_order"}
    for n, seed, opts in (
        (2, 1, None),
        (3, 2, {"match_play": True}),
        (5, 3, None),
        (4, 4, {"max_turns": 30}),
        (3, 5, house),
    ):
        names = LONG_NAMES[:n]
        for s, events in _walk(n, seed, opts):
            b = render.board(R.view(s, None), names, tr)
            assert b.title and b.description
            for e in events:
                line = render.event(e, names, tr)
                assert line and not line.startswith("getgem.")
                for reader in e.to or ():  # a private line as each of its readers reads it in their DM
                    assert render.event(e, names, tr, reader)
            for seat in range(n):
                v = R.view(s, seat)
                text = render.private(v, seat, names, tr)
                assert text
                rows: dict[int, int] = {}
                for a in R.legal(s, seat):
                    c = render.control(a, v, seat, names, tr)
                    assert 0 < len(c.label) <= 80
                    assert c.style in ("primary", "secondary", "success", "danger")
                    if c.row is not None:
                        rows[c.row] = rows.get(c.row, 0) + 1
                assert all(count <= 5 for count in rows.values())  # Discord: 5 buttons per row
    for opts in (DEFAULTS, {**DEFAULTS, "match_play": True, "first_player": "host"}):
        assert all(part.startswith("**") for part in render.rules_text(tr, opts))
    assert len(tr.used) > 100


def _public_types(s: dict) -> set[str]:
    cat = s["cat"]
    out = {cat[c] for c in s["discard"]} | {cat[c] for d in s["decl"] for c in d}
    for e in s["log"]:
        out.update(e["args"].get("card_types", []))
        if e["args"].get("card_type"):
            out.add(e["args"]["card_type"])
    return out


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_board_never_names_a_card_that_is_only_in_hands(locale: str) -> None:
    tr = i18n.translator(locale)
    checked = 0
    for n, seed in ((2, 5), (3, 6), (5, 7), (4, 8)):
        names = ["Aki", "Ben", "Cho", "Dai", "Emi"][:n]
        for s, _events in _walk(n, seed):
            b = render.board(R.view(s, None), names, tr)
            text = "\n".join([b.title, b.description, b.footer] + [f"{k}\n{v}" for k, v in b.fields])
            in_hands = {s["cat"][c] for h in s["hands"] for c in h}
            for t in in_hands - _public_types(s) - set(ELEMENTS):  # element cards share the gem names
                assert render.card_name(tr, t) not in text, (t, text)
                checked += 1
    assert checked > 50


def test_board_of_a_fresh_position_shows_no_hand_card() -> None:
    tr = i18n.translator("en")
    s = build(3, [["curse", "exchange"], ["arm", "rainbow"], ["push_barrier", "push_peep"]])
    b = render.board(R.view(s, None), ["A", "B", "C"], tr)
    text = "\n".join([b.title, b.description] + [v for _, v in b.fields])
    for word in ("Curse", "Full Exchange", "Excavation Arm", "Rainbow", "Barrier", "Peeping"):
        assert word not in text
    assert "🂠 2 in hand" in text


def test_private_message_groups_the_hand_and_shows_the_prompt() -> None:
    tr = i18n.translator("en")
    s = build(2, [["fire", "fire", "rainbow", "curse", "steal"], ["water"]])
    text = render.private(R.view(s, 0), 0, ["Aki", "Ben"], tr)
    assert "🔥 Fire ×2" in text and "🌈 Rainbow" in text and "💀 Curse" in text and "✋ Steal" in text
    assert "action phase" in text
    other = render.private(R.view(s, 1), 1, ["Aki", "Ben"], tr)
    assert "Fire ×2" not in other and "Waiting for Aki" in other
    # the target's own DM says plainly that it holds no Barrier; the board says the same either way
    s, _ = act(s, 0, {"type": "play", "card": min(c for c in s["hands"][0] if s["cat"][c] == "steal")})
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    prompt = render.private(R.view(s, 1), 1, ["Aki", "Ben"], tr)
    assert "You hold no Barrier card" in prompt and "Use a Barrier?" not in prompt
    labels = [render.control(a, R.view(s, 1), 1, ["Aki", "Ben"], tr).label for a in R.legal(s, 1)]
    assert labels == ["Continue"]


def test_private_events_render_their_card() -> None:
    tr = i18n.translator("ja")
    e = Event("stolen", {"seat": 0, "victim": 1, "card": 14, "card_type": "curse"}, (0, 1))
    assert "呪いの宝玉" in render.event(e, ["A", "B"], tr)
    pub = Event("steal", {"seat": 0, "victim": 1})
    assert "呪い" not in render.event(pub, ["A", "B"], tr)
