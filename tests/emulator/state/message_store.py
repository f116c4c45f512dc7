"""The message store: body checks (Discord rules beyond the OpenAPI schema), attachments, create/edit/delete."""

import mimetypes
import re
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    ApiError,
    _normalize_embeds,
    _png_size,
    _Request,
    _upload_names,
)
from ..models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Channel,
    InteractionResult,
    Message,
    iso_now,
    iter_components,
)
from . import components as v2


class MessageStoreMixin:
    """Creates, edits and deletes stored messages and dispatches their gateway events."""

    # ================================================================== message store
    def _check_message_body(
        self, r: _Request, body: dict[str, Any], *, creating: bool, existing: Message | None = None
    ) -> None:
        """Discord rules the OpenAPI schema does not capture (``existing``: the message an edit
        changes).  Recorded as violations (kind 'discord-rule'); with ``strict`` answered 400 like Discord."""
        problems: list[tuple[int, str]] = []
        v2_problems = self._v2_problems(r, body, existing)
        problems.extend((50035, p) for p in v2_problems)
        content = body.get("content")
        if isinstance(content, str) and len(content) > 2000:
            problems.append((50035, f"content is {len(content)} chars (max 2000 for bots)"))
        embeds = body.get("embeds") or []
        total = 0
        for e in embeds:
            if not isinstance(e, dict):
                continue
            total += sum(len(str(e.get(k) or "")) for k in ("title", "description"))
            total += len(str((e.get("footer") or {}).get("text") or ""))
            total += len(str((e.get("author") or {}).get("name") or ""))
            for f in e.get("fields") or []:
                total += len(str(f.get("name") or "")) + len(str(f.get("value") or ""))
        if total > 6000:
            problems.append((50035, f"embeds total {total} chars (max 6000)"))
        comps = body.get("components")
        if isinstance(comps, list):
            ids = [c.get("custom_id") for c in iter_components(comps) if isinstance(c, dict) and c.get("custom_id")]
            dups = {i for i in ids if ids.count(i) > 1}
            if dups:
                problems.append((50035, f"duplicate component custom_id(s) {sorted(dups)}"))
        if creating:
            has_att = bool(r.files) or bool(body.get("attachments"))
            if not (content or embeds or comps or has_att or body.get("sticker_ids") or body.get("poll")):
                problems.append((50006, "Cannot send an empty message"))
        for _code, text in problems:
            self._violation(r.method, r.path, text, "discord-rule")
        if problems and self.strict:
            code, text = problems[0]
            errors = v2.error_body(v2_problems)  # Discord-shaped: {field: {"_errors": [{code, message}]}}
            others = [t for _, t in problems if t not in v2_problems]
            if others or not errors:
                errors["_emulator"] = others
            raise ApiError(400, code, "Cannot send an empty message" if code == 50006 else "Invalid Form Body", errors)

    def _v2_problems(self, r: _Request, body: dict[str, Any], existing: Message | None) -> list[str]:
        """Components V2 rules (tests/emulator/state/components.py) for a create or an edit of ``existing``."""
        uploads = set(_upload_names(r.files, body.get("attachments")))
        if existing is None:
            return v2.check_message(body, uploads)
        if "attachments" in body:
            ids = {str(e.get("id")) for e in body["attachments"] or [] if isinstance(e, dict)}
            kept = {a.filename for a in existing.attachments if str(a.id) in ids}
        else:
            kept = {a.filename for a in existing.attachments}
        return v2.check_message(
            body,
            uploads,
            existing_flags=existing.flags,
            existing_content=existing.content,
            existing_embeds=bool(existing.embeds),
            kept_attachments=kept,
        )

    def _make_attachments(
        self, r_files: list[tuple[str, str, bytes, str | None]], entries: list[dict[str, Any]] | None
    ) -> dict[int, Attachment]:
        """New attachments from uploaded files, keyed by their upload index n (``files[n]``)."""
        out: dict[int, Attachment] = {}
        meta = {str(e.get("id")): e for e in entries or [] if isinstance(e, dict)}
        for i, (name, filename, data, ctype) in enumerate(r_files):
            m = re.fullmatch(r"files\[(\d+)\]", name)
            idx = int(m.group(1)) if m else i
            entry = meta.get(str(idx), {})
            fname = entry.get("filename") or filename
            aid = self._snow()
            size = _png_size(data)
            att = Attachment(
                id=aid,
                filename=fname,
                size=len(data),
                url=f"{self.base_url}/attachments/{aid}/{fname}",
                content_type=ctype if ctype and ctype != "application/octet-stream" else mimetypes.guess_type(fname)[0],
                data=data,
                width=size[0] if size else None,
                height=size[1] if size else None,
                description=entry.get("description"),
            )
            self._attachment_data[aid] = att
            out[idx] = att
        return out

    def _new_message(
        self,
        chan: Channel,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes, str | None]],
        *,
        ephemeral_to: int | None = None,
        mtype: int = 0,
        interaction: InteractionResult | None = None,
        extra_flags: int = 0,
    ) -> Message:
        flags = int(body.get("flags") or 0) & (FLAG_EPHEMERAL | 4 | 4096 | 32768)
        if ephemeral_to is None:
            flags &= ~FLAG_EPHEMERAL
        attachments = list(self._make_attachments(files, body.get("attachments")).values())
        msg = Message(
            id=self._snow(),
            channel_id=chan.id,
            guild_id=chan.guild_id,
            author_id=self.bot_user.id,
            content=body.get("content") or "",
            embeds=_normalize_embeds(body.get("embeds")),
            components=v2.normalize(body.get("components"), attachments, self._snow),
            attachments=attachments,
            flags=flags | extra_flags,
            type=mtype,
            ephemeral_to=ephemeral_to,
            allowed_mentions=body.get("allowed_mentions"),
        )
        if interaction is not None:
            msg.webhook_id = self.application_id
            msg.interaction_id = interaction.id
            meta = self._interaction_metadata(interaction)
            if interaction.message is not None and interaction.message is not msg:
                meta["original_response_message_id"] = str(interaction.message.id)
            msg.interaction_metadata = meta
        self.messages[msg.id] = msg
        if ephemeral_to is None:
            chan.last_message_id = msg.id
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    def _interaction_metadata(self, res: InteractionResult) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "id": str(res.id),
            "type": res.interaction_type,
            "user": res.user.payload(),
            "authorizing_integration_owners": res.integration_owners,
        }
        if res.interaction_type == 3 and res.source_message is not None:
            meta["interacted_message_id"] = str(res.source_message.id)
        if res.interaction_type == 5 and res.triggering is not None:
            meta["triggering_interaction_metadata"] = self._interaction_metadata(res.triggering)
        return meta

    def _edit(
        self,
        msg: Message,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes, str | None]],
        *,
        clear_loading: bool = False,
    ) -> None:
        msg.history.append(self._message_payload(msg))
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = _normalize_embeds(body["embeds"])
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_LOADING | FLAG_COMPONENTS_V2)  # V2 cannot be unset
            msg.flags = keep | (int(body["flags"]) & (4 | 4096 | 32768))
        new = self._make_attachments(files, body.get("attachments"))
        if "attachments" in body:
            kept: list[Attachment] = []
            existing = {str(a.id): a for a in msg.attachments}
            for entry in body["attachments"] or []:
                key = str(entry.get("id"))
                if key in existing:
                    kept.append(existing[key])
                elif key.isdigit() and int(key) in new:
                    kept.append(new.pop(int(key)))
            msg.attachments = kept + list(new.values())
        else:
            msg.attachments = msg.attachments + list(new.values())
        if "components" in body:  # after the attachments: media references resolve against them
            msg.components = v2.normalize(body["components"], msg.attachments, self._snow)
        if clear_loading:
            msg.flags &= ~FLAG_LOADING
        msg.edited_timestamp = iso_now()
        msg.edits += 1
        self._dispatch_message("MESSAGE_UPDATE", msg)

    def _delete(self, msg: Message) -> None:
        if msg.deleted:
            return
        msg.deleted = True
        self._dispatch_message("MESSAGE_DELETE", msg)
        self._notify()
