"""Validation of REST requests against Discord's official OpenAPI 3.1 spec.

The spec lives at ``tests/discord-api-spec/openapi.json`` (MIT, see the README/LICENSE beside it).
It is loaded once per process (:func:`get_spec`) and a :class:`jsonschema.Draft202012Validator` is
built lazily, once, per (operation, content type).

Where the spec is stricter than what Discord actually accepts (per Discord's public docs and
observed behaviour), the deviation is listed explicitly in :data:`SPEC_PATCHES` below, each with its
reason.  Nothing is skipped silently: anything not patched here is reported as a violation.
"""

from __future__ import annotations

import copy
import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from .openapi_dispatch import DispatchingValidator, dispatch_discriminated_unions

SPEC_PATH = Path(__file__).resolve().parents[2] / "discord-api-spec" / "openapi.json"
_SPEC_URI = "urn:discord-openapi"

# ---------------------------------------------------------------------------------------------
# Explicit allow-list: in-memory patches applied to the spec before validation.
# Each entry: (JSON pointer into the spec, new schema, reason).  Keep this list short and justified.
# ---------------------------------------------------------------------------------------------
SPEC_PATCHES: list[tuple[str, Any, str]] = [
    (
        "/components/schemas/SnowflakeType",
        {
            "anyOf": [
                {"type": "string", "pattern": "^(0|[1-9][0-9]*)$", "format": "snowflake"},
                {"type": "integer", "minimum": 0},
            ]
        },
        # discord.py (and every other major library) sends some snowflakes as JSON integers, e.g.
        # POST /users/@me/channels {"recipient_id": 1234} and "id" of new attachments in
        # payload_json.  Discord's docs type request snowflakes as "snowflake" and the API accepts
        # both integers and numeric strings; the generated spec only allows strings.
        "Discord accepts integer snowflakes in request bodies; the spec only allows strings",
    ),
]


@dataclass(frozen=True)
class Operation:
    method: str  # upper-case
    template: str  # e.g. "/channels/{channel_id}/messages"
    operation_id: str
    pointer: str  # JSON pointer of the operation object


def _escape_pointer(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _set_pointer(doc: Any, pointer: str, value: Any) -> None:
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.lstrip("/").split("/")]
    target = doc
    for p in parts[:-1]:
        target = target[p]
    if parts[-1] not in target:
        raise KeyError(f"SPEC_PATCHES pointer {pointer} does not exist in the spec (spec updated?)")
    target[parts[-1]] = value


class OpenAPISpec:
    """Route matching and request-body validation against the Discord OpenAPI document."""

    def __init__(self, path: Path = SPEC_PATH, *, dispatch: bool = True) -> None:
        with open(path, encoding="utf-8") as f:
            raw = json.load(f)
        doc = copy.deepcopy(raw)
        for pointer, value, _reason in SPEC_PATCHES:
            _set_pointer(doc, pointer, value)
        self._validator_class: Any = Draft202012Validator
        if dispatch:  # the same verdicts, far cheaper (see openapi_dispatch.py)
            dispatch_discriminated_unions(doc)
            self._validator_class = DispatchingValidator
        self.doc = doc
        self._registry = Registry().with_resource(_SPEC_URI, DRAFT202012.create_resource(doc))
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}
        self._lock = threading.Lock()
        # Build path matchers; more literal characters = more specific (e.g. /users/@me beats
        # /users/{user_id}; /messages/@original beats /messages/{message_id}).
        self._routes: list[tuple[re.Pattern[str], int, str]] = []
        for template in doc["paths"]:
            regex = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
            literal = len(re.sub(r"\{[^}]+\}", "", template))
            self._routes.append((re.compile(regex), literal, template))
        self._routes.sort(key=lambda r: -r[1])

    def match(self, method: str, path: str) -> Operation | None:
        method_l = method.lower()
        for regex, _lit, template in self._routes:
            if regex.match(path):
                item = self.doc["paths"][template]
                if method_l in item:
                    return Operation(
                        method=method.upper(),
                        template=template,
                        operation_id=item[method_l].get("operationId", ""),
                        pointer=f"/paths/{_escape_pointer(template)}/{method_l}",
                    )
        return None

    def _validator(self, op: Operation, content_type: str) -> Draft202012Validator | None:
        key = (op.pointer, content_type)
        with self._lock:
            if key in self._validators:
                return self._validators[key]
            item = self.doc["paths"][op.template][op.method.lower()]
            body = item.get("requestBody")
            validator = None
            if body is not None:
                content = body.get("content", {})
                if content_type in content:
                    ref = f"{_SPEC_URI}#{op.pointer}/requestBody/content/{_escape_pointer(content_type)}/schema"
                    validator = self._validator_class({"$ref": ref}, registry=self._registry)
            self._validators[key] = validator
            return validator

    def _response_validator(self, op: Operation, status: int) -> Draft202012Validator | None:
        key = (op.pointer, f"response:{status}")
        with self._lock:
            if key in self._validators:
                return self._validators[key]
            item = self.doc["paths"][op.template][op.method.lower()]
            resp = item.get("responses", {}).get(str(status))
            validator = None
            if resp is not None and "application/json" in resp.get("content", {}):
                ref = f"{_SPEC_URI}#{op.pointer}/responses/{status}/content/application~1json/schema"
                validator = self._validator_class({"$ref": ref}, registry=self._registry)
            self._validators[key] = validator
            return validator

    def validate_response(self, op: Operation, status: int, body: Any) -> list[str]:
        """Validate one of the *emulator's own* responses (fidelity self-check)."""
        validator = self._response_validator(op, status)
        if validator is None:
            return []
        errors = list(validator.iter_errors(body))
        if not errors:
            return []
        return [_describe(errors)]

    def has_body(self, op: Operation) -> bool:
        item = self.doc["paths"][op.template][op.method.lower()]
        return "requestBody" in item

    def body_required(self, op: Operation) -> bool:
        item = self.doc["paths"][op.template][op.method.lower()]
        return bool(item.get("requestBody", {}).get("required"))

    def validate_body(self, op: Operation, body: Any) -> list[str]:
        """Validate a JSON body (or a multipart ``payload_json``) for ``op``.  Returns error strings."""
        if body is None:
            if self.body_required(op):
                return ["request body is required by the spec but none was sent"]
            return []
        if not self.has_body(op):
            return [f"operation {op.operation_id} takes no request body, got {type(body).__name__}"]
        # payload_json in multipart requests has the same shape as the JSON body.
        validator = self._validator(op, "application/json")
        if validator is None:
            return [f"operation {op.operation_id} has no application/json request body schema"]
        errors = list(validator.iter_errors(body))
        if not errors:
            return []
        msg = _describe(errors)
        extra = len(errors) - 1
        return [msg + (f" (+{extra} more errors)" if extra else "")]


def _describe(errors: list[Any]) -> str:
    """A readable message for the most relevant error, descending into oneOf/anyOf branches."""

    def leaves(errs: list[Any]) -> list[Any]:
        out = []
        for e in errs:
            out.extend(leaves(list(e.context)) if e.context else [e])
        return out

    # The deepest leaf error is usually the real problem (oneOf/anyOf branches that failed on a
    # discriminating "type" value fail shallowly).
    candidates = leaves(errors)
    best = max(candidates, key=lambda e: len(e.absolute_path)) if candidates else best_match(errors)
    where = "/".join(str(p) for p in best.absolute_path) or "<root>"
    msg = best.message
    if len(msg) > 300:
        msg = msg[:300] + "…"
    return f"{where}: {msg}"


_SPEC: OpenAPISpec | None = None
_SPEC_LOCK = threading.Lock()


def get_spec() -> OpenAPISpec:
    """The process-wide spec instance (loaded on first use)."""
    global _SPEC
    with _SPEC_LOCK:
        if _SPEC is None:
            _SPEC = OpenAPISpec()
        return _SPEC
