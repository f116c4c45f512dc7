"""A tutorial's step lines on Discord: where the learner acts, in the learner's language.

The presenter calls :func:`due` after each committed change (``None`` for an ordinary game, at
the cost of one dict look-up) and shows the text where the learner plays: in their DM screen
(or the "My hand" reply that stands in for a closed DM) for a game played in DMs, below the board
for a game played on it.  :func:`closing` is the last message of a tutorial: the way to a real game.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import i18n
from bot.core.games import get
from bot.core.names import shown
from bot.core.store import SessionRecord
from bot.core.tutorial import Line, is_tutorial
from bot.core.tutorial.progress import TRACKER, Actions, due_lines, restore
from bot.engine import Event
from bot.frontend.presenting.turn_notices import jump_link
from bot.frontend.ui.components import PlayRealButton, Static

log = logging.getLogger(__name__)

SEAT_FIELDS = ("seat", "target")
"""Fields of a step line that are seat numbers, named here with the seat's name as shown."""

YOU_SUFFIX = ".you"
"""A step line's variant for when its ``seat`` is the learner ("You declared Suck", not "you declared")."""

LABEL_SUFFIX = "_label"
"""A field named ``…_label`` holds a catalogue key (a button's words), said in the reader's language."""


def text(record: SessionRecord, tr: i18n.Tr, line: Line, learner: int) -> str:
    """One step line in ``tr``'s language, with the tutorial's mark.

    Its seat fields name the seat's player, or "you" for the learner: the line speaks to its reader.
    """
    fields = {k: _field(record, tr, k, v, learner) for k, v in line.fields.items()}
    own = f"{line.key}{YOU_SUFFIX}"  # the line about the learner's own act, where English needs other words
    key = own if line.fields.get("seat") == learner and own in i18n.catalogue(tr.locale) else line.key
    return tr("learn.tip", line=tr(key, **fields))


def _field(record: SessionRecord, tr: i18n.Tr, name: str, value: Any, learner: int) -> Any:
    """A field as the reader reads it: a seat by its name ("you" for the learner), a label in their words."""
    if name in SEAT_FIELDS and isinstance(value, int):
        return tr("learn.you") if value == learner else shown(record.seats[value].name)
    if name.endswith(LABEL_SUFFIX) and isinstance(value, str):
        return tr(value)
    return value


async def due(store: Actions, record: SessionRecord, events: list[Event]) -> dict[int, list[str]]:
    """The learner's seat -> the texts of the lines due after this change; empty for an ordinary game.

    ``store``: where a tutorial begun before a restart finds its moves (:func:`progress.restore`).
    """
    if not is_tutorial(record):
        return {}
    try:
        await restore(store, record)
    except Exception:  # a line said twice is better than a move not shown
        log.exception("could not find the steps tutorial %s had fired", record.id)
    found = due_lines(record, events)
    if found is None:
        return {}
    seat, lines = found
    if not lines:
        return {}
    tr = i18n.translator(record.seats[seat].locale)
    out = [text(record, tr, line, seat) for line in lines]
    if record.status != "active" and not get(record.game).public_controls and record.board_message_id:
        # the DM is where a DM game's learner looks at the end: the way to a real game is on the board
        out.append(tr("learn.done_dm", link=jump_link(record.guild_id, record.channel_id, record.board_message_id)))
    return {seat: out}


def closing(record: SessionRecord) -> dict[str, Any] | None:
    """The message that ends a tutorial in its channel: done, and a button to a real game; None otherwise."""
    if not is_tutorial(record):
        return None
    TRACKER.forget(record.id)
    tr = i18n.translator(record.locale)
    view = Static()
    view.add_item(PlayRealButton(record.game, tr("learn.play_real")))
    content = tr("learn.done", game=tr(f"{record.game}.name"))
    return {"content": content, "view": view, "allowed_mentions": discord.AllowedMentions.none()}
