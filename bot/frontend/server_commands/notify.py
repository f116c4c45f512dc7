"""``/game notify``: how each person hears that a choice waits on them, per kind, in every server.

The choices are kept by :class:`bot.core.slow.notify_prefs.NotifyPrefs` (the
presenter's, so the next move already follows a change).  Usable in DMs too:
the choice is the person's, not a server's.
"""

from __future__ import annotations

import discord

from bot import i18n
from bot.core.slow import notify_prefs
from bot.frontend.answers import guarded, reply
from bot.frontend.services import bot_of
from bot.i18n import Tr


def _value(tr: Tr, value: str | None) -> str:
    return tr(f"notify.value.{value}") if value in notify_prefs.CHOICES else tr("notify.value.default")


@guarded
async def notify_command(interaction: discord.Interaction, own: str | None, other: str | None) -> None:
    """Change the given kinds (none given: show the current choices); the answer is private."""
    prefs = bot_of(interaction).presenter.dm_notices.prefs
    user_id = interaction.user.id
    if own is not None:
        await prefs.set(user_id, notify_prefs.OWN, own)
    if other is not None:
        await prefs.set(user_id, notify_prefs.OTHER, other)
    now_own, now_other = await prefs.store.notify_prefs(user_id)
    tr = i18n.translator(interaction.locale)
    lines = [
        tr("notify.done" if own is not None or other is not None else "notify.title"),
        tr("notify.line_own", value=_value(tr, now_own)),
        tr("notify.line_others", value=_value(tr, now_other)),
        "-# " + tr("notify.private"),
    ]
    await reply(interaction, "\n".join(lines))
