"""What a review shows: its chart and lines, and the "Find a better move" position with its tries.

Choices are named by the game's own button labels (``render.control``), so a
review speaks the words the player clicked.  After the game nothing is hidden,
yet each position is still drawn from the seat's view then: what the player
could see when they chose, which is what the review judged.
"""

from __future__ import annotations

import io
from typing import Any

from bot.core.names import shown_names
from bot.core.replay import Step
from bot.core.review import chart, decisions, judge
from bot.core.review.judge import judged
from bot.frontend.ui import cycles
from bot.frontend.ui.components import Static
from bot.frontend.ui.payloads import game_name
from bot.frontend.ui.review_buttons import FindButton, TryButton
from bot.gamefacts import Game
from bot.i18n import Tr

CHART = "review.png"
MAX_TRIES = 25
"""Discord's limit of buttons on one message (5 rows of 5)."""


def pct(value: float) -> str:
    return f"{round(value * 100)}%"


def choice_label(spec: Game, steps: list[Step], seat: int, step: int, index: int, names: list[str], tr: Tr) -> str:
    """The button label the player saw for choice ``index`` at ``step`` (the view then, the legal list then)."""
    before = steps[step - 1].state
    view = spec.rules.view(before, seat)
    action = spec.rules.legal(before, seat)[index]
    return str(spec.render.control(action, view, seat, names, tr).label)


def review_payload(record: Any, spec: Game, steps: list[Step], seat: int, review: dict[str, Any],
                   tr: Tr) -> dict[str, Any]:
    """The review message: title, what "chance" means, label counts, the chart, the costliest decisions."""
    items = review["decisions"]
    if not items:
        return {"content": tr("review.nothing", id=record.id), "attachments": [], "view": None}
    names = shown_names(record)
    lines = [f"**{tr('review.title', game=game_name(spec, tr), id=record.id)}**",
             tr("review.meaning.two" if len(record.seats) == 2 else "review.meaning.more")]
    counted = decisions.counts(review)
    shown = [tr("review.count", label=tr(f"review.label.{name}"), n=n) for name, n in counted.items() if n]
    lines.append(tr("review.counts", n=len(items), counts=tr("words.dot").join(shown)))
    if review["costliest"]:
        lines.append(tr("review.costliest"))
    by_step = {d["step"]: d for d in items}
    for step in review["costliest"]:
        d = by_step[step]
        chosen, best = d["values"][d["chosen"]], d["values"][d["best"]]
        lines.append(tr(
            "review.costly_line", mark=chart.mark_of(review, step), step=step, label=tr(f"review.label.{d['label']}"),
            chosen=choice_label(spec, steps, seat, step, d["chosen"], names, tr), chosen_pct=pct(chosen),
            best=choice_label(spec, steps, seat, step, d["best"], names, tr), best_pct=pct(best),
            gain=round((best - chosen) * 100),
        ))
    if not review["costliest"]:
        lines.append(tr("review.none_costly"))
    png = chart.draw(review, tr("review.chart.title"), tr("review.chart.axis"))
    files = [cycles.File(io.BytesIO(png), filename=CHART, description=tr("review.chart.alt"))] if png else []
    view = None
    if review["costliest"]:
        view = Static()
        view.add_item(FindButton(record.id, tr("review.find")))
    return {"content": "\n".join(lines)[:2000], "attachments": files, "view": view}


def find_payload(record: Any, spec: Game, steps: list[Step], seat: int, review: dict[str, Any], tr: Tr,
                 tried: int | None = None) -> dict[str, Any]:
    """The costliest decision's position (the seat's view then), one button per choice; ``tried``: the last try."""
    d = next(x for x in review["decisions"] if x["step"] == review["costliest"][0])
    names = shown_names(record)
    step = d["step"]
    before = steps[step - 1].state
    view_then = spec.rules.view(before, seat)
    legal = spec.rules.legal(before, seat)
    values, best = d["values"], d["values"][d["best"]]
    label = {i: choice_label(spec, steps, seat, step, i, names, tr) for i in judged(legal)}
    lines = []
    solved = False
    if tried is not None and values[tried] is not None:
        loss = best - values[tried]
        if tried == d["chosen"]:
            lines.append(tr("review.try.played", choice=label[tried]))
        elif judge.good_enough(loss):
            solved = True
            lines.append(tr("review.try.right", choice=label[tried], label=tr(f"review.label.{judge.label(loss)}"),
                            pct=pct(values[tried]), chosen_pct=pct(values[d["chosen"]])))
            lines.append(tr("review.try.best_was", best=label[d["best"]], best_pct=pct(best)))
        else:
            lines.append(tr("review.try.wrong", choice=label[tried], pct=pct(values[tried]),
                            loss=round(loss * 100)))
    lines.append(tr("review.find.intro", step=step, id=record.id, chosen=label[d["chosen"]],
                    chosen_pct=pct(values[d["chosen"]])))
    lines.append(tr("review.find.you_saw"))
    lines.append(spec.render.private(view_then, seat, names, tr))
    public = spec.rules.view(before, None)
    png = spec.board_picture(public, names, tr)
    files = [cycles.File(io.BytesIO(png), filename=CHART)] if png else []
    view = Static()
    for i in list(label)[:MAX_TRIES]:
        view.add_item(TryButton(record.id, i, label[i], disabled=solved or values[i] is None))
    return {"content": "\n".join(lines)[:2000], "attachments": files, "view": view}


__all__ = ["CHART", "find_payload", "review_payload"]
