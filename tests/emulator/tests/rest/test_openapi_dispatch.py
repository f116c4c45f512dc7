"""The emulator's cheaper check of component unions gives Discord's spec's own verdicts (openapi_dispatch.py).

Every body is judged twice, by the spec as written (``oneOf``) and as
rewritten (a look-up on ``type``): valid V2 and classic layouts, each refused
shape of test_components_v2.py, and every component of a V2 layout mutated
(another ``type``, a required field dropped, ``type`` as a float or a string).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from tests.emulator.clients.v2_dicts import V2, button, layout, many, row, text
from tests.emulator.rest.openapi import OpenAPISpec
from tests.emulator.rest.openapi_dispatch import dispatch_discriminated_unions
from tests.emulator.tests.rest.test_components_v2 import REFUSED

TYPES = (1, 2, 9, 10, 12, 17, 99)  # a row, a button, section, text, gallery, container, none


@pytest.fixture(scope="module")
def specs() -> tuple[OpenAPISpec, OpenAPISpec]:
    return OpenAPISpec(dispatch=False), OpenAPISpec()


def _components(node: Any) -> Iterator[dict[str, Any]]:
    """Every component dict of a layout, nested ones included."""
    if isinstance(node, dict):
        if "type" in node:
            yield node
        for value in node.values():
            yield from _components(value)
    elif isinstance(node, list):
        for value in node:
            yield from _components(value)


def _mutants(body: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``body`` with one component changed: its type, a missing field, an odd spelling of its type."""
    count = len(list(_components(body["components"])))
    for i in range(count):
        for change in [*(("type", t) for t in TYPES), ("type", 10.0), ("type", "10"), ("drop", None)]:
            mutant = copy.deepcopy(body)
            target = list(_components(mutant["components"]))[i]
            if change[0] == "drop":
                for key in [k for k in target if k != "type"][:1]:
                    del target[key]
            else:
                target["type"] = change[1]
            yield mutant


def _bodies() -> Iterator[dict[str, Any]]:
    valid = {"flags": V2, "components": layout()}
    yield valid
    yield {"flags": V2, "components": many(40)}
    yield {"content": "plain", "components": [row(button("A", "a"), button("B", "b", style=4))]}
    yield {"flags": V2, "components": [text("a"), {"type": 14}, row(button("A", "a"))]}
    yield from (body for body, _needle in REFUSED.values())
    yield from _mutants(valid)


def test_the_rewrite_reaches_the_component_unions_and_the_callbacks_kinds() -> None:
    doc = copy.deepcopy(OpenAPISpec(dispatch=False).doc)
    assert dispatch_discriminated_unions(doc) >= 10
    assert '"oneOf"' not in str(doc["components"]["schemas"]["ContainerComponentForMessageRequest"])
    callback = doc["paths"]["/interactions/{interaction_id}/{interaction_token}/callback"]["post"]
    assert "anyOf" not in callback["requestBody"]["content"]["application/json"]["schema"]


def _callbacks() -> Iterator[dict[str, Any]]:
    """Message bodies (every 16th of :func:`_bodies`: the spec as written is slow) as the data of callbacks of each
    kind, and a few callbacks wrong as a whole."""
    for index, body in enumerate(_bodies()):
        if index % 16 == 0:
            for kind in (4, 6, 7, 8, 1, 7.0, "7"):
                yield {"type": kind, "data": body}
    yield {"type": 7}
    yield {"data": {"content": "no type"}}
    yield {"type": 9, "data": {"custom_id": "m", "title": "t", "components": []}}
    yield {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}]}}


def _compare(specs: tuple[OpenAPISpec, OpenAPISpec], method: str, path: str, bodies: Iterator[Any]) -> tuple[int, int]:
    """Judge each body by both specs, which must agree; (bodies judged, bodies refused)."""
    written, rewritten = specs
    op_w, op_r = written.match(method, path), rewritten.match(method, path)
    assert op_w is not None and op_r is not None
    judged = refused = 0
    for body in bodies:
        verdict_w, verdict_r = written.validate_body(op_w, body), rewritten.validate_body(op_r, body)
        assert bool(verdict_w) == bool(verdict_r), (body, verdict_w, verdict_r)
        judged += 1
        refused += bool(verdict_w)
    return judged, refused


@pytest.mark.parametrize(("method", "path"), [("POST", "/channels/1/messages"), ("PATCH", "/channels/1/messages/2")])
def test_the_same_verdict_as_the_spec_as_written(
    specs: tuple[OpenAPISpec, OpenAPISpec], method: str, path: str
) -> None:
    judged, refused = _compare(specs, method, path, _bodies())
    assert judged > 100 and 0 < refused < judged  # both kinds of verdict were compared


def test_the_same_verdict_on_interaction_callbacks(specs: tuple[OpenAPISpec, OpenAPISpec]) -> None:
    judged, refused = _compare(specs, "POST", "/interactions/1/token/callback", _callbacks())
    assert judged > 50 and 0 < refused < judged
