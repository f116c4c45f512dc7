"""Components V2 message parts as raw JSON dicts, the way a bot sends them over HTTP.

The raw-HTTP emulator tests (test_components_v2.py, test_interaction_responses.py) build their
bodies by hand rather than through discord.py, so that each Discord rule is exercised exactly as
written and not as the library happens to serialise it; these builders keep those bodies short.
"""

from __future__ import annotations

from typing import Any

V2 = 1 << 15  # message flag IS_COMPONENTS_V2
EPHEMERAL = 1 << 6


def text(s: str) -> dict[str, Any]:
    """A Text Display (type 10)."""
    return {"type": 10, "content": s}


def button(label: str, cid: str, **kw: Any) -> dict[str, Any]:
    """A primary button (type 2); ``kw`` overrides any field (style, disabled…)."""
    return {"type": 2, "style": 1, "label": label, "custom_id": cid, **kw}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    """An Action Row (type 1) holding ``items``."""
    return {"type": 1, "components": list(items)}


def layout(label: str = "Join") -> list[dict[str, Any]]:
    """A lobby-like V2 layout: container (accent) > section with button, separator, gallery, row."""
    return [
        {
            "type": 17,
            "accent_color": 0x2ECC71,
            "components": [
                {
                    "type": 9,
                    "components": [text("# PORTAS lobby"), text("**2** seats")],
                    "accessory": button(label, "join"),
                },
                {"type": 14, "divider": True, "spacing": 1},
                {"type": 12, "items": [{"media": {"url": "attachment://board.png"}, "description": "the board"}]},
                row(button("Start", "start"), button("Leave", "leave", style=4)),
            ],
        }
    ]


def many(n: int) -> list[dict[str, Any]]:
    """A layout of exactly ``n`` components (one container of ``n - 1`` texts): for the 40-component limit."""
    return [{"type": 17, "components": [text(f"t{i}") for i in range(n - 1)]}]
