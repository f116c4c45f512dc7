"""Components V2 rules Discord enforces and the OpenAPI schema does not capture.

Discord's docs ("Component reference", "Using message components", "Receiving and responding"):

* the ``IS_COMPONENTS_V2`` message flag (1 << 15) turns a message into a component-only layout:
  ``content``, ``embeds``, ``poll`` and ``sticker_ids`` are refused; attachments are shown only when a
  component (Thumbnail, Media Gallery, File) references them as ``attachment://<filename>``;
* at most 40 components in the whole tree (nested ones and accessories count), and the text displays
  together carry at most 4000 characters;
* a Section holds 1-3 Text Displays and one accessory (a Button or a Thumbnail); a Container holds
  action rows, sections, text displays, media galleries, files and separators (no containers);
  a Media Gallery holds 1-10 items; a File references an upload (``attachment://`` only);
* once set, the flag cannot be removed by an edit; layout component types (9-17) need the flag;
* component ``id`` s are unique within a message (Discord fills in missing ones);
* a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (type 5) response may only carry EPHEMERAL: the flag is set
  by the followup / the edit of ``@original`` instead (discord-api-docs #7560, #7836).

Each check returns human-readable problems; the server records them as ``discord-rule`` violations
and (strict mode) answers 400/50035.  Kept apart from server.py so the rules read as one list.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from ..models import FLAG_COMPONENTS_V2, Attachment, iter_components

MAX_COMPONENTS = 40
MAX_TEXT = 4000
LAYOUT_TYPES = {
    9: "Section",
    10: "Text Display",
    11: "Thumbnail",
    12: "Media Gallery",
    13: "File",
    14: "Separator",
    17: "Container",
}
V2_TOP_LEVEL = {1, 9, 10, 12, 13, 14, 17}
CONTAINER_CHILDREN = {1, 9, 10, 12, 13, 14}
SELECT_TYPES = {3, 5, 6, 7, 8}


LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


class Problem(str):
    """A broken rule: its text (what violations record) plus the request field and error code it
    is reported under in the 400 body, shaped like Discord's ``{"errors": {field: {"_errors": [...]}}}``.
    Only the shape and the 50035 are Discord's for sure; the codes name the rule."""

    field: str
    code: str

    def __new__(cls, text: str, field: str = "components", code: str = "COMPONENT_LAYOUT_INVALID") -> Problem:
        obj = super().__new__(cls, text)
        obj.field, obj.code = field, code
        return obj


def error_body(problems: Iterable[str]) -> dict[str, Any]:
    """The ``errors`` object of a 400/50035 answer for these problems (plain strings: ``components``)."""
    out: dict[str, Any] = {}
    for p in problems:
        field, code = (p.field, p.code) if isinstance(p, Problem) else ("components", "COMPONENT_LAYOUT_INVALID")
        out.setdefault(field, {"_errors": []})["_errors"].append({"code": code, "message": str(p)})
    return out


def _media_urls(comp: dict[str, Any]) -> Iterable[str]:
    """Every media URL a component shows (thumbnail, gallery items, file)."""
    t = comp.get("type")
    if t == 11:
        yield str((comp.get("media") or {}).get("url") or "")
    elif t == 12:
        for item in comp.get("items") or []:
            if isinstance(item, dict):
                yield str((item.get("media") or {}).get("url") or "")
    elif t == 13:
        yield str((comp.get("file") or {}).get("url") or "")


def referenced_attachments(components: list[dict[str, Any]] | None) -> set[str]:
    """Filenames referenced as ``attachment://name`` anywhere in the tree."""
    out: set[str] = set()
    for comp in iter_components(components):
        if isinstance(comp, dict):
            for url in _media_urls(comp):
                if url.startswith("attachment://"):
                    out.add(url.removeprefix("attachment://"))
    return out


def _check_tree(components: list[Any]) -> list[str]:
    """Structure, counts, text length and ids of a V2 component tree."""
    problems: list[str] = []
    comps = [c for c in iter_components(components) if isinstance(c, dict)]
    if len(comps) > MAX_COMPONENTS:
        problems.append(f"{len(comps)} components in total (max {MAX_COMPONENTS} with IS_COMPONENTS_V2)")
    text = sum(len(str(c.get("content") or "")) for c in comps if c.get("type") == 10)
    if text > MAX_TEXT:
        problems.append(f"text displays carry {text} characters in total (max {MAX_TEXT})")
    ids = [c["id"] for c in comps if isinstance(c.get("id"), int)]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        problems.append(f"duplicate component id(s) {dup}")
    for c in components:
        if isinstance(c, dict) and c.get("type") not in V2_TOP_LEVEL:
            problems.append(f"component type {c.get('type')} is not allowed at the top level of a message")
    for c in comps:
        problems.extend(_check_one(c))
    return problems


def _check_one(c: dict[str, Any]) -> list[str]:
    t = c.get("type")
    kids = [k for k in c.get("components") or [] if isinstance(k, dict)]
    if t == 9:
        out = []
        if not 1 <= len(kids) <= 3 or any(k.get("type") != 10 for k in kids):
            out.append(f"a Section needs 1-3 Text Displays (got types {[k.get('type') for k in kids]})")
        acc = c.get("accessory")
        if not isinstance(acc, dict) or acc.get("type") not in (2, 11):
            out.append("a Section needs one accessory, a Button or a Thumbnail")
        return out
    if t == 17:
        bad = [k.get("type") for k in kids if k.get("type") not in CONTAINER_CHILDREN]
        out = [f"a Container cannot hold component type(s) {bad}"] if bad else []
        colour = c.get("accent_color")
        if colour is not None and not (isinstance(colour, int) and 0 <= colour <= 0xFFFFFF):
            out.append(f"accent_color {colour!r} is not an RGB integer")
        if not kids:
            out.append("a Container needs at least one component")
        return out
    if t == 1:
        types = [k.get("type") for k in kids]
        buttons_only = types and all(x == 2 for x in types) and len(types) <= 5
        one_select = len(types) == 1 and types[0] in SELECT_TYPES
        return [] if buttons_only or one_select else [f"an Action Row holds 1-5 buttons or one select (got {types})"]
    if t == 12:
        n = len(c.get("items") or [])
        return [] if 1 <= n <= 10 else [f"a Media Gallery holds 1-10 items (got {n})"]
    if t == 13:
        url = str((c.get("file") or {}).get("url") or "")
        return [] if url.startswith("attachment://") else [f"a File must reference attachment://, not {url!r}"]
    if t == 14:
        spacing = c.get("spacing", 1)
        return [] if spacing in (1, 2) else [f"separator spacing {spacing!r} (1 small or 2 large)"]
    return []


def check_message(
    body: dict[str, Any],
    uploads: set[str],
    *,
    existing_flags: int | None = None,
    existing_content: str = "",
    existing_embeds: bool = False,
    kept_attachments: set[str] | None = None,
) -> list[str]:
    """Problems with a message create (``existing_flags is None``) or edit body under the V2 rules.

    ``uploads``: filenames uploaded with this request; ``kept_attachments``: filenames of the edited
    message's attachments still in place after the edit."""
    problems: list[str] = []
    flags = body.get("flags")
    new_v2 = isinstance(flags, int) and bool(flags & FLAG_COMPONENTS_V2)
    was_v2 = existing_flags is not None and bool(existing_flags & FLAG_COMPONENTS_V2)
    if was_v2 and isinstance(flags, int) and not new_v2:
        problems.append(
            Problem(
                "the IS_COMPONENTS_V2 flag cannot be removed from a message once set", "flags", "MESSAGE_FLAGS_INVALID"
            )
        )
    v2 = was_v2 or new_v2
    comps = body.get("components")
    comps = comps if isinstance(comps, list) else None
    if not v2:
        types = {c.get("type") for c in iter_components(comps) if isinstance(c, dict)}
        layout = sorted(t for t in types if t in LAYOUT_TYPES)
        if layout:
            names = ", ".join(f"{t} {LAYOUT_TYPES[t]}" for t in layout)
            problems.append(
                Problem(
                    f"component type(s) {names} need the IS_COMPONENTS_V2 message flag",
                    code="COMPONENTS_V2_FLAG_REQUIRED",
                )
            )
        return problems
    content = body.get("content", existing_content)
    if content:
        problems.append(
            Problem("content cannot be used with the IS_COMPONENTS_V2 flag (use a Text Display)", "content", LEGACY)
        )
    embeds = bool(body["embeds"]) if "embeds" in body else existing_embeds
    if embeds:
        problems.append(
            Problem("embeds cannot be used with the IS_COMPONENTS_V2 flag (use a Container)", "embeds", LEGACY)
        )
    if body.get("poll"):
        problems.append(Problem("polls cannot be used with the IS_COMPONENTS_V2 flag", "poll", LEGACY))
    if body.get("sticker_ids"):
        problems.append(Problem("stickers cannot be used with the IS_COMPONENTS_V2 flag", "sticker_ids", LEGACY))
    if comps is not None:
        problems.extend(_check_tree(comps))
        available = set(uploads) | set(kept_attachments or ())
        missing = sorted(referenced_attachments(comps) - available)
        if missing:
            problems.append(
                Problem(
                    f"attachment:// reference(s) {missing} match no uploaded file",
                    code="UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND",
                )
            )
    return problems


def defer_flags(data: dict[str, Any]) -> int:
    """Flags a type-5 (deferred) response keeps: only EPHEMERAL, per Discord's docs (the
    IS_COMPONENTS_V2 flag is ignored there and must be set by the followup or @original edit)."""
    return int(data.get("flags") or 0) & (1 << 6)


def _media(media: Any, attachments: dict[str, Attachment], snow: Callable[[], int]) -> dict[str, Any]:
    """An unfurled media object as Discord returns it: ``attachment://name`` resolved to that
    attachment (its URL, size, type and ``attachment_id``), any other URL echoed."""
    url = str((media or {}).get("url") or "")
    att = attachments.get(url.removeprefix("attachment://")) if url.startswith("attachment://") else None
    if att is None:
        return {"id": str(snow()), "url": url, "proxy_url": url, "width": None, "height": None, "content_type": None}
    return {
        "id": str(snow()),
        "url": att.url,
        "proxy_url": att.url,
        "width": att.width,
        "height": att.height,
        "content_type": att.content_type,
        "attachment_id": str(att.id),
    }


def normalize(
    components: list[dict[str, Any]] | None, attachments: list[Attachment], snow: Callable[[], int]
) -> list[dict[str, Any]]:
    """Components as Discord returns them: every component gets a numeric ``id`` (sequential,
    depth-first, unless the bot set one), selects explicit min/max_values, layout components their
    defaults (spoiler, accent_color, divider/spacing, descriptions) and media resolved objects."""
    out = json.loads(json.dumps(components or []))
    by_name = {a.filename: a for a in attachments}
    used = {c["id"] for c in iter_components(out) if isinstance(c.get("id"), int)}
    counter = 0
    for comp in iter_components(out):
        if "id" not in comp:
            counter += 1
            while counter in used:
                counter += 1
            comp["id"] = counter
        t = comp.get("type")
        if t in SELECT_TYPES:
            comp.setdefault("min_values", 1)
            comp.setdefault("max_values", 1)
        elif t == 17:
            comp.setdefault("accent_color", None)
            comp.setdefault("spoiler", False)
        elif t == 14:
            comp.setdefault("spacing", 1)
            comp.setdefault("divider", True)
        elif t == 11:
            comp["media"] = _media(comp.get("media"), by_name, snow)
            comp.setdefault("description", None)
            comp.setdefault("spoiler", False)
        elif t == 12:
            for item in comp.get("items") or []:
                item["media"] = _media(item.get("media"), by_name, snow)
                item.setdefault("description", None)
                item.setdefault("spoiler", False)
        elif t == 13:
            name = str((comp.get("file") or {}).get("url") or "").removeprefix("attachment://")
            att = by_name.get(name)
            comp["file"] = _media(comp.get("file"), by_name, snow)
            comp.setdefault("name", name)
            comp.setdefault("size", att.size if att else None)
            comp.setdefault("spoiler", False)
    return out
