"""A contest, a steal and a Barrier put one line in the DM of every player they touched, worded for them.

Through the platform's own path: :meth:`bot.frontend.presenting.dm_screens.DmScreens.remember`
is what the presenter calls with a committed change's events; it keeps each
seat's lines for its next DM screen.  A line is built from what that seat may
know only, so another seat's DM never names a card taken from a hand it does
not see (``tests/robustness/leaks/test_leaks.py`` checks every DM line of seeded
games against twin states as well).
"""

from __future__ import annotations

from typing import Any

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot.core.store import SeatRecord, SessionRecord
from bot.engine import Event
from bot.frontend.presenting.dm_screens import DmScreens
from cogs.getgem import rules as getgem_rules
from tests.eminit.helpers import Game, build
from tests.getgem.helpers import act, ids_of, play_card
from tests.getgem.helpers import build as getgem_build

NAMES = ["Aki", "Botan", "Chiyo", "Daisuke"]


def _record(game: str, state: Any, locales: tuple[str, ...]) -> SessionRecord:
    seats = [SeatRecord(seat=i, name=NAMES[i], user_id=100 + i, locale=lang) for i, lang in enumerate(locales)]
    return SessionRecord(id=1, game=game, guild_id=1, channel_id=2, host_id=100, status="active", seed=0,
                         created_at=0, updated_at=0, state=state, seats=seats)  # fmt: skip


def _dm_lines(game: str, state: Any, events: list[Event], locales: tuple[str, ...]) -> list[list[str]]:
    """Each seat's new DM lines for one committed change, as the presenter keeps them."""
    screens = DmScreens(None, None, None)  # type: ignore[arg-type]  (only its lines are used here)
    record = _record(game, state, locales)
    screens.remember(record, events)
    return [screens.recent.get((record.id, seat), []) for seat in range(len(locales))]


def _contest() -> tuple[Game, list[Event]]:
    """① Aki flips a Gold Coin; ② declares Suck, ③ Reflect at ③, ④ bluffs: ① Aki's Nullify stops them all."""
    g = Game(build(4, hands=[["nullify"], ["suck"], ["reflect"], ["ancient"]],
                   field=(("gold", 1), ("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1)),
                   phase="scramble", seat=0))  # fmt: skip
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    g.declare(2, "reflect", seat=2)
    g.declare(3, "ancient")
    return g, g.do(0, "declare", card=g.s["hands"][0][0])


def test_a_contest_tells_each_seat_what_its_declaration_did_in_resolution_order() -> None:
    g, events = _contest()
    lines = _dm_lines("eminit", g.s, events, ("en", "en", "ja", "en"))
    assert lines[0] == ["Your Nullify stopped every declaration after it. You get **Gold Coin** (+1)."]
    assert lines[1] == ["Your Suck did nothing: ① Aki's Nullify came before you in resolution order. "
                        "① Aki gets **Gold Coin** (+1)."]  # fmt: skip
    assert lines[2] == ["あなたの反射は効果がありませんでした。解決順で先の① Akiが無効化を使ったためです。"
                        "① Akiが**金貨**を受け取りました（+1点）。"]  # fmt: skip
    assert lines[3][0].startswith("Your Ancient Treasure did nothing")


def test_a_later_declaration_overrides_and_nobody_declaring_is_said() -> None:
    g = Game(build(4, hands=[[], ["suck"], [], ["reflect"]],
                   field=(("ancient", 1), ("gold", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1)),
                   phase="scramble", seat=0))  # fmt: skip
    g.do(0, "flip", slot=1)
    g.declare(1, "suck")
    g.declare(3, "reflect", seat=0)  # ① and ③ hold nothing to declare: the contest resolves now
    events = g.events[-4:]
    assert [e.kind for e in events] == ["declared", "revealed", "revealed", "received"]
    lines = _dm_lines("eminit", g.s, events, ("en",) * 4)
    assert lines[1] == ["Your Suck was overridden: ④ Daisuke's Reflect came after you in resolution order. "
                        "① Aki gets **Ancient Treasure** (+3)."]  # fmt: skip
    assert lines[3] == ["Your Reflect had the last word. ① Aki gets **Ancient Treasure** (+3)."]
    assert lines[0] == ["You did not declare. You get **Ancient Treasure** (+3)."]
    assert lines[2] == ["You did not declare. ① Aki gets **Ancient Treasure** (+3)."]
    flipper = g.s["step"]["seat"]
    assert flipper == 1  # the next player flips
    start = len(g.events)
    g.do(flipper, "flip", slot=2)  # the Gold Coin: nobody declares (② Botan presses Done, the others hold nothing)
    if g.s["step"]["kind"] == "declare":
        g.do(1, "pass")
    events = g.events[start:]
    lines = _dm_lines("eminit", g.s, events, ("en", "ja", "en", "en"))
    assert lines[1] == ["誰も宣言しませんでした。あなたが**金貨**を受け取りました（+1点）。"]
    assert lines[2] == ["Nobody declared: ② Botan gets **Gold Coin** (+1)."]
    assert [len(x) for x in lines] == [1, 1, 1, 1]


def _steal(barrier: bool) -> tuple[Any, list[Event]]:
    """Aki plays Steal on Botan, who holds a Barrier (or not); Chiyo watches."""
    s = getgem_build(3, [["steal", "fire"], ["water", "push_barrier" if barrier else "thunder"], ["curse"]])
    s, events = play_card(s, 0, "steal")
    s, more = act(s, 0, {"type": "target", "seat": 1})
    events += more
    s, more = act(s, 1, {"type": "barrier", "use": barrier})
    return s, events + more


def test_a_steal_tells_taker_and_victim_the_card_and_nobody_else() -> None:
    s, events = _steal(barrier=False)
    taken = next(e for e in events if e.kind == "stolen").args["card_type"]
    lines = _dm_lines("getgem", s, events, ("en", "en", "en"))
    name = {"water": "Water", "thunder": "Thunder"}[taken]
    assert any("You took" in line and name in line for line in lines[0])
    assert any(line.startswith("Aki took a card from you:") and name in line for line in lines[1])
    assert not any(name in line for line in lines[2])  # Chiyo may not know which card it was


def test_a_barrier_tells_both_sides() -> None:
    s, events = _steal(barrier=True)
    lines = _dm_lines("getgem", s, events, ("en", "ja", "en"))
    assert "🛡️ Botan's Barrier cancelled your ✋ Steal: it did nothing." in lines[0]
    assert any(line.startswith("🛡️ あなたのバリアでAkiの") for line in lines[1])
    assert lines[2] == []
    assert getgem_rules.view(s, 0)["hand_sizes"][1] == 1  # the Barrier left the hand: Botan holds only Water
    assert ids_of(s, 1, "water")


def test_a_clash_tells_each_player_whose_suit_it_cost() -> None:
    from tests.promotion.util import LOW, pick_all, staged

    st, events = pick_all(staged(LOW), [2, 3, 3, 2])  # row 2: ① and ④ both list ♥; row 3: ② and ③ both ♣
    lines = _dm_lines("promotion", st, events, ("en", "en", "ja", "en"))
    assert "Row 2: your ♥ clashed with Daisuke, so nobody on that row got it." in lines[0]
    assert "Row 2: your ♥ clashed with Aki, so nobody on that row got it." in lines[3]
    assert "3段目：あなたの♣がBotanと被ったため、その段では誰も上がりませんでした。" in lines[2]
    assert not any("Row 2" in line for line in lines[1])


def test_the_live_contest_in_a_dm_lists_the_seats_in_resolution_order() -> None:
    from bot import i18n
    from bot.core.games import get

    g = Game(build(4, hands=[["nullify"], ["suck"], [], []],
                   field=(("gold", 2), ("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1)),
                   phase="scramble", seat=2))  # fmt: skip
    g.do(2, "flip", slot=1)  # ③ Chiyo flips: ③ resolves first, then ④, ①, ②
    spec = get("eminit")
    text = spec.render.private(spec.rules.view(g.s, 1), 1, NAMES, i18n.translator("en"))
    order = [text.index(f"{mark} {name}:") for mark, name in zip("③④①②", ["Chiyo", "Daisuke", "Aki", "Botan"],
                                                                  strict=True)]
    assert order == sorted(order), text
    assert "Below in resolution order" in text
