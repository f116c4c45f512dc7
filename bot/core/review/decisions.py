"""A finished game cut into one seat's decisions, and those decisions' scores put together into a review.

A decision is a logged action of the seat with a real choice: the seat's view
and legal list in the state *before* the action (what the player saw when
they clicked), and which choice they made.  Decisions with a single choice
(or whose only alternatives undo a sub-step) are skipped: there was nothing
to judge.  The review itself keeps only numbers (step, choice indices,
estimates); words and pictures are drawn from a replay when it is shown.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.replay import Step
from bot.engine import Action, View
from bot.gamefacts import Game

from . import judge
from .judge import judged

VERSION = 1
COSTLIEST = 3
"""How many of the dearest decisions a review lists (and marks on its chart)."""


@dataclass(frozen=True)
class Decision:
    """The seat's ``step``-th logged action: ``legal[chosen]`` chosen from ``view``."""

    step: int
    view: View
    legal: list[Action]
    chosen: int


def decisions(
    spec: Game, steps: Sequence[Step], seat: int, by_player: Collection[int] | None = None
) -> list[Decision]:
    """The seat's decisions with a choice, in order (``steps``: :func:`bot.core.replay.rebuild`'s).

    ``by_player``: the numbers of the actions the player clicked themselves; the others of their seat
    (the AI standing in while they were away, or after they left) are not theirs to be judged on.
    """
    found = []
    for step in steps[1:]:
        if step.seat != seat or step.action is None:
            continue
        if by_player is not None and step.number not in by_player:
            continue
        before = steps[step.number - 1].state
        legal = spec.rules.legal(before, seat)
        if step.action not in legal:
            continue  # a platform answer (a forfeit's stand-in): not the player's choice
        chosen = legal.index(step.action)
        compared = judged(legal)
        if len(compared) < 2 or chosen not in compared:
            continue
        found.append(Decision(step.number, spec.rules.view(before, seat), legal, chosen))
    return found


def seed_of(game_seed: int, step: int) -> int:
    """The search seed of one decision: fixed per game and step, so a review computed again is the same."""
    return (game_seed * 1_000_003 + step * 0x9E3779B1) % (1 << 63)


def assemble(found: Sequence[Decision], scores: Sequence[dict[str, list[float | None]]]) -> dict[str, Any]:
    """The review of one seat: each decision's choice, best choice, loss and label; the costliest listed.

    ``scores[k]``: :func:`bot.core.review.score.values` of ``found[k]``.  On
    equal estimates the player's own choice counts as the best (no loss is
    invented out of a tie), and the label goes by the loss the search is sure
    of (:func:`bot.core.review.judge.sure_loss`), not by its luck.
    """
    items: list[dict[str, Any]] = []
    for decision, estimate in zip(found, scores, strict=True):
        values, spread = estimate["means"], estimate["spread"]
        known = {i: v for i, v in enumerate(values) if v is not None}
        if decision.chosen not in known or len(known) < 2:
            continue
        best = max(known, key=lambda i: (known[i], i == decision.chosen))
        loss = judge.sure_loss(known[best] - known[decision.chosen], spread[decision.chosen] or 0.0)
        items.append({
            "step": decision.step,
            "chosen": decision.chosen,
            "best": best,
            "values": [None if v is None else round(v, 4) for v in values],
            "spread": [None if v is None else round(v, 4) for v in spread],
            "loss": round(loss, 4),
            "label": judge.label(loss),
        })
    dear = sorted((d for d in items if d["label"] not in ("best", "good")), key=lambda d: (-d["loss"], d["step"]))
    return {"version": VERSION, "decisions": items, "costliest": [d["step"] for d in dear[:COSTLIEST]]}


def counts(review: dict[str, Any]) -> dict[str, int]:
    """How many decisions got each label."""
    out = dict.fromkeys(judge.LABELS, 0)
    for d in review["decisions"]:
        out[d["label"]] += 1
    return out


def chance_line(review: dict[str, Any]) -> list[float]:
    """The player's estimated result after each of their decisions (the chart's line)."""
    return [float(d["values"][d["chosen"]]) for d in review["decisions"]]
