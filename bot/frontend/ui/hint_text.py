"""How a hint reads and where it is offered: the Hint button, the private answer, the result's "not rated" line.

Pure text from what the seat may see: the move labels are the game's button
labels (``render.control``) worded from that seat's view, the same words as
the buttons the player is looking at.
"""

from __future__ import annotations

from typing import Any

from bot.core.ai.hints import Hint
from bot.core.games import get
from bot.core.names import shown_names
from bot.core.settings import hint_policy
from bot.core.store import SessionRecord
from bot.frontend.ui import layout
from bot.frontend.ui.components import HintButton
from bot.gamefacts import Game
from bot.i18n import Tr


def button_row(record: SessionRecord, seat: int, legal: list[Any], tr: Tr) -> list[layout.Part]:
    """The Hint button under a seat's choices, while it is that seat's turn with more than one choice.

    Only where the server offers hints for this game (:func:`bot.core.settings.hint_policy.offered`, from memory).
    """
    if record.status != "active" or record.state is None or len(legal) < 2 or not hint_policy.offered(record):
        return []
    if seat not in get(record.game).rules.to_act(record.state):
        return []
    pv = int(record.prompts.get(str(seat), [0])[0])
    return layout.rows([HintButton(record.id, pv, tr("hint.button"))])


def _pct(chance: float) -> str:
    return f"{round(chance * 100)}%"


def board_buttons(record: SessionRecord, spec: Game, tr: Tr) -> list[HintButton]:
    """A game whose choices are on the board: one Hint button beside them, answering whoever's turn it is, privately."""
    assert record.state is not None
    if not hint_policy.offered(record):
        return []
    for seat in spec.rules.to_act(record.state):
        if record.seats[seat].user_id is not None and len(spec.rules.legal(record.state, seat)) > 1:
            return [HintButton(record.id, int(record.prompts.get(str(seat), [0])[0]), tr("hint.button"))]
    return []


def answer(spec: Game, hint: Hint, legal: list[Any], seat_view: Any, seat: int, names: list[str], tr: Tr) -> str:
    """The hint's private text: the suggestion, its chance, the next-best choice, and why the game is now unrated."""

    def move(index: int) -> str:
        return spec.render.control(legal[index], seat_view, seat, names, tr).label

    lines = [f"**{tr('hint.title')}**"]
    if len(legal) == 1:
        lines.append(tr("hint.only", move=move(0)))
    elif not hint.searched:
        lines.append(tr("hint.fallback", move=move(hint.best)))
    else:
        if hint.chance is None:
            lines.append(tr("hint.best.no_chance", move=move(hint.best)))
        else:
            lines.append(tr("hint.best", move=move(hint.best), pct=_pct(hint.chance)))
        if hint.alternative is not None and hint.alternative_chance is not None:
            lines.append(tr("hint.alternative", move=move(hint.alternative), pct=_pct(hint.alternative_chance)))
    lines += [f"-# {tr('hint.basis')}", tr("hint.unrated")]
    return "\n".join(lines)


def result_line(record: SessionRecord, tr: Tr) -> str | None:
    """``**Not rated** (took a hint): alice`` for the result post; None when nobody took a hint."""
    names = shown_names(record)
    hinted = [names[s.seat] for s in record.seats if s.hinted and s.seat < len(names)]
    return tr("hint.result", names=tr("words.dot").join(hinted)) if hinted else None
