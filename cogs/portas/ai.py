"""The "normal" PORTAS player: a one-ply heuristic that reads only the seat's view.

PORTAS is nearly perfect-information (hands are face up; only deck order is
hidden, and every deck's *contents* are known), so the heuristic can reason
about the opponent's next turn exactly except for their one draw:

* a port that completes a treasure banks our cards on it and wipes out the
  opponent's (their stake there was their potential, so it counts too);
* after our port, the opponent will take the best treasure they can hit: we
  subtract that threat (probability they hold the remainder × what it swings),
  which is how "never leave a remainder their hand can complete" falls out —
  and also how porting onto a treasure they threaten *blocks* them;
* a remainder that we can hit next turn, and they cannot, earns a bonus.

Scores get a tiny random jitter so equal moves are not always resolved the
same way.  Cheap enough to run in microseconds.
"""

from __future__ import annotations

import random

from bot.engine import Action, View

from .rules import HAND_SIZE

MY_STAKE_WEIGHT = 0.5
"""Our cards on an unfinished treasure are only potential points: half weight."""
FOLLOW_UP_WEIGHT = 0.3
"""A take we might make next turn is worth this fraction of its swing (the opponent moves first)."""


def choose(view: View, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The legal action with the best heuristic score (see module docstring)."""
    if len(legal) == 1:
        return legal[0]
    best, best_score = legal[0], float("-inf")
    for action in legal:
        score = _score(view, seat, action) + rng.random() * 1e-6
        if score > best_score:
            best, best_score = action, score
    return best


Stakes = list[tuple[int, int, int]]
"""Per unfinished open treasure: (remainder, our cards' sum on it, their cards' sum on it)."""


def _score(view: View, seat: int, action: Action) -> float:
    if action.get("type") == "pass":
        return _pass_score(view, seat)
    card, value = action["card"], action["treasure"]
    gain, stakes = _after_port(view, seat, card, value)
    my_hand = list(view["hands"][seat])
    my_hand.remove(card)
    return gain - _threat(view, seat, stakes) + FOLLOW_UP_WEIGHT * _follow_up(view, seat, stakes, my_hand)


def _after_port(view: View, seat: int, card: int, value: int) -> tuple[float, Stakes]:
    """What the port banks right away (a take), and the open treasures' stakes after it."""
    gain = 0.0
    stakes: Stakes = []
    for t in view["open"]:
        mine, theirs = sum(t["ports"][seat]), sum(t["ports"][1 - seat])
        remainder = t["value"] - t["total"]
        if t["value"] == value:
            mine += card
            remainder -= card
            if remainder == 0:  # a take banks our cards and wipes out theirs
                gain = mine + theirs
                continue
        stakes.append((remainder, mine, theirs))
    return gain, stakes


def _threat(view: View, seat: int, stakes: Stakes) -> float:
    """The opponent's best expected take next turn: chance they hold the remainder × its swing."""
    opp = 1 - seat
    return max(
        (_hit_chance(view, opp, r) * (theirs + r + MY_STAKE_WEIGHT * mine) for r, mine, theirs in stakes if r > 0),
        default=0.0,
    )


def _follow_up(view: View, seat: int, stakes: Stakes, my_hand: list[int]) -> float:
    """Our best take next turn that the opponent cannot pre-empt with the same remainder."""
    opp = 1 - seat
    return max(
        (
            _hit_chance(view, seat, r, my_hand)
            * (1 - _hit_chance(view, opp, r))
            * (mine + r + MY_STAKE_WEIGHT * theirs)
            for r, mine, theirs in stakes
            if r > 0
        ),
        default=0.0,
    )


def _pass_score(view: View, seat: int) -> float:
    """Only offered under the voluntary-pass option: pass to end a game we lead, else rarely."""
    if view["passes"] >= 1:  # the opponent just passed: passing now ends the game
        lead = view["scores"][seat] - view["scores"][1 - seat]
        return 1000.0 if lead > 0 else -1000.0
    stakes = [(t["value"] - t["total"], sum(t["ports"][seat]), sum(t["ports"][1 - seat])) for t in view["open"]]
    return -_threat(view, seat, stakes) - 1.0


def _hit_chance(view: View, who: int, remainder: int, hand: list[int] | None = None) -> float:
    """Probability that ``who`` holds a card equal to ``remainder`` at their next turn start.

    Their visible hand (``hand`` overrides it, e.g. ours after this port), plus
    one draw from their deck if the hand is short — whose contents the view
    gives in value order.
    """
    cards: list[int] = view["hands"][who] if hand is None else hand
    if remainder in cards:
        return 1.0
    deck = view["deck_cards"][who]
    if len(cards) >= HAND_SIZE or not deck:
        return 0.0
    return deck.count(remainder) / len(deck)
