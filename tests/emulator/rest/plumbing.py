"""REST plumbing: request parsing, OpenAPI checks, holds and faults, authentication, dispatch to handlers."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from aiohttp import web

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

from ..base import (
    _ARRIVED,
    ApiError,
    FaultRule,
    _json,
    _Request,
)
from ..models import (
    RequestRecord,
    Violation,
    is_interaction_route,
)
from .forms import read_form
from .openapi import get_spec

OUTAGE_PAGE = "<!DOCTYPE html><html><head><title>Attention Required!</title></head><body>blocked</body></html>"


class PlumbingMixin:
    """Turns an HTTP request into a handler call and the handler's result into Discord's answer."""

    # ================================================================== internals: REST plumbing
    def _violation(self, method: str, path: str, message: str, kind: str = "openapi") -> None:
        self.violations.append(Violation(method, path, message, kind))

    async def _unknown_entry(self, request: web.Request) -> web.StreamResponse:
        self._violation(request.method, request.path, "request outside /api/v10", "unimplemented route")
        return _json(404, {"code": 0, "message": "404: Not Found"})

    async def _attachment_entry(self, request: web.Request) -> web.StreamResponse:
        att = self._attachment_data.get(int(request.match_info["aid"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    async def _rest_entry(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        if self.api_down:  # Discord's API in an outage: every REST request answers 503 (or api_outage's answer)
            status, html = self.api_down_answer
            if html:  # a proxy's or a CDN's page (a block, a wrong base URL), not Discord's JSON
                return web.Response(status=status, text=OUTAGE_PAGE, content_type="text/html")
            return web.json_response({"message": "upstream unavailable", "code": 0}, status=status)
        if self.record_timing and path.startswith("/interactions/") and path.endswith("/callback"):
            timed = self.interactions.get(path.split("/")[3])  # /interactions/{id}/{token}/callback
            if timed is not None and timed.callback_at is None:
                arrived = _ARRIVED.get(id(request.protocol))
                timed.callback_at = arrived if arrived is not None else time.perf_counter()
        method = request.method.upper()
        query = dict(request.query)
        form = read_form(request.headers.get("Content-Type"), await request.read() if request.can_read_body else b"")
        body, files, parse_error = form.body, form.files, form.error
        if self.rest_latency:  # the request's way to Discord (rest_latency: the round trip)
            await asyncio.sleep(self.rest_latency / 2)
        rec = RequestRecord(method, path, query, body, [f[1] for f in files])
        self.requests.append(rec)
        try:
            resp = await self._rest(request, rec, method, path, query, body, files, parse_error)
        except ApiError as e:
            resp = _json(e.status, e.body())
        except Exception as e:  # bug in the emulator: make it loud
            self._violation(method, path, f"emulator crashed: {e!r}", "emulator")
            resp = _json(500, {"code": 0, "message": f"emulator error {e!r}"})
            raise
        finally:
            self._notify()
        rec.status = resp.status
        if rec.operation is not None and not is_interaction_route(path) and "X-RateLimit-Limit" not in resp.headers:
            resp.headers.update(self.rate_limits.headers(rec.operation, path))
        if self.rest_latency:  # and the answer's way back
            await asyncio.sleep(self.rest_latency / 2)
        return resp

    async def _rest(
        self,
        request: web.Request,
        rec: RequestRecord,
        method: str,
        path: str,
        query: dict[str, str],
        body: Any,
        files: list[tuple[str, str, bytes, str | None]],
        parse_error: str | None,
    ) -> web.Response:
        spec = get_spec()
        op = spec.match(method, path)
        errors: list[str] = []
        if parse_error:
            errors.append(parse_error)
        if op is None:
            self._violation(method, path, "no such operation in the OpenAPI spec")
        else:
            rec.operation = op.operation_id
            errors.extend(spec.validate_body(op, body))
        for err in errors:
            self._violation(method, path, err)
        # held requests (hold_next): in flight until released or dropped
        for hold in self.holds:
            if hold.remaining > 0 and hold.method == method and hold.pattern.fullmatch(path):
                hold.remaining -= 1
                hold.hits.append(path)
                self._notify()
                await hold._released.wait()
                if hold.dropped:
                    return _json(503, {"code": 0, "message": "503: held request dropped by the emulator"})
                break
        # fault injection
        for rule in self.faults:
            if rule.remaining > 0 and rule.method == method and rule.pattern.fullmatch(path):
                rule.remaining -= 1
                rule.hits.append(path)
                return self._fault_response(rule)
        # authentication (interaction callbacks and webhook-token routes need none)
        needs_auth = not is_interaction_route(path)
        if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
            return _json(401, {"code": 0, "message": "401: Unauthorized"})
        handler, params = self._route(method, path)
        if handler is None:
            self._violation(method, path, "unimplemented route", "unimplemented route")
            return _json(404, {"code": 0, "message": "404: Not Found (not implemented by the emulator)"})
        if errors and self.strict:
            return _json(400, {"code": 50035, "message": "Invalid Form Body", "errors": {"_emulator": errors}})
        req = _Request(method, path, query, body, files, params)
        result = await handler(req)
        if result is None:
            return web.Response(status=204)
        status, data = result if isinstance(result, tuple) else (200, result)
        if self.validate_responses and op is not None:
            for err in spec.validate_response(op, status, data):
                self._violation(method, path, err, "emulator-response")
        return _json(status, data)

    def _fault_response(self, rule: FaultRule) -> web.Response:
        if rule.status == 429:
            ra = rule.retry_after or 0.05
            return _json(
                429,
                {"message": rule.message, "retry_after": ra, "global": rule.is_global, "code": rule.code},
                headers={
                    "Retry-After": str(max(1, int(ra + 0.999))),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": str(ra),
                    "X-RateLimit-Scope": "global" if rule.is_global else "user",
                    "Via": "1.1 google",
                    **({"X-RateLimit-Global": "true"} if rule.is_global else {}),
                },
            )
        return _json(rule.status, {"code": rule.code, "message": rule.message})
