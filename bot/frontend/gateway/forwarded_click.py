"""One DM click on its way to the process that owns its game: the ``NOTIFY kado_click`` payload.

Split from :mod:`bot.frontend.gateway.forwarding` (which sends and takes it) so the
payload's format, and what each version of it carries, is read in one place.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

ACT = "act"
"""A move button's click: applied by the owner's :meth:`SessionManager.act`."""
PAYLOAD_VERSION = 2
"""Version 1 carried move clicks only (no ``kind``); version 2 names the kind of click (a move, a hint…).

A move click is still sent as version 1, so a process of the previous version
(a rolling deploy) still takes it; any other kind is version 2, which such a
process drops, and the sender tells the user the game's process did not answer
rather than a hint being taken for a move.
"""


@dataclass(frozen=True)
class ForwardedClick:
    """One DM click on its way to the owning process.

    ``channel`` is the session's channel as the sender read it from the
    database: the receiver acts only if its in-memory session has that channel
    (session ids are per database; Discord's channel ids are global).
    ``kind``: which button (:data:`ACT`, or a kind a handler registered with
    :func:`bot.frontend.gateway.forwarding.receiver`, e.g. ``"hint"``).
    """

    id: int  # the interaction id: pairs the acknowledgement with the waiting sender
    session: int
    channel: int
    version: int  # the button's prompt version
    index: int
    user: int
    token: str  # the interaction token: the owner answers through its webhook
    app: int  # application id: answers go to /webhooks/<app>/<token>
    locale: str  # the user's locale, for a refusal's text
    kind: str = ACT

    def encode(self) -> str:
        """The NOTIFY payload: compact JSON, with ``v`` so a process of another version can refuse it."""
        data: dict[str, object] = asdict(self)
        if self.kind == ACT:
            del data["kind"]  # as version 1 wrote it
        data["v"] = 1 if self.kind == ACT else PAYLOAD_VERSION
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def decode(cls, raw: str) -> ForwardedClick | None:
        """The click, or None for a payload this version does not understand (logged, dropped)."""
        try:
            data = json.loads(raw)
            if data.get("v") not in (1, PAYLOAD_VERSION):
                return None
            return cls(
                id=int(data["id"]),
                session=int(data["session"]),
                channel=int(data["channel"]),
                version=int(data["version"]),
                index=int(data["index"]),
                user=int(data["user"]),
                token=str(data["token"]),
                app=int(data["app"]),
                locale=str(data["locale"]),
                kind=str(data["kind"]) if data["v"] != 1 else ACT,
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
