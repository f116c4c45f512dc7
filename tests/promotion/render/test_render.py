"""Render tests: every string exists in both languages, the picture decodes, labels fit Discord."""

from __future__ import annotations

import importlib
import io
import math
import random
import string
import time

import pytest
from PIL import Image

from bot import i18n
from bot.engine import RuleError
from cogs.promotion import picture, render, rules
from cogs.promotion.picture.recap import recap
from cogs.promotion.render.words import pair
from cogs.promotion.rules import postcard
from cogs.promotion.rules.postcard import SPECIAL_NAME
from cogs.promotion.strings import STRINGS

from ..util import DOWN, DOWN_PICKS, LOW, pick_all, play, staged

i18n.register(STRINGS)

NAMES = ["Aki", "Benedikt Müller-Lüdenscheidt!", "明日香", "🎲" * 16]


class Recorder:
    """A translator that remembers every key (and its arguments) the renderer asks for."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, key: str, /, **kwargs: object) -> str:
        self.calls.append((key, kwargs))
        return i18n.translate(self.locale, key, **kwargs)


def _samples() -> list[tuple[dict, tuple]]:
    """States from several random games covering every phase, pending kind and ending, with their events."""
    out = []
    row1 = {"row1_first": True, "down_tie": "must_move", "postcard": "paired_v1", "first_parent": "host"}
    for seed, options in [(1, None), (2, None), (3, {"orient_each_round": False}), (4, {"max_rounds": 2}), (5, row1)]:
        out.append((rules.new(4, seed, options), ()))
        for _before, _seat, _action, after, events in play(seed, options, repick=0.2):
            out.append((after, events))
    down, events = pick_all(staged(DOWN), DOWN_PICKS)  # Down!'s tie question, rare in random play
    out.append((down, tuple(events)))
    return out


SAMPLES = _samples()


def _kind(state: dict) -> str:
    if state["phase"] == "choose":
        return "choose." + state["pending"]["kind"]
    if state["phase"] == "over":
        return "over." + state["reason"]
    return state["phase"]


def test_samples_cover_every_phase() -> None:
    seen = {_kind(s) for s, _ in SAMPLES}
    wanted = {"suit", "name", "orient", "turn", "pick", "over.king", "over.max_rounds"}
    wanted |= {"choose.change", "choose.wild", "choose.down"}
    assert wanted <= seen, wanted - seen
    assert any(s.get("partial") for s, _ in SAMPLES)  # row1_first's half-revealed state is rendered too


def _render_everything(tr: Recorder, names: list[str]) -> list[str]:
    texts: list[str] = list(render.rules_text(tr, rules.new(4, 0)["options"]))
    texts += render.rules_text(tr, {"down_tie": "must_move", "row1_first": True, "first_parent": "host",
                                    "orient_each_round": False, "postcard": "paired_v1", "max_rounds": 9})
    for state, events in SAMPLES:
        b = render.board(rules.view(state, None), names, tr)
        texts += [b.title, b.description, b.footer] + [x for f in b.fields for x in f]
        for seat in range(4):
            v = rules.view(state, seat)
            texts.append(render.private(v, seat, names, tr))
            for action in rules.legal(state, seat):
                texts.append(render.control(action, v, seat, names, tr).label)
        texts += [render.event(e, names, tr) for e in events]
        post = render.moment([e for e in events if e.to is None], names, tr)
        texts += [post] if post else []
    return texts


@pytest.fixture(scope="module")
def rendered() -> dict[str, tuple[Recorder, list[str]]]:
    out = {}
    # The words are what this pass checks; the picture has its own tests (and costs ~25 ms a board).
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(render, "postcard_png", lambda view, names: None)
        for locale in ("en", "ja"):
            tr = Recorder(locale)
            out[locale] = (tr, _render_everything(tr, NAMES))
    return out


def test_every_key_exists_in_both_languages(rendered: dict) -> None:
    assert STRINGS["en"].keys() == STRINGS["ja"].keys()
    assert all(k.startswith(("promotion.", "cmd.promotion")) for k in STRINGS["en"])  # and its commands' names
    for locale, (tr, _texts) in rendered.items():
        for key, kwargs in tr.calls:
            for catalogue in map(i18n.catalogue, STRINGS):  # the game's keys and shared ones (list.sep)
                assert key in catalogue, key
                catalogue[key].format(**kwargs)  # every placeholder is supplied
            fields = {f for _, f, _, _ in string.Formatter().parse(i18n.catalogue(locale)[key]) if f}
            assert fields <= set(kwargs), (key, fields - set(kwargs))
    for code in ("not_your_turn", "illegal_action", "game_over"):
        assert f"promotion.error.{code}" in STRINGS["en"] and f"promotion.error.{code}" in STRINGS["ja"]
    assert "promotion.name" in STRINGS["ja"] and "promotion.rules" in STRINGS["ja"]


def test_no_raw_keys_or_unhandled_events(rendered: dict) -> None:
    kinds = {e.kind for _, events in SAMPLES for e in events}
    for _tr, texts in rendered.values():
        assert not [t for t in texts if "promotion." in t]
        assert not [t for t in texts if t in kinds]  # event() fell through to the bare kind


def test_error_codes_used_by_the_engine_have_texts() -> None:
    state = SAMPLES[0][0]
    codes = set()
    for seat, action in [(0, {"type": "nope"}), (9, {}), ((state["first_parent"] + 1) % 4, {"type": "suit"})]:
        try:
            rules.apply(state, seat, action)
        except RuleError as exc:
            codes.add(exc.code)
    over = next(s for s, _ in SAMPLES if s["phase"] == "over")
    try:
        rules.apply(over, 0, {"type": "pick", "row": 1})
    except RuleError as exc:
        codes.add(exc.code)
    assert codes == {"illegal_action", "not_your_turn", "game_over"}
    assert all(f"promotion.error.{c}" in STRINGS["ja"] for c in codes)


def test_labels_fit_discord(rendered: dict) -> None:
    long_names = ["W" * 32, "明" * 32, "x" * 32, "🎲" * 32]
    for locale in ("en", "ja"):
        tr = i18n.translator(locale)
        for state, _ in SAMPLES[::3]:
            for seat in range(4):
                v = rules.view(state, seat)
                for action in rules.legal(state, seat):
                    c = render.control(action, v, seat, long_names, tr)
                    assert 0 < len(c.label) <= 80, c.label
                    assert c.style in ("primary", "secondary", "success", "danger")
                    assert c.row is None or 0 <= c.row <= 4


def test_board_fits_an_embed() -> None:
    tr = i18n.translator("ja")
    for state, _ in SAMPLES[::15]:
        b = render.board(rules.view(state, None), ["n" * 32] * 4, tr)
        assert 0 < len(b.title) <= 256 and len(b.description) <= 4096 and len(b.footer) <= 2048
        assert len(b.fields) <= 25
        for name, value in b.fields:
            assert 0 < len(name) <= 256 and 0 < len(value) <= 1024


@pytest.mark.parametrize("names", [NAMES, ["", "a", "P", "é"], ["x" * 32] * 4])
def test_picture_decodes_at_the_expected_size(names: list[str]) -> None:
    for state in (SAMPLES[0][0], SAMPLES[40][0], next(s for s, _ in SAMPLES if s["phase"] == "over")):
        png = picture.board(rules.view(state, None), names, i18n.translator("en"))  # drawn by the platform, cached
        assert png is not None and png.startswith(b"\x89PNG")
        img = Image.open(io.BytesIO(png))
        img.load()
        assert img.size == render.IMAGE_SIZE == (480, 556)


def test_picture_names_fall_back_when_the_font_lacks_them() -> None:
    assert render.picture_name("Aki", 0) == "Aki"
    assert render.picture_name("Zoë", 1) in ("Zoë", "Zoe")
    # Japanese names are drawn when the font has them (a CJK font), else the seat number stands in.
    japanese = all(picture.has_glyph(c) for c in "明日香")
    assert render.picture_name("明日香", 2) == ("明日香" if japanese else "P3")
    assert render.picture_name("\U0010fffd\U0010fffd", 3) == "P4"


def test_private_text_shows_own_pick_only() -> None:
    state = next(s for s, _ in SAMPLES if s["phase"] == "pick" and any(p is not None for p in s["picks"]))
    seat = next(s for s in range(4) if state["picks"][s] is not None)
    tr = i18n.translator("en")
    text = render.private(rules.view(state, seat), seat, NAMES, tr)
    assert f"row {state['picks'][seat]}" in text


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_rules_text_has_two_parts_and_shows_the_current_options(locale: str) -> None:
    tr = i18n.translator(locale)
    default = rules.new(4, 0)["options"]
    other = {**default, "down_tie": "must_move", "row1_first": True, "first_parent": "host",
             "orient_each_round": False, "postcard": "paired_v1", "max_rounds": 37}
    book, ours = render.rules_text(tr, default)
    book2, ours2 = render.rules_text(tr, other)
    assert book != book2 and ours != ours2  # both pages follow the options in force
    for first, rest in ((book, ours), (book2, ours2)):
        assert 0 < len(first) <= 1500 and 0 < len(rest) <= 4000
    assert "SPIN90°" in book and "37" in ours2 and "200" in ours
    for name, value in (("down_tie", "must_move"), ("row1_first", "on"), ("first_parent", "host"),
                        ("orient_each_round", "off")):
        assert STRINGS[locale][f"promotion.reading.{name}.{value}"] in ours2
        assert STRINGS[locale][f"promotion.reading.{name}.{value}"] not in ours
    # The postcard table of the layout in use.
    for layout in ("rules_md_v1", "paired_v1"):
        text = render.rules_text(tr, {**default, "postcard": layout})[1]
        lines = text.splitlines()
        for side in postcard.LAYOUTS[layout]:
            # One line per side, in the reader's punctuation: letter, special (order), then rows 2-4 in order.
            line = next(ln for ln in lines if ln.startswith(side.letter + ("：" if locale == "ja" else ": ")))
            order = f"（{side.order}）" if locale == "ja" else f"({side.order})"
            wanted = [f"1 {SPECIAL_NAME[side.special]}", order] + [f"{r} {pair(side.row(r))}" for r in (2, 3, 4)]
            at = [line.find(w) for w in wanted]
            assert -1 not in at and at == sorted(at), (line, wanted)


# --------------------------------------------------------------------------- the picture


def _revealed_states() -> list[dict]:
    return [s for s, events in SAMPLES if any(e.kind == "revealed" for e in events)]


def test_picture_depends_only_on_the_spectator_view() -> None:
    """Two true states with the same spectator view (different hidden picks) give byte-identical PNGs."""
    rng = random.Random(4)
    checked = 0
    for state, _ in SAMPLES:
        if state["phase"] != "pick" or not any(p is not None for p in state["picks"]):
            continue
        twin = dict(state, picks=[p if p is None else rng.randint(1, 4) for p in state["picks"]])
        if twin["picks"] == state["picks"]:
            continue
        assert rules.view(twin, None) == rules.view(state, None)
        a = render.postcard_png(rules.view(state, None), NAMES)
        b = render.postcard_png(rules.view(twin, None), NAMES)
        assert a == b
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def test_picture_is_small_and_quick() -> None:
    state = max(_revealed_states(), key=lambda s: s["round"])
    v = rules.view(state, None)
    render.postcard_png(v, NAMES)  # warm the font and sprite caches, as a running bot has
    times = []
    for _ in range(7):
        # CPU time of this process, best of 7: "typical", and other processes on a busy machine do not count.
        start = time.process_time()
        png = render.postcard_png(v, NAMES)
        times.append(time.process_time() - start)
    assert len(png) <= 150_000
    assert min(times) <= 0.015, times


def test_picture_seats_run_clockwise_in_turn_order() -> None:
    """Seat 0 at the bottom, then clockwise on screen: left, top, right (the next seat is on your left)."""
    angles = []
    for seat in range(4):
        x0, y0, x1, y1 = importlib.import_module("cogs.promotion.picture.board")._PANELS[seat]
        # Screen y grows downwards; measure the angle as seen on screen, clockwise from the bottom.
        cx, cy = render.IMAGE_SIZE[0] / 2, render.IMAGE_SIZE[1] / 2
        angles.append(math.degrees(math.atan2(-((x0 + x1) / 2 - cx), (y0 + y1) / 2 - cy)) % 360)
    assert angles == sorted(angles) and angles[0] == 0  # 0, 90, 180, 270: clockwise on screen
    # The card is drawn as it lies: seat s's edge shows side (r - s) mod 4.
    state = staged(LOW, r=1)
    assert rules.view(state, None)["sides"] == [1, 0, 3, 2]


def test_recap_after_a_reveal_shows_picks_clashes_and_raises() -> None:
    st, _ = pick_all(staged(LOW), [2, 3, 3, 2])  # the clash example of test_engine: ♥ and ♣ clash
    info = recap(rules.view(st, None))
    assert [i.pick for i in info] == [2, 3, 3, 2]
    assert info[0].clashed == ["H"] and info[3].clashed == ["H"] and info[1].clashed == ["C"]
    assert ("C", 8, 9, "raise") in info[3].moves and ("S", 5, 9, "raise") in info[0].moves
    # The next round's pick phase still shows the last reveal (nothing new is revealed yet) ...
    st = rules.apply(st, st["parent"], {"type": "orient", "r": 0}).state
    assert recap(rules.view(st, None)) == info
    # ... and the picture changes with it: a board without the recap differs.
    plain = dict(rules.view(st, None), log=[])
    assert render.postcard_png(plain, NAMES) != render.postcard_png(rules.view(st, None), NAMES)
    assert recap(plain) is None
