"""The "normal" Promotion AI: a one-round heuristic that reads only its seat's view.

The whole game is a race to any 13, and a raise always lands on the next card
*still in the supply*, so what matters about a card is not its value but how
many supply cards of its suit lie above it: its *steps* to the King.  Every
estimate here is in those terms (:func:`worth`), which makes a jump over held
cards count as the single step it is.

Row picks are simultaneous, so the AI guesses the others' picks as a mixture of
"uniformly random" and "what that seat's own naive evaluation likes", and from
that the chance each of its suits clashes.  It also weighs:

* blocking -- picking a row an opponent close to the King probably picks;
* SPIN90° -- if the seat facing SPIN picks row 1 the postcard turns, so every
  row 2-4 estimate is mixed between the current and the turned orientation and
  the specials shift (the Wild! seat loses its special);
* the specials' real worth: Down! against the leader, the best Change! swap,
  Wild! as a raise that cannot clash.

No search, no hidden information: the same inputs a human sees.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from bot.engine import Action, View

from .rules import postcard
from .rules.postcard import SUITS, Side
from .rules.state import SEATS, opt

WIN = 6.0
"""Worth of holding a 13 (steps 0); one step away is worth 1, each further step x0.45."""
DECAY = 0.45
HARM = 0.5
"""How much an opponent's gain counts against us (blocking, Down!, Change!)."""
RANDOM_SHARE = 0.5
"""Share of the opponent pick model that is uniform: we cannot know their style."""


def worth(steps: int) -> float:
    """Worth of one card that is ``steps`` supply cards below the 13 of its suit."""
    return WIN if steps <= 0 else DECAY ** (steps - 1)


class _Eval:
    """Everything the heuristic needs from one view, computed once per decision.

    An orientation choice compares 4 orientations x 3 seats' row estimates;
    caching the per-card numbers keeps a decision in the low milliseconds.
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.sides: tuple[Side, ...] = postcard.LAYOUTS[view["options"]["postcard"]]
        supply, fields = view["supply"], view["field"]
        self.steps = [{s: sum(1 for c in supply[s] if c > fields[q][s]) for s in SUITS} for q in range(SEATS)]
        self.gain = [
            {s: (0.0 if n == 0 else worth(n - 1) - worth(n)) for s, n in self.steps[q].items()} for q in range(SEATS)
        ]
        self.position = [sum(worth(n) for n in self.steps[q].values()) for q in range(SEATS)]
        self.lead = [1.0 + p for p in self.position]
        self._special: dict[tuple[int, str], float] = {}
        self._naive: dict[tuple[int, int], list[float]] = {}
        self._values: dict[tuple[int, int], list[float]] = {}

    def down_loss(self, seat: int) -> float:
        """What Down! costs ``seat`` (assuming it picks its cheapest tied card it may pick).

        Under ``down_tie`` ``any`` a tied card with nothing lower is a free dodge;
        under ``must_move`` it is only taken when no tied card can go down.
        """
        field, supply = self.view["field"][seat], self.view["supply"]
        high = max(field.values())
        losses = []
        for s in SUITS:
            if field[s] != high or not any(c < high for c in supply[s]):
                continue
            before = self.steps[seat][s]
            # After the swap the old card is back in the supply: one more step to go.
            losses.append(worth(before) - worth(before + 1))
        tied = sum(1 for s in SUITS if field[s] == high)
        if len(losses) < tied and (not losses or opt(self.view, "down_tie") == "any"):
            losses.append(0.0)  # a tied card that cannot go down: chosen (or forced) to dodge
        return min(losses)

    def change_options(self, seat: int) -> list[tuple[float, int, str]]:
        """Every Change! swap as (score, target, suit): our gain plus harm to the target."""
        out = []
        for q in range(SEATS):
            if q == seat:
                continue
            for s in SUITS:
                # Swapping does not touch the supply, so the two cards' steps simply trade places.
                delta = worth(self.steps[q][s]) - worth(self.steps[seat][s])
                # The target loses exactly what we gain; weigh that harm by how far ahead they are.
                out.append((delta + HARM * delta * self.lead[q] / 2, q, s))
        return out

    def special(self, seat: int, kind: str) -> float:
        key = (seat, kind)
        if key not in self._special:
            if kind == "wild":
                value = max(self.gain[seat].values())
            elif kind == "change":
                value = max(score for score, _, _ in self.change_options(seat))
            elif kind == "down":
                value = HARM * sum(self.down_loss(q) * self.lead[q] for q in range(SEATS) if q != seat)
            else:
                value = 0.02  # SPIN90°: reshuffles others' rows; rarely worth a whole round
            self._special[key] = value
        return self._special[key]

    def naive_rows(self, seat: int, r: int) -> list[float]:
        """A seat's own row values ignoring clashes: what it would like if alone."""
        key = (seat, r % SEATS)
        if key not in self._naive:
            side = postcard.facing(self.sides, seat, r)
            values = [self.special(seat, side.special)]
            values += [sum(self.gain[seat][s] for s in side.row(row)) for row in (2, 3, 4)]
            self._naive[key] = values
        return self._naive[key]

    def pick_model(self, r: int) -> list[list[float]]:
        """P(seat picks row 1..4) for every seat: half uniform, half softmax of its naive values."""
        model = []
        for q in range(SEATS):
            values = self.naive_rows(q, r)
            top = max(values)
            exp = [math.exp((v - top) / 0.3) for v in values]
            total = sum(exp)
            model.append([RANDOM_SHARE / 4 + (1 - RANDOM_SHARE) * e / total for e in exp])
        return model

    def _rows(self, seat: int, r: int, model: list[list[float]]) -> list[float]:
        """Expected worth of rows 2-4 for ``seat`` at orientation ``r`` (index 0 unused)."""
        out = [0.0]
        mine = postcard.facing(self.sides, seat, r)
        for row in (2, 3, 4):
            value = 0.0
            for suit in mine.row(row):
                free = 1.0
                for q in range(SEATS):
                    if q != seat and suit in postcard.facing(self.sides, q, r).row(row):
                        free *= 1 - model[q][row - 1]
                value += free * self.gain[seat][suit]
            # Blocking: an opponent who shares a suit with us on this row loses that raise.
            for q in range(SEATS):
                if q == seat:
                    continue
                shared = [s for s in postcard.facing(self.sides, q, r).row(row) if s in mine.row(row)]
                value += HARM * model[q][row - 1] * sum(self.gain[q][s] for s in shared) * self.lead[q] / 2
            out.append(value)
        return out

    def row_values(self, seat: int, r: int) -> list[float]:
        """Expected worth of picking rows 1-4 (indices 0-3) at orientation ``r``."""
        key = (seat, r % SEATS)
        if key in self._values:
            return self._values[key]
        model = self.pick_model(r)
        spinner = next((q for q in range(SEATS) if postcard.facing(self.sides, q, r).special == "spin"), None)
        spin = model[spinner][0] if spinner is not None and spinner != seat else 0.0
        here = self._rows(seat, r, model)
        turned = self._rows(seat, r + 1, self.pick_model(r + 1)) if spin else here
        values = [0.0] + [(1 - spin) * here[row - 1] + spin * turned[row - 1] for row in (2, 3, 4)]
        side = postcard.facing(self.sides, seat, r)
        special = self.special(seat, side.special)
        if spin and side.order > 1:
            # If SPIN90° happens first we resolve what we face after the turn, if its order is still to come.
            after = postcard.facing(self.sides, seat, r + 1)
            later = self.special(seat, after.special) if after.order > 1 else 0.0
            special = (1 - spin) * special + spin * later
        values[0] = special
        self._values[key] = values
        return values

    def orientation_score(self, seat: int, r: int) -> float:
        """How good orientation ``r`` is for ``seat``: its best row against the best opponent's."""
        mine = max(self.row_values(seat, r))
        theirs = max(max(self.naive_rows(q, r)) for q in range(SEATS) if q != seat)
        return mine - HARM * theirs


def row_values(view: View, seat: int, r: int | None = None) -> list[float]:
    """Expected worth of picking rows 1-4 (indices 0-3) at orientation ``r`` (default: current)."""
    return _Eval(view).row_values(seat, view["r"] if r is None else r)


def choose(
    view: View, seat: int, legal: list[Action], rng: random.Random, evaluator: Callable[[View], _Eval] = _Eval
) -> Action:
    """Pick one of ``legal`` for ``seat`` from its view; ``rng`` only breaks ties.

    ``evaluator``: where the view's :class:`_Eval` comes from; the strong AI's rollouts pass one that
    keeps it per field position (:mod:`..rollout`), the same numbers computed less often.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    kind = legal[0]["type"]

    def best(score: dict[int, float]) -> Action:
        top = max(score.values())
        return legal[rng.choice([i for i, v in score.items() if v >= top - 1e-9])]

    if kind == "suit":
        return legal[0]  # the row cards' suit never matters
    if kind == "name":
        return rng.choice(legal)  # only shifts who gets 5 vs 8 of a suit; every seat gets each once
    ev = evaluator(view)
    if kind == "pick":
        values = ev.row_values(seat, view["r"])
        return best({i: values[a["row"] - 1] for i, a in enumerate(legal)})
    if kind == "orient":
        turner = (seat - 1) % SEATS
        score = {}
        for i, a in enumerate(legal):
            r = a["r"]
            # The player to our right will turn it 180° if that suits them better.
            kept = ev.orientation_score(turner, r) >= ev.orientation_score(turner, r + 2)
            score[i] = ev.orientation_score(seat, r if kept else r + 2)
        return best(score)
    if kind == "turn":
        r = view["r"]
        return best({i: ev.orientation_score(seat, r + 2 if a["turn"] else r) for i, a in enumerate(legal)})
    if kind == "down":
        field, supply = view["field"][seat], view["supply"]

        def loss(suit: str) -> float:
            if not any(c < field[suit] for c in supply[suit]):
                return 0.0
            steps = ev.steps[seat][suit]
            return worth(steps) - worth(steps + 1)

        return best({i: -loss(a["suit"]) for i, a in enumerate(legal)})
    if kind == "wild":
        field = view["field"][seat]
        return best({i: ev.gain[seat][a["suit"]] + field[a["suit"]] * 1e-6 for i, a in enumerate(legal)})
    if kind == "change":
        scores = {(q, s): v for v, q, s in ev.change_options(seat)}
        return best({i: scores[(a["seat"], a["suit"])] for i, a in enumerate(legal)})
    return rng.choice(legal)
