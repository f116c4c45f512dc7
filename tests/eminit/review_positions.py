"""Eminit positions built by hand in which one choice clearly loses: the review must call it a mistake or a blunder.

Seeded games hold no such position beside a clearly better choice (a choice
that loses at once comes when the game is lost anyway), so these are built:
:func:`tests.eminit.helpers.build` lays out a last scramble, and the engine's
own ``rules.apply`` plays up to the decision (a flip opens the contest, a
declared Reflect asks for its target, a received Supply or Big Release asks
its choice).  Each position is valid by the rules: the cards are all there
once, the deciding seat is in ``rules.to_act`` and its choice in ``rules.legal``.

Every one is the game's **last scramble** (the deck is empty) and every card
not in a hand, a treasure pile or on the field is in the public discard pile,
so the deciding player can count the cards: the hidden ones (others' hands,
a face-down card they did not place, a declared card still face down) can
only be what the count leaves.  Those are interrupts in three positions
only, said where they are.  Hence the outcome of each choice follows from
the rules (docs/rules/eminit.md):

* **Flip** (the flipper knows both face-down cards, it placed them): the next
  seat flips the card left.  With nobody else holding an interrupt, flipping
  the lesser card hands the treasure that decides the game to the next seat;
  with the one Suck the count leaves in another hand, flipping the treasure
  first lets that hand take it (every other seat resolves after the flipper),
  while on the next seat's flip the player resolves last and its own Suck wins.
* **Suck or pass** on a treasure that decides the game: passing leaves it to
  the flipper, who wins.  Nobody else holds an interrupt, or, in one
  position, a Nullify may be held before the player in order: a Suck is
  never worse than passing then, and wins in most worlds.
* **Reflect's target**: aiming it at the flipper gives them the game; at oneself wins it.
* **Nullify or Suck** when a seat later in resolution order has declared a
  Suck (the only card the count leaves for it): a Suck of one's own is
  overridden by it; a Nullify cancels it and leaves the card to the flipper.
* **Supply's discard** / **Big Release's name**: throwing away the only Suck
  before the next seat flips the treasure that decides the game.

The gaps in expected standing (:func:`bot.core.review.judge.standing`)
between the losing choice and the best one are 0.4 to 1, and the shared test
(``tests/review/test_known_losses.py``) checks each with a deep review too.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, State
from cogs.eminit import cards, rules

from .helpers import all_cards, build, card, slot_of

Position = tuple[State, int, Action]
"""(state, the deciding seat, its clearly losing choice)."""


def _scramble(hands: Sequence[Sequence[str]], field: Sequence[tuple[str, int]], treasures: Sequence[Sequence[str]],
              flipper: int) -> State:
    """The last scramble (empty deck, every other card discarded), ``flipper`` to flip."""
    return build(len(hands), hands=hands, field=field, treasures=treasures, deck=False, phase="scramble",
                 seat=flipper)


def _play(state: State, *moves: tuple[int, Action]) -> State:
    """``moves`` played through the engine (each must be legal); every card still there once."""
    for seat, action in moves:
        state = rules.apply(state, seat, action).state
    assert sorted(all_cards(state)) == list(range(cards.DECK_SIZE))
    return state


def _flip(state: State, flipper: int, kind: str) -> State:
    return _play(state, (flipper, {"type": "flip", "slot": slot_of(state, kind)}))


def _declare(state: State, seat: int, kind: str) -> Action:
    return {"type": "declare", "card": card(state, seat, kind)}


def flip_positions() -> list[Position]:
    """The flipper knows both face-down cards: flipping the lesser one leaves the deciding treasure to the next seat."""
    out = []
    # 3 seats: ①3 ②4 ③1; Eminit (5) to ① wins it (8 to 5), to ② (9) leaves ① second.
    s = _scramble([[], [], []], [("gold", 0), ("eminit", 0)], [["ancient"], ["ancient", "gold"], ["gold"]], 0)
    out.append((s, 0, {"type": "flip", "slot": slot_of(s, "gold")}))
    # 4 seats: ①3 ②1 ③3 ④4; Ancient (3) to ③ wins it (6), to ④ (7) leaves ③ tied with ①.
    s = _scramble([[], [], [], []], [("ancient", 2), ("clairvoyance", 2)],
                  [["ancient"], ["gold"], ["ancient"], ["ancient", "gold"]], 2)
    out.append((s, 2, {"type": "flip", "slot": slot_of(s, "clairvoyance")}))
    # 5 seats, others holding harmless cards: ⑤0 takes Eminit and wins (5 to 4), or ① gets it and ⑤ is last.
    s = _scramble([["gold"], ["switch"], [], ["drop"], []], [("eminit", 4), ("clairvoyance", 4)],
                  [["ancient", "gold"], ["ancient"], ["gold", "gold"], ["gold"], []], 4)
    out.append((s, 4, {"type": "flip", "slot": slot_of(s, "clairvoyance")}))
    # Real hidden cards: the others hold the one Suck the count leaves, and all resolve after the flipper.
    # 3 seats: ①3 flipping Eminit first lets the Suck's holder take it (① second or last); flipping the
    # Gold Coin first, ① is last in order when ② flips Eminit, and its own Suck takes it (9, wins).
    s = _scramble([["suck"], ["gold"], ["suck", "switch"]], [("eminit", 0), ("gold", 0)],
                  [["ancient"], ["ancient", "gold"], ["gold"]], 0)
    out.append((s, 0, {"type": "flip", "slot": slot_of(s, "eminit")}))
    # 4 seats: the same with ②3 flipping Ancient or Clairvoyance first (Ancient kept for ③'s flip: 6, wins).
    s = _scramble([["drop"], ["suck"], ["suck"], ["gold", "switch"]], [("ancient", 1), ("clairvoyance", 1)],
                  [["gold"], ["ancient"], ["ancient"], ["gold", "gold"]], 1)
    out.append((s, 1, {"type": "flip", "slot": slot_of(s, "ancient")}))
    return out


def suck_positions() -> list[Position]:
    """A treasure that decides the game is flipped by another seat; only the decider holds an interrupt."""
    out = []
    # 3 seats: ②3 flips Eminit; ①3 Sucks it and wins (8 to 3), or passes and ② wins with 8.
    s = _flip(_scramble([["suck", "gold"], [], []], [("eminit", 1)], [["ancient"], ["ancient"], ["gold"]], 1),
              1, "eminit")
    out.append((s, 0, {"type": "pass"}))
    # 4 seats, ① and ③ holding harmless cards: ④4 flips Ancient; ② (3) Sucks it and wins, or ties ③ behind ④.
    s = _flip(_scramble([["clairvoyance"], ["suck", "switch"], ["gold"], []], [("ancient", 3)],
                        [["gold"], ["ancient"], ["ancient"], ["ancient", "gold"]], 3), 3, "ancient")
    out.append((s, 1, {"type": "pass"}))
    # 5 seats: ②4 flips Eminit; ④2 Sucks it and wins (7), or passes and is fourth of five.
    s = _flip(_scramble([[], [], [], ["suck", "time_skip"], []], [("eminit", 1)],
                        [["ancient"], ["ancient", "gold"], ["gold"], ["gold", "gold"], ["ancient"]], 1), 1, "eminit")
    out.append((s, 3, {"type": "pass"}))
    # 3 seats, real hidden cards: ②3 flips Eminit; ② and ③ hold 1 and 3 of {Nullify, Switch, Gold, Gold}.
    # Passing leaves Eminit to ② (8, wins) in every world; a Suck of ①3 (last in order) wins it unless a
    # Nullify is declared before it: never worse than passing, and better in most worlds.
    s = _flip(_scramble([["suck"], ["gold"], ["nullify", "switch", "gold"]], [("eminit", 1)],
                        [["ancient"], ["ancient"], ["gold"]], 1), 1, "eminit")
    out.append((s, 0, {"type": "pass"}))
    return out


def reflect_positions() -> list[Position]:
    """A declared Reflect's target: the flipper (who then wins) or oneself (who then wins)."""
    out = []
    # 3 seats: ①4 flips Eminit; ③3 Reflects it to itself (8, wins) or to ① (9, ③ last with ②).
    s = _flip(_scramble([[], [], ["reflect", "drop"]], [("eminit", 0)],
                        [["ancient", "gold"], ["ancient"], ["ancient"]], 0), 0, "eminit")
    s = _play(s, (2, _declare(s, 2, "reflect")))
    out.append((s, 2, {"type": "aim", "seat": 0}))
    # 4 seats, ① holding a harmless card: ③3 flips Ancient; ④3 Reflects it to itself (6, wins) or to ③.
    s = _flip(_scramble([["gold"], [], [], ["reflect"]], [("ancient", 2)],
                        [["ancient"], ["gold"], ["ancient"], ["ancient"]], 2), 2, "ancient")
    s = _play(s, (3, _declare(s, 3, "reflect")))
    out.append((s, 3, {"type": "aim", "seat": 2}))
    return out


def nullify_positions() -> list[Position]:
    """A seat later in resolution order has declared (by the count, a Suck): Nullify it, a Suck is overridden."""
    out = []
    # 3 seats: ③0 flips Ancient, ② (3) declares; order ③①②. ①4 Nullifies and wins, or ② gets 6 and wins.
    s = _flip(_scramble([["suck", "nullify"], ["suck"], []], [("ancient", 2)],
                        [["ancient", "gold"], ["ancient"], []], 2), 2, "ancient")
    s = _play(s, (1, _declare(s, 1, "suck")))
    out.append((s, 0, _declare(s, 0, "suck")))
    # 3 seats: ①1 flips Ancient, ③ (3) declares; order ①②③. ②5 Nullifies and wins, or ③ gets 6 and wins.
    s = _flip(_scramble([[], ["nullify", "suck"], ["suck"]], [("ancient", 0)],
                        [["gold"], ["eminit"], ["ancient"]], 0), 0, "ancient")
    s = _play(s, (2, _declare(s, 2, "suck")))
    out.append((s, 1, _declare(s, 1, "suck")))
    return out


def discard_positions() -> list[Position]:
    """A received Supply or Big Release makes the decider throw cards away: the Suck it needs next is one choice."""
    out = []
    # 3 seats: ① flips its Supply; then ② flips Eminit (the count says so). ①3 keeps the Suck and
    # takes Eminit (8, wins), or discards it and ②4 wins with 9.
    s = _flip(_scramble([["suck", "gold", "clairvoyance"], [], []], [("supply", 0), ("eminit", 1)],
                        [["ancient"], ["ancient", "gold"], ["gold"]], 0), 0, "supply")
    s = _play(s, (0, {"type": "pass"}))
    out.append((s, 0, {"type": "discard", "card": card(s, 0, "suck")}))
    # 4 seats: ③ flips its Big Release; then ④ flips Ancient. ③3 names Nullify, keeps the Suck and
    # takes Ancient (6, wins), or names Suck and ④ wins with 6 (③ tied with ①).
    s = _flip(_scramble([[], [], ["suck", "nullify"], []], [("big_release", 2), ("ancient", 3)],
                        [["ancient"], ["gold"], ["ancient"], ["ancient"]], 2), 2, "big_release")
    s = _play(s, (2, {"type": "pass"}))
    out.append((s, 2, {"type": "name", "kind": "suck"}))
    return out


def positions() -> list[Position]:
    """Every constructed position (``REVIEW_POSITIONS`` in ``tests/eminit/expectations.py``)."""
    found = [*flip_positions(), *suck_positions(), *reflect_positions(), *nullify_positions(),
             *discard_positions()]
    for state, seat, _losing in found:
        assert not state["deck"] and seat in rules.to_act(state), state["step"]
    return found
