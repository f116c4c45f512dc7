"""REST routes of interaction tokens: the callback (response types 4-9), followups and @original."""

import time
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    ApiError,
    _Request,
    _unknown_message,
)
from ..models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    InteractionResult,
    Message,
    Modal,
)
from ..state import components as v2


class InteractionRoutesMixin:
    """Handlers of /interactions/{id}/{token}/callback and /webhooks/{app}/{token}/..."""

    # ---- interactions
    def _interaction(self, r: _Request) -> InteractionResult:
        res = self.interactions.get(r.params["token"])
        if res is None:
            if "iid" in r.params:
                raise ApiError(404, 10062, "Unknown interaction")
            raise ApiError(404, 10015, "Unknown Webhook")
        if "iid" in r.params and int(r.params["iid"]) != res.id:
            raise ApiError(404, 10062, "Unknown interaction")
        if "app" in r.params and int(r.params["app"]) != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        if "app" in r.params and time.monotonic() - res.created_at > self.interaction_token_ttl:
            # Discord: a token is valid for 15 minutes; after that its webhook routes answer 401/50027
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return res

    async def _r_callback(self, r: _Request) -> Any:
        res = self._interaction(r)
        body = r.json or {}
        rtype = body.get("type")
        data = body.get("data") or {}
        if res.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - res.created_at
        if self.interaction_deadline is not None and elapsed > self.interaction_deadline:
            self._violation(
                r.method,
                r.path,
                f"initial response after {elapsed:.2f}s (Discord allows {self.interaction_deadline}s)",
                "protocol",
            )
            raise ApiError(404, 10062, "Unknown interaction")
        itype = res.interaction_type
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[itype]
        if itype == 5 and res.source_message is None:
            allowed = {4, 5}
        if rtype not in allowed:
            self._violation(
                r.method, r.path, f"response type {rtype} not valid for interaction type {itype}", "protocol"
            )
            errors = {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID"}]}}
            raise ApiError(400, 50035, "Invalid Form Body", errors)
        resource: dict[str, Any] = {"type": rtype}
        if rtype in (4, 5):
            self._check_message_body(r, data, creating=rtype == 4)
            ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._new_message(
                res.channel,
                data if rtype == 4 else {"content": "", "flags": v2.defer_flags(data)},
                r.files if rtype == 4 else [],
                ephemeral_to=res.user.id if ephemeral else None,
                mtype=20 if itype == 2 else 0,
                interaction=res,
                extra_flags=FLAG_LOADING if rtype == 5 else 0,
            )
            res.message = msg
            resource["message"] = self._message_payload(msg)
        elif rtype in (6, 7):
            src = res.source_message
            assert src is not None
            if src.deleted:
                raise _unknown_message()
            if rtype == 7:
                self._check_token_upload(src, r)
                self._check_message_body(r, data, creating=False, existing=src)
                self._edit(src, data, r.files)
            res.message = src
            resource["message"] = self._message_payload(src)
        elif rtype == 8:
            res.choices = list(data.get("choices") or [])
        elif rtype == 9:
            res.modal = Modal(
                custom_id=data.get("custom_id", ""),
                title=data.get("title", ""),
                components=list(data.get("components") or []),
                source=res,
            )
        res.type = rtype
        res.response_data = body
        res._edits_at_response = res.message.edits if res.message is not None else 0
        if r.query.get("with_response") not in ("1", "true", "True"):
            return None
        inter: dict[str, Any] = {"id": str(res.id), "type": itype}
        if res.message is not None:
            inter["response_message_id"] = str(res.message.id)
            inter["response_message_loading"] = rtype == 5
            inter["response_message_ephemeral"] = res.message.ephemeral
        out: dict[str, Any] = {"interaction": inter}
        if rtype in (4, 7):  # per the spec, only message create/update responses carry a resource
            out["resource"] = resource
        return out

    def _original(self, res: InteractionResult) -> Message:
        if res.message is None or res.message.deleted:
            raise _unknown_message()
        return res.message

    def _wh_message(self, r: _Request, res: InteractionResult) -> Message:
        mid = r.params["mid"]
        if mid == "@original":
            return self._original(res)
        m = self.messages.get(int(mid))
        if m is None or m.deleted:
            raise _unknown_message()
        if m is not res.message and m not in res.followups:
            raise _unknown_message()
        return m

    async def _r_followup(self, r: _Request) -> Any:
        res = self._interaction(r)
        if not res.responded:
            raise ApiError(404, 10015, "Unknown Webhook")
        if res.channel.id not in self.channels:  # deleted since the click (delete_channel)
            raise ApiError(404, 10003, "Unknown Channel")
        body = r.json or {}
        orig = res.message
        if res.type == 5 and orig is not None and orig.loading and not orig.deleted:
            # the first followup after a "thinking" defer replaces the loading message
            self._check_message_body(r, body, creating=True)
            self._edit(orig, body, r.files, clear_loading=True)
            res.followups.append(orig)
            return self._message_payload(orig)
        self._check_message_body(r, body, creating=True)
        ephemeral = bool((body.get("flags") or 0) & FLAG_EPHEMERAL)
        msg = self._new_message(
            res.channel,
            body,
            r.files,
            ephemeral_to=res.user.id if ephemeral else None,
            interaction=res,
        )
        res.followups.append(msg)
        if r.query.get("wait") in ("true", "1", "True"):
            return self._message_payload(msg)
        return None

    async def _r_wh_get(self, r: _Request) -> Any:
        res = self._interaction(r)
        return self._message_payload(self._wh_message(r, res))

    async def _r_wh_edit(self, r: _Request) -> Any:
        res = self._interaction(r)
        msg = self._wh_message(r, res)
        body = r.json or {}
        self._check_token_upload(msg, r)
        self._check_message_body(r, body, creating=False, existing=msg)
        self._edit(msg, body, r.files, clear_loading=True)
        return self._message_payload(msg)

    def _check_token_upload(self, msg: Message, r: _Request) -> None:
        """A file uploaded into a public server message through an interaction token needs the app's Attach Files.

        Interaction responses act with the app's permissions in the channel
        (``app_permissions``; in DMs Discord grants Attach Files), so an edit of
        a public board through a click's token is refused there like a bot-token
        edit (403/50013); an ephemeral message is the clicker's alone.
        """
        if not msg.ephemeral:
            self._check_can_attach(self.channels[msg.channel_id], r)

    async def _r_wh_delete(self, r: _Request) -> Any:
        res = self._interaction(r)
        self._delete(self._wh_message(r, res))
        return None
