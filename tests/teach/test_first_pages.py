"""Every statement of each game's first rules page holds in the engine.

Each game lists the statements of its first page (``FIRST_PAGE``, catalogue
keys, in order).  ``CHECKS`` gives each one an engine check: a small position
played through the game's own rules that shows the statement true (a flip
nobody declares on: the flipper gets the card).  A statement without a check,
or a check of a statement the page no longer makes, fails
(:func:`test_every_statement_has_an_engine_check`), so the page cannot grow a
sentence nobody has checked.  Where a game's own engine test already shows a statement (Promotion's clash,
Wild! King, round cap), the check is that test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import i18n
from bot.core.games import get
from cogs.eminit import cards as ecards
from cogs.eminit import rules as erules
from cogs.eminit.render import FIRST_PAGE as EMINIT_PAGE
from cogs.getgem import rules as grules
from cogs.getgem.cards import ACTION_TYPES, ELEMENTS
from cogs.getgem.rulestext import FIRST_PAGE as GETGEM_PAGE
from cogs.portas import rules as prules
from cogs.portas.render import FIRST_PAGE as PORTAS_PAGE
from cogs.promotion import rules as mrules
from cogs.promotion.postcard import SUITS
from cogs.promotion.render.rulestext import FIRST_PAGE as PROMOTION_PAGE
from tests.eminit.helpers import Game, build, random_game
from tests.getgem.helpers import act, ids_of
from tests.getgem.helpers import build as gbuild
from tests.portas.helpers import build as pbuild
from tests.portas.helpers import port
from tests.promotion.test_engine import test_clash_is_per_row as promotion_rows
from tests.promotion.test_engine import test_max_rounds_ends_in_a_draw as promotion_end
from tests.promotion.test_engine import test_wild_can_make_a_king as promotion_goal
from tests.promotion.util import DOWN, DOWN_PICKS, LOW, by_kind, pick_all, staged

FILLER = (("ancient", 1), ("drop", 2), ("clairvoyance", 3), ("switch", 1))


def _contest(flipped: str, hands: list[list[str]]) -> Game:
    """① flips ``flipped`` (slot 1) in a 4-player scramble."""
    g = Game(build(4, hands=hands, field=((flipped, 1), *FILLER), phase="scramble", seat=0))
    g.do(0, "flip", slot=1)
    return g


def _received(g: Game) -> dict:
    return g.kinds_of("received")[-1]


# --------------------------------------------------------------------------- Eminit


def eminit_goal() -> None:
    for seed in range(3):
        s = random_game(4, seed)
        scores = s["result"]["scores"]
        top = [p for p in range(4) if scores[p] == max(scores)]
        assert s["result"]["winners"] == (top if len(top) == 1 else [])
        assert s["field"] == [] and s["deck"] == [] and s["result"]["reason"] != "turn_cap"


def eminit_source() -> None:
    assert {"clairvoyance", "supply", "drop"} <= set(ecards.MAGIC)  # the three reconstructed magic cards exist
    assert set(ecards.TREASURES) == {"gold", "ancient", "eminit"} and len(ecards.KIND) == 60


def eminit_setup() -> None:
    s = erules.new(4, 7, {"hand_size": 6, "first_player": "host"})
    assert s["step"]["seat"] == 0  # the host starts, and has drawn their turn's card
    assert [len(h) for h in s["hands"]] == [6 + s["options"]["draw_per_turn"], 6, 6, 6]


def eminit_gathering() -> None:
    g = Game(build(3, hands=[["supply", "gold", "suck"], [], []], field=(("gold", 1), ("ancient", 2), ("drop", 1)),
                   seat=0))  # fmt: skip
    types = {(a["type"], ecards.kind(a["card"])) for a in erules.legal(g.s, 0) if "card" in a}
    assert ("cast", "supply") in types and ("place", "gold") in types and ("place", "suck") not in types
    g.do(0, "place", card=g.s["hands"][0][1])  # 4th card of 3 + 2: the quota is not reached yet
    assert g.s["phase"] == "gathering"
    s = erules.new(3, 1)
    assert s["phase"] == "gathering" and len(s["field"]) == 0 and erules.legal(s, s["step"]["seat"])


def eminit_scramble() -> None:
    g = _contest("gold", [[], ["suck"], ["suck"], ["suck"]])
    for seat in (1, 2, 3):
        g.declare(seat, "suck")
    assert _received(g)["seat"] == 3  # each overriding the last, clockwise from the flipper
    g = _contest("gold", [[], ["reflect"], [], []])
    g.declare(1, "reflect", seat=2)
    assert _received(g)["seat"] == 2
    g = _contest("gold", [[], ["nullify"], ["suck"], []])
    g.declare(2, "suck")
    g.declare(1, "nullify")
    assert _received(g)["seat"] == 0  # ②'s Nullify stops ③'s later Suck
    g = _contest("gold", [[], ["false_info"], [], []])
    g.declare(1, "false_info", slot=3)
    flipped = g.kinds_of("flipped")[-1]
    assert (flipped["slot"], flipped["extra"]) == (3, True)  # the named card is flipped next, a contest of its own
    g = _contest("gold", [[], ["eminit"], [], []])
    g.declare(1, "eminit")
    assert _received(g)["seat"] == 0 and g.kinds_of("revealed")[-1]["effect"] == "bluff"


def eminit_unclaimed() -> None:
    g = _contest("ancient", [[], ["suck"], [], []])
    g.do(1, "pass")  # ② holds a Suck and does not declare; nobody else can
    assert _received(g)["seat"] == 0 and len(g.s["treasures"][0]) == 1


def eminit_receive() -> None:
    g = _contest("gold", [[], ["suck"], [], []])
    g.declare(1, "suck")
    assert _received(g)["outcome"] == "scored" and g.s["treasures"][1]
    g = _contest("switch", [[], [], [], []])
    assert _received(g)["outcome"] == "hand" and ecards.kind(g.s["hands"][0][-1]) == "switch"
    g = _contest("time_skip", [[], [], [], []])
    assert _received(g)["outcome"] == "effect" and g.s["skip"][0]
    g = _contest("supply", [["gold", "ancient"], [], [], []])
    g.do(0, "pass")  # the flipper may declare too (a bluff): they press Done
    assert g.s["step"] == {"kind": "supply_discard", "seat": 0, "left": 2}
    g = _contest("big_release", [["suck"], [], [], []])
    g.do(0, "pass")
    assert g.s["step"]["kind"] == "name"
    g = Game(build(4, hands=[[], [], [], []], field=(("reflect", 1), *FILLER), phase="scramble", seat=0))
    g.do(0, "flip", slot=1)
    assert g.kinds_of("interrupt_flipped") and g.s["step"] == {"kind": "flip", "seat": 0}


def eminit_end() -> None:
    g = _contest("gold", [[], [], [], []])
    assert _received(g)["points"] == g.s["options"]["points_gold"] == 1
    s = build(3, treasures=[["gold"], ["gold"], []], field=(("ancient", 0),), phase="scramble", deck=False)
    g = Game(s)
    g.do(0, "flip", slot=1)
    assert g.s["result"] is not None and g.s["result"]["winners"] == [0]  # 4 points, unique


# --------------------------------------------------------------------------- GETGEM


def getgem_goal() -> None:
    s = gbuild(2, [["steal"], ["fire", "water", "thunder"]], decl={1: ["steal"]})
    s, _ = act(s, 0, {"type": "end"})
    assert grules.result(s).winners == (1,)


def getgem_setup() -> None:
    s = grules.new(3, 5)
    assert sorted(len(h) for h in s["hands"]) == [4, 4, 5] and len(s["hands"][s["turn"]]) == 5  # 4 + its draw
    assert s["elements"] == {g: None for g in ELEMENTS}


def getgem_cards() -> None:
    s = grules.new(3, 5)
    assert len(s["cat"]) == 30 and sum(len(h) for h in s["hands"]) + len(s["deck"]) == 30  # elements apart
    s = gbuild(2, [["push_peep", "push_barrier", "fire"], ["water"]])
    modes = {(s["cat"][a["card"]], a.get("mode")) for a in grules.legal(s, 0) if a["type"] == "play"}
    assert {("push_peep", "push"), ("push_peep", "peep"), ("push_barrier", "push")} <= modes
    s = gbuild(2, [["steal"], ["push_barrier"]])
    s, _ = act(s, 0, {"type": "play", "card": ids_of(s, 0, "steal")[0]})
    s, _ = act(s, 0, {"type": "target", "seat": 1})
    s, events = act(s, 1, {"type": "barrier", "use": True})
    assert any(e.kind == "barrier" for e in events) and s["hands"][0] == []  # the Steal took nothing
    assert set(ACTION_TYPES) >= {"steal", "exchange", "arm", "push_peep", "push_barrier"}


def getgem_turn() -> None:
    s = gbuild(2, [["fire", "fire", "water", "thunder"], ["curse"]])
    kinds = {a["type"] for a in grules.legal(s, 0)}
    assert {"gem3", "element", "end"} <= kinds  # 3 gems for a steal, 2 fire for the fire element
    before = len(s["hands"][1])
    s, _ = act(s, 0, {"type": "end"})
    assert s["turn"] == 1 and len(s["hands"][1]) == before + 1  # the next player drew 1


def getgem_end() -> None:
    s = gbuild(2, [["steal"], ["fire", "water"]], decl={1: ["arm"]})
    s, events = act(s, 0, {"type": "end"})
    assert any(e.kind == "reveal" and not e.args["win"] for e in events) and grules.result(s) is None


# --------------------------------------------------------------------------- PORTAS


def portas_goal_and_take() -> None:
    s = pbuild(hands=([3, 1], [2]), open_=[(11, [6, 2], [])], decks=([], []), treasure_deck=[])
    s = prules.apply(s, 0, port(3, 11)).state
    assert s["scores"][0] == 6 + 2 + 3 and s["taken"][0][0]["value"] == 11


def portas_setup() -> None:
    s = prules.new(2, 3)
    assert len(s["open"]) == 2 and [len(h) for h in s["hands"]] == [4, 4] and [len(d) for d in s["decks"]] == [10, 10]


def portas_turn() -> None:
    s = pbuild(hands=([6, 1], [2]), open_=[(11, [5, 2], [])])
    legal = prules.legal(s, 0)
    assert port(1, 11) in legal and port(6, 11) not in legal  # never past the value (overshoot: illegal)


def portas_take() -> None:
    s = pbuild(hands=([3], [2]), open_=[(11, [4], [4])], decks=([], [1]))
    s = prules.apply(s, 0, port(3, 11)).state
    assert s["scores"] == [7, 0]  # the taker's own cards only; the opponent's 4 scores nothing


def portas_end() -> None:
    for seed in range(3):
        s = prules.new(2, seed)
        rng = random.Random(seed)
        while s["result"] is None:
            s = prules.apply(s, s["turn"], rng.choice(prules.legal(s, s["turn"]))).state
        a, b = s["scores"]
        if a != b:
            assert s["result"]["winners"] == [0 if a > b else 1]


# --------------------------------------------------------------------------- Promotion


def promotion_setup() -> None:
    st = mrules.new(4, 2)
    while st["phase"] in ("suit", "name"):
        seat = mrules.to_act(st)[0]
        st = mrules.apply(st, seat, mrules.legal(st, seat)[0]).state
    assert sorted(st["row_suit"]) == sorted(SUITS)
    assert all(sorted(st["field"][s].values()) == [5, 6, 7, 8] for s in range(4))
    assert all(st["supply"][suit] == [9, 10, 11, 12, 13] for suit in SUITS)


def promotion_round_and_orient() -> None:
    st = staged(LOW, parent=2)
    st["phase"] = "orient"
    st = mrules.apply(st, 2, mrules.legal(st, 2)[0]).state
    assert mrules.to_act(st) == [1]  # the player to the parent's right may turn it


def promotion_pick() -> None:
    st = staged(LOW)
    st = mrules.apply(st, 0, {"type": "pick", "row": 2}).state
    assert {"type": "pick", "row": 3} in mrules.legal(st, 0)  # changeable until all four have picked
    assert mrules.view(st, 1)["picks"][0] is None  # secret


def promotion_reveal() -> None:
    _, events = pick_all(staged(LOW), [2, 3, 3, 2])
    assert by_kind(events, "revealed")[0]["picks"] == [2, 3, 3, 2]


def promotion_row1() -> None:
    _, events = pick_all(staged(DOWN), DOWN_PICKS)
    orders = [a["order"] for a in by_kind(events, "special")]
    assert orders and orders == sorted(orders)


CHECKS: dict[str, dict[str, Callable[[], None]]] = {
    "eminit": {
        "eminit.rules": eminit_goal, "eminit.first.source": eminit_source, "eminit.first.setup": eminit_setup,
        "eminit.first.gathering": eminit_gathering, "eminit.first.scramble": eminit_scramble,
        "eminit.first.unclaimed": eminit_unclaimed, "eminit.first.receive": eminit_receive,
        "eminit.first.end": eminit_end,
    },
    "getgem": {
        "getgem.rules": getgem_goal, "getgem.teach.setup": getgem_setup, "getgem.teach.cards": getgem_cards,
        "getgem.teach.turn": getgem_turn, "getgem.teach.end": getgem_end,
    },
    "portas": {
        "portas.rules": portas_goal_and_take, "portas.teach.setup": portas_setup, "portas.teach.turn": portas_turn,
        "portas.teach.take": portas_take, "portas.teach.end": portas_end,
    },
    "promotion": {
        "promotion.rules": promotion_goal, "promotion.teach.setup": promotion_setup,
        "promotion.teach.round": promotion_round_and_orient, "promotion.teach.orient": promotion_round_and_orient,
        "promotion.teach.pick": promotion_pick, "promotion.teach.reveal": promotion_reveal,
        "promotion.teach.row1": promotion_row1, "promotion.teach.rows": promotion_rows,
        "promotion.teach.end": promotion_end,
    },
}  # fmt: skip
PAGES = {"eminit": EMINIT_PAGE, "getgem": GETGEM_PAGE, "portas": PORTAS_PAGE, "promotion": PROMOTION_PAGE}


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_statement_has_an_engine_check(game: str) -> None:
    assert list(CHECKS[game]) == list(PAGES[game]), "a first-page statement without an engine check, or vice versa"


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_first_page_is_its_statements(game: str, locale: str) -> None:
    """What /game rules shows first is made of exactly these statements, in order."""
    spec = get(game)
    options = spec.resolve_options(None)
    first, _ = spec.render.rules_text(i18n.translator(locale), options)
    catalogue = i18n.catalogue(locale)
    at = -1
    for key in PAGES[game]:
        text = catalogue.get(key) or next(v for k, v in catalogue.items() if k.startswith(key + "."))
        head = text.split("{", 1)[0][:40]
        assert head in first, (key, head)
        assert first.index(head) > at, f"{key} out of order"
        at = first.index(head)


@pytest.mark.parametrize("key", [(g, k) for g in sorted(CHECKS) for k in CHECKS[g]], ids=lambda gk: gk[1])
def test_statement_holds_in_the_engine(key: tuple[str, str]) -> None:
    game, statement = key
    CHECKS[game][statement]()
