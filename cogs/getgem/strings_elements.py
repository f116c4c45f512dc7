"""GETGEM's element cards by their own names (English and Japanese), apart from the gem cards of their kind.

Merged into :data:`cogs.getgem.strings.STRINGS`.  「あなたのエレメント：💧 水の宝玉」 named an element
card by the gem card's name; an element is 「💧 水」 (its line or sentence says エレメント).
"""

from __future__ import annotations

ELEMENT_STRINGS: dict[str, dict[str, str]] = {
    "en": {"getgem.elem.fire": "Fire", "getgem.elem.water": "Water", "getgem.elem.thunder": "Thunder"},
    "ja": {"getgem.elem.fire": "炎", "getgem.elem.water": "水", "getgem.elem.thunder": "雷"},
}
