"""/game mydata and /game forget-me: a user's own data, exported or erased.

The erasure itself is :mod:`bot.core.privacy`; the confirmation button (``k:fm:…``)
is routed by :mod:`bot.frontend.inbound.clicks` to :func:`on_forget`, and only its user's click counts.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord

from bot import i18n
from bot.core import privacy
from bot.core.names import escape
from bot.core.sessions import SessionError
from bot.frontend.answers import guarded, reply
from bot.frontend.server_commands.common import COLOUR, clip, tr_of
from bot.frontend.services import bot_of
from bot.frontend.ui import cycles
from bot.frontend.ui.components import ForgetButton, Static
from bot.i18n import Tr

# -- data rights ---------------------------------------------------------------------------------------------------


def _status_counts(by_status: dict[str, int], tr: Tr) -> str:
    """``finished: 3`` in words; a status without a key (added later) is shown as stored rather than hidden."""
    parts = []
    for status, n in sorted(by_status.items()):
        key = f"mydata.status.{status}"
        parts.append(tr("words.option_line", label=tr(key) if i18n.has(key) else status, value=n))
    return tr("list.sep").join(parts) or "—"


def mydata_embed(data: dict[str, Any], tr: Tr) -> discord.Embed:
    """A person-readable summary of what Kado stores about the asker; the full record is the attached JSON."""
    seats = data["seats"]
    names = sorted({escape(s["name"]) for s in seats})
    by_status: dict[str, int] = {}
    for s in seats:
        by_status[s["status"]] = by_status.get(s["status"], 0) + 1
    embed = discord.Embed(title=tr("mydata.title"), colour=COLOUR, description=tr("mydata.intro"))
    lines = [
        tr("mydata.seats", n=len(seats), detail=_status_counts(by_status, tr)),
        tr("mydata.names", names=clip(", ".join(names), 500) or "—"),
        tr("mydata.actions", n=sum(data["actions"].values())),
        tr("mydata.results", n=data["results"], wins=data["wins"]),
        tr("mydata.hosted", n=data["hosted"]),
        tr("mydata.dm", n=sum(1 for s in seats if s["dm_stored"])),
        tr("mydata.ratings", n=len(data.get("ratings") or [])),
    ]
    embed.add_field(name="\u200b", value=clip("\n".join(lines), 1024), inline=False)
    embed.set_footer(text=tr("mydata.footer"))
    return embed


@guarded
async def mydata_command(interaction: discord.Interaction) -> None:
    """``/game mydata``: everything stored about the asker, privately, as a summary and a JSON file (a data export)."""
    data = await bot_of(interaction).store.user_data(interaction.user.id)
    export = {"user_id": str(interaction.user.id), **data, "actions": {str(k): v for k, v in data["actions"].items()}}
    raw = json.dumps(export, ensure_ascii=False, indent=1).encode()
    file = cycles.File(io.BytesIO(raw), filename="kado-mydata.json")
    await interaction.response.send_message(embed=mydata_embed(data, tr_of(interaction)), file=file, ephemeral=True)


@guarded
async def forget_command(interaction: discord.Interaction) -> None:
    """``/game forget-me`` only asks: erasing cannot be undone, so it takes a second click (:func:`on_forget`)."""
    tr = tr_of(interaction)
    view = Static()
    view.add_item(ForgetButton(interaction.user.id, tr("forget.confirm")))
    await reply(interaction, tr("forget.warning") + "\n" + tr("forget.ratings"), view=view)


@guarded
async def on_forget(interaction: discord.Interaction, user_id: int) -> None:
    """The confirmation click: erase ``user_id``'s data, in every shard's games too; only that user may click it."""
    tr = tr_of(interaction)
    if interaction.user.id != user_id:
        raise SessionError("forget_not_yours")
    await interaction.response.defer()
    bot = bot_of(interaction)
    elsewhere = bot.forwarder.forward_forget if bot.forwarder is not None else None  # games other shards hold
    done = await privacy.forget(bot.sessions, bot.store, user_id, elsewhere)
    bot.presenter.delivery.forget_user(user_id)  # their DM channel's id, kept in memory between games
    text = tr(
        "forget.done",
        left=len(done.left),
        seats=done.counts.get("seats", 0),
        actions=done.counts.get("actions", 0),
        results=done.counts.get("results", 0),
    )
    await interaction.edit_original_response(content=text, view=None)
