"""Buttons that keep working across restarts: discord.py DynamicItems, routed by their custom_id.

Each custom_id carries everything needed to judge a click without any
in-memory view: the session id, and for game moves the seat's prompt version
and the action's index in that seat's legal list (see ``bot.core.sessions``).
Formats (all well under Discord's 100-character limit):

* ``k:a:<session>:<prompt version>:<index>``  a game move
* ``k:l:<session>:<op>``                       a lobby button (join/leave/ai/start/cancel)
* ``k:ai:<session>:<level>``                   the AI-level choice after "Add AI"
* ``k:h:<session>``                            "My hand": private view as an ephemeral
* ``k:d:<session>``                            "Details": the full board text (spectator view) as an ephemeral
* ``k:r:<session>:<page>:<tag>``               a replay page (tag f/p/n/l keeps ids distinct)
* ``k:fm:<user>``                              the confirmation of /game forget-me
* ``k:lv:<session>:<user>``                     the confirmation of /game leave in a started game
* ``k:ru:<game>``                              /game rules: the readings and options page
* ``k:pl:<game>``                              after a tutorial: "Play a real game" (a lobby in the parent channel)
* ``k:hi:<session>:<prompt version>``           "Hint": the strong AI's suggestion, privately

What a click does is not named here: :func:`bot.frontend.inbound.clicks.on_component`
rebuilds the clicked button from its custom_id (:meth:`Routed.from_custom_id`) and runs the route
:data:`bot.frontend.inbound.clicks.ROUTES` holds for its kind, so the payloads that draw these
buttons need not import the handlers that their clicks reach (which import the payloads), and a
click never comes back here on its way to its handler.

Messages are sent with :class:`Static` views, which discord.py never keeps in
its view store: a click is matched against the templates of :data:`DYNAMIC_ITEMS`
(by :func:`bot.frontend.inbound.clicks.on_component`, not by discord.py, which would rebuild a
whole view from the clicked message first), so a bot that runs for months does
not accumulate one stored view per message.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Self

import discord

from bot.frontend.ui import cycles

Route = Callable[[Any, discord.Interaction], Awaitable[None]]
"""What a click on one kind of button does: ``route(item, interaction)``."""


class Static(discord.ui.View):
    """A view that is only a layout: rendered into components, never stored."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        """False: discord.py then never stores this view to dispatch clicks to it (clicks go by custom_id)."""
        return False

    def add_item(self, item: discord.ui.Item[Any]) -> Static:
        """Add ``item`` and cut its link back to this view, so a sent message's layout leaves no reference cycle."""
        super().add_item(item)
        cycles.unlink_item(item)  # nothing dispatches through a layout: no way back, no cycle (bot.frontend.ui.cycles)
        return self


class Routed:
    """A button whose click runs the route :data:`bot.frontend.inbound.clicks.ROUTES` holds for its class.

    Its ``__init__`` takes its template's groups first, in order: a clicked button is rebuilt from its
    custom_id alone (:meth:`from_custom_id`), so no button kind writes that parsing again.
    """

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> Self:
        """The clicked button rebuilt from its custom_id (:func:`bot.frontend.inbound.clicks.on_component` calls it):
        the template's groups in order, a group of digits as a number."""
        return cls(*(int(g) if g.isdigit() else g for g in match.groups()))


def _button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle,
    emoji: str | None = None,
    row: int | None = None,
    disabled: bool = False,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        custom_id=custom_id, label=label[:80], style=style, emoji=emoji, row=row, disabled=disabled
    )


class ActButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:a:(?P<sid>\d+):(?P<pv>\d+):(?P<idx>\d+)",
):
    """A game move (``k:a:<session>:<prompt version>:<index>``): judged on click against the seat's prompt now."""

    def __init__(
        self,
        sid: int,
        pv: int,
        idx: int,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(_button(f"k:a:{sid}:{pv}:{idx}", label, style, emoji, row))
        self.sid, self.pv, self.idx = sid, pv, idx


class LobbyButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:l:(?P<sid>\d+):(?P<op>join|leave|ai|start|start_ai|wait|cancel|pace)",
):
    """A lobby button (``k:l:<session>:<op>``): join, leave, add an AI, start, the pace, or the host's answers."""

    def __init__(
        self,
        sid: int,
        op: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(_button(f"k:l:{sid}:{op}", label, style, disabled=disabled))
        self.sid, self.op = sid, op


class AiLevelButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:ai:(?P<sid>\d+):(?P<level>[a-z]+)",
):
    """One level in the host's private "which AI?" question (``k:ai:<session>:<level>``)."""

    def __init__(self, sid: int, level: str, label: str = "…") -> None:
        super().__init__(_button(f"k:ai:{sid}:{level}", label, discord.ButtonStyle.secondary))
        self.sid, self.level = sid, level


class HandButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:h:(?P<sid>\d+)",
):
    """"My hand" on a board (``k:h:<session>``): a player's own screen, privately, when their DMs are closed."""

    def __init__(self, sid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:h:{sid}", label, discord.ButtonStyle.primary, emoji="🂠"))
        self.sid = sid


class DetailsButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:d:(?P<sid>\d+)",
):
    """On a board: the long text (log, per-player detail) the short board leaves out, answered privately."""

    def __init__(self, sid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:d:{sid}", label, discord.ButtonStyle.secondary, emoji="📜"))
        self.sid = sid


class ReplayButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:r:(?P<sid>\d+):(?P<page>\d+):(?P<tag>[a-z])",
):
    """A replay page (``k:r:<session>:<page>:<f|p|n|l>``); the tag keeps first/prev/next/last ids distinct."""

    def __init__(self, sid: int, page: int, tag: str, label: str = "…", disabled: bool = False) -> None:
        super().__init__(_button(f"k:r:{sid}:{page}:{tag}", label, discord.ButtonStyle.secondary, disabled=disabled))
        self.sid, self.page = sid, page


class ForgetButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:fm:(?P<uid>\d+)",
):
    """The confirmation of ``/game forget-me`` (``k:fm:<user>``): only that user's click counts."""

    def __init__(self, uid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:fm:{uid}", label, discord.ButtonStyle.danger))
        self.uid = uid


class LeaveButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:lv:(?P<sid>\d+):(?P<uid>\d+)",
):
    """The confirmation of ``/game leave`` in a started game (``k:lv:<session>:<user>``): only that user's counts."""

    def __init__(self, sid: int, uid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:lv:{sid}:{uid}", label, discord.ButtonStyle.danger))
        self.sid, self.uid = sid, uid


class RematchButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:rm:(?P<sid>\d+)",
):
    """On a finished board: open a new lobby for the same game (``k:rm:<session>``)."""

    def __init__(self, sid: int, label: str = "…") -> None:
        super().__init__(_button(f"k:rm:{sid}", label, discord.ButtonStyle.success, emoji="🔁"))
        self.sid = sid


class RulesButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:ru:(?P<game>[a-z]+)",
):
    """Under ``/game rules``' first page: the readings and options in force (``k:ru:<game>``)."""

    def __init__(self, game: str, label: str = "…") -> None:
        super().__init__(_button(f"k:ru:{game}", label, discord.ButtonStyle.secondary, emoji="📖"))
        self.game = game


class PlayRealButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:pl:(?P<game>[a-z]+)",
):
    """After a tutorial: open a real lobby of the game in the channel the tutorial's thread is in (``k:pl:<game>``)."""

    def __init__(self, game: str, label: str = "…") -> None:
        super().__init__(_button(f"k:pl:{game}", label, discord.ButtonStyle.success, emoji="🎲"))
        self.game = game


class HintButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"k:hi:(?P<sid>\d+):(?P<pv>\d+)",
):
    """Under a seat's choices: the strong AI's hint for it, privately (``bot.frontend.inbound.hint_answers``)."""

    def __init__(self, sid: int, pv: int, label: str = "…") -> None:
        super().__init__(_button(f"k:hi:{sid}:{pv}", label, discord.ButtonStyle.secondary, emoji="💡"))
        self.sid, self.pv = sid, pv


DYNAMIC_ITEMS = (
    PlayRealButton,
    HintButton,
    RulesButton,
    RematchButton,
    ActButton,
    LobbyButton,
    AiLevelButton,
    HandButton,
    DetailsButton,
    ReplayButton,
    ForgetButton,
    LeaveButton,
)
"""Every button kind, in the order their templates are tried (:func:`bot.frontend.inbound.clicks.on_component`)."""
