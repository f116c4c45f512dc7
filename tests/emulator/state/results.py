"""What tests get back: interaction results, modals, request records and violations."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .message import Message, iter_components

if TYPE_CHECKING:
    from ..models import Channel, User
    from ..server import DiscordEmulator


@dataclass
class Modal:
    custom_id: str
    title: str
    components: list[dict[str, Any]]
    source: InteractionResult | None = None

    def fields(self) -> list[dict[str, Any]]:
        """The modal's input components (text inputs and selects), in order."""
        return [c for c in iter_components(self.components) if c.get("type") in (3, 4, 5, 6, 7, 8)]

    def field_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.fields()]


@dataclass
class RequestRecord:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[str]
    status: int = 0
    operation: str | None = None

    @property
    def token_kind(self) -> str:
        """ "interaction" for requests authenticated by an interaction token (callbacks and
        ``/webhooks/{app}/{token}`` routes: outside the bot's global rate limit), else "bot"."""
        return "interaction" if is_interaction_route(self.path) else "bot"

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


def is_interaction_route(path: str) -> bool:
    """An interaction-token route: ``/interactions/{id}/{token}/callback`` or ``/webhooks/{app}/{token}...``."""
    return path.startswith("/interactions/") or re.match(r"^/webhooks/\d+/[^/]+", path) is not None


@dataclass
class Violation:
    method: str
    path: str
    message: str
    kind: str = "openapi"

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.message}"


class InteractionResult:
    """The emulator's view of one interaction: what the bot answered and what followed.

    ``await result`` (or ``await result.wait()``) waits for the initial response.  Attributes:

    * ``type`` – interaction callback type (4 message, 5 deferred, 6 deferred update, 7 update,
      8 autocomplete, 9 modal), ``None`` until responded.
    * ``message`` – the message created (4/5) or updated (6/7) by the response; live object.
    * ``ephemeral`` – whether the created/deferred message is ephemeral.
    * ``modal`` – :class:`Modal` for type 9, ``choices`` for autocomplete (8).
    * ``followups`` – messages sent via the interaction webhook, filled in as they arrive.
    """

    def __init__(
        self,
        emu: DiscordEmulator,
        *,
        interaction_id: int,
        token: str,
        interaction_type: int,
        user: User,
        channel: Channel,
        source_message: Message | None,
        payload: dict[str, Any],
        description: str,
    ) -> None:
        self._emu = emu
        self.id = interaction_id
        self.token = token
        self.interaction_type = interaction_type
        self.user = user
        self.channel = channel
        self.source_message = source_message
        # all an interaction's message metadata needs of the payload; the payload itself (the clicked message,
        # its components) is not kept: a long run holds every interaction for its token's 15 minutes
        self.integration_owners: dict[str, Any] = payload.get("authorizing_integration_owners", {})
        self.description = description
        self.created_at = time.monotonic()
        self.type: int | None = None
        self.response_data: dict[str, Any] | None = None
        self.message: Message | None = None
        self.modal: Modal | None = None
        self.choices: list[dict[str, Any]] | None = None
        self.followups: list[Message] = []
        #: for modal submits: the interaction that opened the modal
        self.triggering: InteractionResult | None = None
        self._followup_cursor = 0
        self._edits_at_response = 0
        #: with ``emu.record_timing``: perf_counter when the INTERACTION_CREATE frame was written to the
        #: bot and when its /callback arrived (see :attr:`bot_latency`)
        self.sent_at: float | None = None
        self.callback_at: float | None = None

    @property
    def bot_latency(self) -> float | None:
        """Seconds from the INTERACTION_CREATE leaving the emulator to its callback arriving (record_timing)."""
        if self.sent_at is None or self.callback_at is None:
            return None
        return self.callback_at - self.sent_at

    # ---- convenience views on the response message ----
    @property
    def responded(self) -> bool:
        return self.type is not None

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    def text(self) -> str:
        return self.message.text() if self.message else ""

    def all_messages(self) -> list[Message]:
        """Response message (if any) followed by every followup."""
        msgs = [self.message] if self.message is not None else []
        return msgs + [m for m in self.followups if m is not self.message]

    async def wait(self, timeout: float = 10.0) -> InteractionResult:
        await self._emu.wait_until(lambda: self.responded, timeout=timeout, description=f"response to {self}")
        return self

    def __await__(self):
        return self.wait().__await__()

    async def wait_followup(self, timeout: float = 10.0, *, count: int | None = None) -> Message:
        """Wait for a followup.  Without ``count``: the next followup not yet returned by this method.
        With ``count=n``: wait until at least ``n`` followups exist and return the n-th."""
        n = count if count is not None else self._followup_cursor + 1
        await self._emu.wait_until(
            lambda: len(self.followups) >= n, timeout=timeout, description=f"followup #{n} of {self}"
        )
        if count is None:
            self._followup_cursor = n
        return self.followups[n - 1]

    @property
    def reply(self) -> Message | None:
        """What the bot has said back so far: the message its response created (type 4), else its first
        followup; None while neither exists."""
        if self.type == 4 and self.message is not None:
            return self.message
        return self.followups[0] if self.followups else None

    async def wait_reply(self, timeout: float = 10.0) -> Message:
        """What the bot said back to this interaction: the message its response created (type 4), or, when it
        answered otherwise first (a deferral, an update), its next followup."""
        await self.wait(timeout)
        if self.type == 4 and self.message is not None:
            return self.message
        return await self.wait_followup(timeout)

    async def wait_loaded(self, timeout: float = 10.0) -> Message:
        """For deferred responses: wait until the bot filled in the "thinking" message (type 5) or
        edited the component's message (type 6); returns that message."""
        await self.wait(timeout)

        def done() -> bool:
            m = self.message
            if m is None:
                return False
            if self.type == 5:
                return not m.loading
            if self.type == 6:
                return m.edits > self._edits_at_response
            return True

        await self._emu.wait_until(done, timeout=timeout, description=f"deferred response of {self} to be filled in")
        if self.message is None:
            raise AssertionError(f"{self} has no message")
        return self.message

    def __repr__(self) -> str:
        return f"<InteractionResult {self.description} type={self.type} message={self.message!r}>"
