"""The reveal's channel post (``render.moment``): every pick, clash, raise and special, in order, nothing hidden."""

from __future__ import annotations

import itertools

import pytest

from bot import i18n
from bot.engine import Event, State
from cogs.promotion import render, rules
from cogs.promotion.strings import STRINGS

from ..util import DOWN, DOWN_PICKS, LOW, play, staged

i18n.register(STRINGS)

NAMES = ["alice", "bob", "carol", "dave"]
EN, JA = i18n.translator("en"), i18n.translator("ja")


def _public(events: tuple[Event, ...] | list[Event]) -> list[Event]:
    """What the presenter passes: the public events of one change."""
    return [e for e in events if e.to is None]


def _picks(state: State, picks: list[int]) -> tuple[State, list[str | None]]:
    """Everyone picks in seat order; the post of each change (None when it has none)."""
    posts = []
    for seat, row in enumerate(picks):
        t = rules.apply(state, seat, {"type": "pick", "row": row})
        state = t.state
        posts.append(render.moment(_public(t.events), NAMES, EN))
    return state, posts


def _answer(state: State, action: dict, tr=EN) -> tuple[State, str | None]:
    (seat,) = rules.to_act(state)
    t = rules.apply(state, seat, action)
    return t.state, render.moment(_public(t.events), NAMES, tr)


def test_clashes_and_raises_in_one_post_after_the_last_pick() -> None:
    # LOW at r=0: alice faces A (row 4 ♣♠), bob D (row 4 ♥♣), carol C (row 2 ♣♦), dave B (row 2 ♥♣).
    _state, posts = _picks(staged(LOW), [4, 4, 2, 2])
    assert posts[:3] == [None, None, None]  # a pick is no moment: nothing is revealed yet
    assert posts[3] == (
        "**Round 1: the reveal**\n"
        "Picks: alice row 4, bob row 4, carol row 2, dave row 2\n"
        "Row 2 (carol ♣♦, dave ♥♣) — ⚔️ ♣ clashed (carol, dave): those cards stay · ⬆️ carol ♦7 → ♦9"
        " · ⬆️ dave ♥5 → ♥6\n"
        "Row 4 (alice ♣♠, bob ♥♣) — ⚔️ ♣ clashed (alice, bob): those cards stay · ⬆️ alice ♠5 → ♠9"
        " · ⬆️ bob ♥8 → ♥10"
    )


def test_a_players_two_raises_name_them_once() -> None:
    _state, posts = _picks(staged(LOW), [1, 2, 3, 4])
    post = posts[3]
    assert post is not None
    lines = post.splitlines()
    # SPIN90° resolves first, and the rows are read from the sides faced after the turn
    assert lines[2] == "🔄 alice: SPIN90° (1) — the postcard turns 90° clockwise"
    assert lines[3] == "Row 2 (bob ♠♥) — ⬆️ bob ♠6 → ♠9, ♥8 → ♥10"
    assert [ln.split(" (")[0] for ln in lines[3:]] == ["Row 2", "Row 3", "Row 4"]


def test_each_special_in_the_order_it_resolved_and_who_must_choose() -> None:
    """Down! (order 2) waits for a tie; its answer, Change! and Wild! each continue in their own post."""
    state, posts = _picks(staged(DOWN), DOWN_PICKS)
    assert posts[3] == (
        "**Round 1: the reveal**\n"
        "Picks: alice row 4, bob row 1, carol row 1, dave row 1\n"
        "⬇️ dave: Down! (2)\n"
        "⏳ Down!: alice chooses which tied highest card goes down."
    )
    state, post = _answer(state, {"type": "down", "suit": "D"})
    assert post == (
        "**Round 1, continued**\n"
        "⬇️ Down! — alice ♦10 → ♦9, carol ♥11 → ♥9, bob keeps ♣8\n"
        "🔁 carol: Change! (3)\n"
        "⏳ Change!: carol chooses a card to swap."
    )
    state, post = _answer(state, {"type": "change", "seat": 0, "suit": "S"})
    assert post == (
        "**Round 1, continued**\n"
        "🔁 Change! — carol takes alice's ♠10 and gives ♠8\n"
        "🃏 bob: Wild! (4)\n"
        "⏳ Wild!: bob chooses a card to raise."
    )
    state, post = _answer(state, {"type": "wild", "suit": "S"})
    assert post is not None
    head, wild, row4 = post.splitlines()
    assert (head, wild) == ("**Round 1, continued**", "🃏 Wild! — bob ♠7 → ♠9")
    assert row4.startswith("Row 4 (alice ♣♠) — ⬆️ alice ") and "♠8 → ♠11" in row4


def test_a_missed_special_says_so() -> None:
    """The source's example: SPIN90° turns bob's Wild! into SPIN90° again, whose order has passed."""
    state, posts = _picks(staged(LOW), [1, 1, 1, 1])
    assert posts[3] is not None
    assert posts[3].splitlines()[2:] == [
        "🔄 alice: SPIN90° (1) — the postcard turns 90° clockwise",
        "🔁 dave: Change! (3)",
        "⏳ Change!: dave chooses a card to swap.",
    ]
    state, _ = _answer(state, {"type": "change", "seat": 2, "suit": "S"})
    state, post = _answer(state, {"type": "wild", "suit": "D"})
    assert post is not None and "✖️ bob: SPIN90° (1) missed, its turn had passed" in post.splitlines()


def test_lines_without_a_full_round_in_play() -> None:
    """Events a staged round does not reach: a Wild! with nothing to raise, a card kept in a row, a King,
    and events stored before they carried the round."""
    events = [
        Event("special", {"seat": 1, "special": "wild", "order": 4}),
        Event("wild_none", {"seat": 1}),
        Event("row", {"row": 3, "seats": [2], "suits": [["S", "H"]], "clashes": []}),
        Event("raise", {"seat": 2, "suit": "S", "old": 11, "new": 12, "skipped": [], "row": 3}),
        Event("raise_none", {"seat": 2, "suit": "H", "value": 12, "row": 3}),
        Event("king", {"seats": [2]}),
    ]
    assert render.moment(events, NAMES, EN) == (
        "**The round, continued**\n"
        "🃏 bob: Wild! (4) — no card can go up\n"
        "Row 3 (carol ♠♥) — ⬆️ carol ♠11 → ♠12 · carol keeps ♥12\n"
        "👑 King for carol!"
    )
    assert render.moment([Event("revealed", {"picks": [2, 2, 3, 4]})], NAMES, EN).startswith("**The reveal**\n")


def test_no_post_for_changes_that_resolve_nothing() -> None:
    for _before, _seat, action, _after, events in itertools.islice(play(7), 60):
        if action["type"] in ("suit", "name", "orient", "turn"):
            assert render.moment(_public(events), NAMES, EN) is None
    assert render.moment([], NAMES, EN) is None


def _row1_first_partial() -> tuple[State, list[Event]]:
    state = staged(LOW, options={"row1_first": True})
    events: list[Event] = []
    for seat, row in enumerate([2, 3, 1, 4]):  # carol (Change!) alone on row 1
        t = rules.apply(state, seat, {"type": "pick", "row": row})
        state, events = t.state, list(t.events)
    return state, events


def test_row1_first_names_only_the_row_1_picks() -> None:
    """Under ``row1_first`` the hidden picks stay hidden: the post reads the same whatever they are."""
    state, events = _row1_first_partial()
    post = render.moment(_public(events), NAMES, EN)
    assert post == (
        "**Round 1: the reveal**\n"
        "Row 1 revealed first: carol. The other picks stay hidden until row 1 is resolved.\n"
        "🔁 carol: Change! (3)\n"
        "⏳ Change!: carol chooses a card to swap."
    )
    # every other combination of the hidden picks (rows 2-4) gives the very same post
    for rows in itertools.product((2, 3, 4), repeat=3):
        twin = staged(LOW, options={"row1_first": True})
        for seat, row in zip((0, 1, 3, 2), (*rows, 1), strict=True):
            t = rules.apply(twin, seat, {"type": "pick", "row": row})
            twin = t.state
        for tr in (EN, JA):
            assert render.moment(_public(t.events), NAMES, tr) == render.moment(_public(events), NAMES, tr)
    # the answer reveals the rest, then the rows
    _state, post = _answer(state, {"type": "change", "seat": 0, "suit": "S"})
    assert post is not None
    assert post.splitlines()[:3] == [
        "**Round 1, continued**",
        "🔁 Change! — carol takes alice's ♠5 and gives ♠7",
        "Picks: alice row 2, bob row 3, carol row 1, dave row 4",
    ]


def test_japanese_reads_as_japanese() -> None:
    state = staged(LOW)
    for seat, row in enumerate([4, 4, 2, 2]):
        t = rules.apply(state, seat, {"type": "pick", "row": row})
        state = t.state
    post = render.moment(_public(t.events), NAMES, JA)
    assert post is not None
    assert post.splitlines()[:3] == [
        "**第1ラウンド：選択の公開**",
        "選択：aliceは4段目、bobは4段目、carolは2段目、daveは2段目",
        "2段目（carol ♣♦、dave ♥♣） — ⚔️ ♣が被って動かず（carol、dave）／⬆️ carol ♦7 → ♦9／⬆️ dave ♥5 → ♥6",
    ]
    state, _posts = _picks(staged(DOWN), DOWN_PICKS)
    _state, post = _answer(state, {"type": "down", "suit": "D"}, JA)
    assert post == (
        "**第1ラウンド（続き）**\n"
        "⬇️ Down! — alice ♦10 → ♦9、carol ♥11 → ♥9、bobの♣8はそのまま\n"
        "🔁 carol：Change!（3）\n"
        "⏳ Change!：carolが交換するカードを選んでいます。"
    )


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_posts_stay_short_in_whole_games(locale: str) -> None:
    """A bold heading, then at most a dozen short lines; long names never push a post past Discord's limit."""
    tr = i18n.translator(locale)
    long_names = ["W" * 32, "明" * 32, "x" * 32, "🎲" * 32]
    seen = 0
    for seed, options in [(1, None), (2, {"row1_first": True}), (3, {"postcard": "paired_v1"})]:
        for _before, _seat, _action, _after, events in play(seed, options):
            for names in (NAMES, long_names):
                post = render.moment(_public(events), names, tr)
                if post is None:
                    continue
                seen += 1
                lines = post.splitlines()
                assert lines[0].startswith("**") and lines[0].endswith("**") and len(lines) >= 2
                assert len(lines) <= 12 and len(post) <= 2000
                assert "promotion." not in post and "None" not in post
    assert seen > 20
