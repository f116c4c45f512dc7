"""GETGEM's channel posts of big moments (``render.moment``) and the take-back legend (item 4).

Each position is played through the real engine, and the events of one move
go to ``render.moment`` as the presenter passes them (public ones only) —
and, to show a post never depends on them, once more with the private ones
mixed in.
"""

from __future__ import annotations

import pytest

from bot import i18n
from bot.engine import Event
from cogs.getgem import render, strings
from cogs.getgem import rules as R
from cogs.getgem.cards import EXCHANGE, STEAL
from tests.getgem.helpers import act, build, ids_of, pick_type, play_card, random_game
from tests.getgem.render.test_render import Recorder

i18n.register(strings.STRINGS)
EN = i18n.translator("en")
JA = i18n.translator("ja")
NAMES = ["Aki", "Ben", "Cho"]


def post(events: list[Event], tr=EN, names: list[str] = NAMES) -> str | None:
    """The post for one move, as the presenter asks for it; the private events must change nothing."""
    public = [e for e in events if e.to is None]
    text = render.moment(public, names, tr)
    assert render.moment(events, names, tr) == text
    return text


def steal_at_ben(hands: list[list[str]], card: str = STEAL, mode: str | None = None, **kw):
    """Aki plays ``card`` at Ben: (state waiting for Ben's Barrier answer, the events of choosing the target)."""
    s = build(2, hands, **kw)
    s, ev = play_card(s, 0, card, mode)
    assert post(ev) is None  # choosing the card is not a moment
    return act(s, 0, {"type": "target", "seat": 1})


def test_a_steal_is_posted_once_answered_and_never_names_the_card() -> None:
    s, ev = steal_at_ben([["steal", "fire"], ["rainbow", "curse"]])
    assert [e.kind for e in ev] == ["play", "barrier_ask"]
    assert post(ev) is None  # the target is still to answer: one post per steal, after the answer
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    stolen = next(e for e in ev if e.kind == "stolen")
    text = post(ev)
    assert text == "✋ Steal: **Aki** takes a random card from **Ben**, who does not use a Barrier."
    assert render.card_name(EN, stolen.args["card_type"]) not in text
    ja = post(ev, JA)
    assert ja == "✋ スティール：**Ben**はバリアを使わず、**Aki**が**Ben**の手札からランダムに1枚取りました。"
    assert render.card_name(JA, stolen.args["card_type"]) not in ja


def test_a_barrier_is_posted_with_the_card_it_cancelled() -> None:
    s, _ = steal_at_ben([["exchange", "fire"], ["push_barrier", "water"]], card=EXCHANGE)
    s, ev = act(s, 1, {"type": "barrier", "use": True})
    assert post(ev) == "🛡️ **Ben** uses a Barrier: **Aki**'s 🔄 Full Exchange is cancelled."
    assert post(ev, JA) == "🛡️ **Ben**がバリアを使い、**Aki**の🔄 全交換を打ち消しました。"


def test_an_exchange_is_posted_after_the_answer_even_on_an_empty_hand() -> None:
    s, _ = steal_at_ben([["exchange", "fire"], ["water"]], card=EXCHANGE)
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    assert post(ev) == "🔄 Full Exchange: **Aki** swaps hands with **Ben**, who does not use a Barrier."
    s = build(2, [["exchange", "fire"], []])
    s, _ = play_card(s, 0, "exchange")
    s, ev = act(s, 0, {"type": "target", "seat": 1})  # an empty hand is asked too (docs/rules/getgem.md §3)
    assert post(ev) is None
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    assert post(ev) == "🔄 Full Exchange: **Aki** swaps hands with **Ben**, who does not use a Barrier."


def test_steal_and_push_is_posted_at_the_steal_and_the_push_is_an_ordinary_move() -> None:
    s, _ = steal_at_ben([["push_peep", "curse"], ["fire", "water"]], card="push_peep", mode="push")
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    assert post(ev) == "🫴 Steal & Push: **Aki** takes a random card from **Ben**, who does not use a Barrier."
    s, ev = pick_type(s, 0, "curse")  # the push: the card is private, the move itself is in the log
    assert "push" in [e.kind for e in ev] and post(ev) is None
    s = build(2, [["push_peep", "curse"], []])
    s, _ = play_card(s, 0, "push_peep", "push")
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, {"type": "barrier", "use": False})  # asked, empty hand or not (docs/rules/getgem.md §3)
    assert post(ev) == "🫴 Steal & Push: **Ben** holds no cards, so **Aki** takes nothing."


def test_a_three_gem_steal_names_the_gems_paid_but_not_the_card_taken() -> None:
    s = build(2, [["fire", "water", "rainbow", "curse"], ["thunder"]])
    s, ev = act(s, 0, {"type": "gem3"})
    for t in ("fire", "water", "rainbow"):
        s, ev = pick_type(s, 0, t)
    assert post(ev) is None
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    text = post(ev)
    assert text == "💎 **Aki** discards 🔥 Fire, 💧 Water, 🌈 Rainbow to take a random card from **Ben**."
    assert "Thunder" not in text  # what was taken stays between Aki and Ben


def test_a_declaration_explains_the_take_backs_and_each_take_back_counts_down() -> None:
    s = build(3, [["fire", "water", "thunder", "steal"], ["curse"], ["arm"]])
    s, ev = act(s, 0, {"type": "declare"})
    assert post(ev) is None  # opening the choice is not the declaration yet
    for t in ("fire", "water", "thunder"):
        s, ev = pick_type(s, 0, t)
    assert post(ev).splitlines()[0] == (
        "📣 **Aki** declares victory with 🔥 Fire, 💧 Water, ⚡ Thunder! In each other player's end phase one of "
        "them goes back into **Aki**'s hand; after 3 take-backs comes the victory check."
    )
    assert post(ev, JA).splitlines()[0].startswith("📣 **Aki**が🔥 炎の宝玉、💧 水の宝玉、⚡ 雷の宝玉で勝利宣言！")
    s, ev = act(s, 1, {"type": "end"})  # Ben's end phase: Aki chooses which card goes back
    assert post(ev) is None
    s, ev = pick_type(s, 0, "water")
    assert post(ev) == "↩️ **Aki** takes back 💧 Water (2 to go before the victory check)."
    assert post(ev, JA) == "↩️ **Aki**が宣言カードの💧 水の宝玉を手札に戻しました（勝利確認まであと2枚）。"


def test_a_passed_victory_check_counts_the_element_cards_and_names_the_winner() -> None:
    s = build(2, [["steal"], ["water", "rainbow"]], decl={1: ["thunder"]}, elements={"fire": 1})
    s, ev = act(s, 0, {"type": "end"})
    assert post(ev).splitlines() == [
        "↩️ **Ben** takes back ⚡ Thunder, the last declaration card: victory check!",
        "🔍 **Ben** reveals 💧 Water, ⚡ Thunder, 🌈 Rainbow (element cards held: 🔥): fire, water and thunder "
        "are all there!",
    ]  # the win itself: the platform's result post follows at once
    assert post(ev, JA).splitlines()[1] == (
        "🔍 **Ben**が手札を公開：💧 水の宝玉、⚡ 雷の宝玉、🌈 虹の宝玉（持っているエレメントカード：🔥）。"
        "炎・水・雷が揃いました！"
    )


def test_a_failed_victory_check_says_the_game_goes_on() -> None:
    s = build(2, [["steal"], ["water", "rainbow", "curse"]], decl={1: ["thunder"]})
    s, ev = act(s, 0, {"type": "end"})
    lines = post(ev).splitlines()
    assert lines[1] == (
        "🔍 **Ben** reveals 💧 Water, ⚡ Thunder, 🌈 Rainbow, 💀 Curse: not all three gems, so the game goes on."
    )
    assert len(lines) == 2  # the next turn and its draw are ordinary


def test_a_match_win_gives_the_points_and_the_next_deal() -> None:
    opts = {"match_play": True, "match_target": 20}
    s = build(2, [["steal"], ["water", "rainbow"]], decl={1: ["thunder"]}, elements={"fire": 1}, options=opts)
    s, ev = act(s, 0, {"type": "end"})
    lines = post(ev).splitlines()
    assert lines[2:] == [
        "🏆 Ben wins the game: +7 (rainbows in the hand: 1), 7 in total.",
        "Game 2 dealt; Aki starts.",
    ]


def test_ordinary_moves_post_nothing() -> None:
    s = build(2, [["fire", "fire", "push_peep", "arm", "steal"], ["water"]], discard=["thunder"])
    s, ev = act(s, 0, {"type": "element", "elem": "fire"})
    assert post(ev) is None
    s, _ = play_card(s, 0, "push_peep", "peep")
    s, ev = act(s, 0, {"type": "target", "seat": 1})
    s, ev = act(s, 1, {"type": "barrier", "use": False})
    assert "peep" in [e.kind for e in ev] and post(ev) is None  # a look is no steal
    s, ev = play_card(s, 0, "arm")
    s, ev = act(s, 0, {"type": "pick", "card": s["discard"][0]})
    assert post(ev) is None
    s, ev = act(s, 0, {"type": "pick", "card": ids_of(s, 0, "thunder")[0]})
    assert post(ev) is None
    s, ev = act(s, 0, {"type": "end"})  # end of turn, Ben's turn and draw
    assert post(ev) is None


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_no_post_names_a_card_only_its_taker_and_victim_saw(locale: str) -> None:
    """Random games: a card type that only private events carried is never in that move's post.

    Steal and Full Exchange cards are left out of the check: their names are
    also the names of the effects a post speaks of.
    """
    tr = Recorder(locale)
    checked = posts = 0
    games = ((2, 11, None), (3, 12, {"match_play": True}), (4, 13, None), (5, 14, {"push_optional": True}))
    for n, seed, opts in games:
        names = [*NAMES, "Dai", "Emi"]
        for _before, _seat, _action, events, _after in random_game(n, seed, opts):
            text = post(events, tr, names[:n])
            if text is None:
                continue
            posts += 1
            public = {t for e in events if e.to is None for t in e.args.get("card_types", [e.args.get("card_type")])}
            hidden = {e.args["card_type"] for e in events if e.to is not None and e.args.get("card_type")}
            hidden |= {t for e in events if e.to is not None for t in e.args.get("card_types", [])}
            for t in hidden - public - {STEAL, EXCHANGE}:
                assert render.card_name(tr, t) not in text, (t, text)
                checked += 1
    assert posts > 40 and checked > 20


def test_the_take_back_legend_is_where_take_backs_are_counted() -> None:
    """"take-backs to go: N" is explained where it is read (Details, the declarer's DM), once."""
    s = build(2, [["steal"], ["water"]], decl={1: ["thunder", "fire"]})
    legend = "-# " + EN("getgem.legend.takeback")
    board = render.board(R.view(s, None), NAMES[:2], EN)
    details = "\n".join(v for _, v in board.fields)
    assert "take-backs to go: 2" in details and details.count(legend) == 1
    dm = render.private(R.view(s, 1), 1, NAMES[:2], EN)
    assert "take-backs to go: 2" in dm
    assert "-# ↩️ Take-back: in each other player's end phase, one of your declaration cards goes back" in dm
    assert "Take-back:" not in render.private(R.view(s, 0), 0, NAMES[:2], EN)  # Aki has no declaration out
    quiet = build(2, [["steal"], ["water"]])
    assert not any("Take-back:" in v for _, v in render.board(R.view(quiet, None), NAMES[:2], EN).fields)
    ja_board = "\n".join(v for _, v in render.board(R.view(s, None), NAMES[:2], JA).fields)
    assert "-# ↩️ 宣言カードを戻す：ほかのプレイヤーのエンドフェイズごとに" in ja_board
    assert "あなたは宣言カードを1枚手札に戻します" in render.private(R.view(s, 1), 1, NAMES[:2], JA)


def test_a_second_declaration_counts_every_card_out() -> None:
    """With ``redeclare`` the cards still out from the first declaration must come back too."""
    s = build(2, [["fire", "water", "thunder"], ["curse"]], decl={0: ["rainbow"]}, options={"redeclare": True})
    s, _ = act(s, 0, {"type": "declare"})
    for t in ("fire", "water", "thunder"):
        s, ev = pick_type(s, 0, t)
    assert "after 4 take-backs comes the victory check" in post(ev)
