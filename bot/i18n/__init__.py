"""The one translation layer: every user-facing string is looked up here.

Catalogues are plain ``{locale: {key: format string}}`` dicts.  The platform's
own strings live in :mod:`bot.i18n.core`; each game registers its own
(``cogs/<game>/strings.py``) under keys prefixed with the game id.  Messages are
``str.format`` templates with named fields.

Locales are Discord's (``"ja"``, ``"en-US"``, ``"en-GB"``); we store ``ja`` and
``en`` and map every other locale to English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

SUPPORTED = ("en", "ja")
DEFAULT = "en"

_catalog: dict[str, dict[str, str]] = {loc: {} for loc in SUPPORTED}


class Tr(Protocol):
    """A translator bound to one locale: ``tr("portas.turn", name="Aki")``."""

    locale: str

    def __call__(self, key: str, /, **kwargs: object) -> str: ...


def normalise(locale: object) -> str:
    """Map a Discord locale (enum or string, any region) to a catalogue we have."""
    text = str(getattr(locale, "value", locale) or "").lower()
    base = text.split("-")[0]
    return base if base in SUPPORTED else DEFAULT


def register(strings: Mapping[str, Mapping[str, str]]) -> None:
    """Add a catalogue.  A key registered twice with a different text is a bug."""
    for locale, entries in strings.items():
        target = _catalog.setdefault(locale, {})
        for key, text in entries.items():
            if key in target and target[key] != text:
                raise ValueError(f"translation key {key!r} registered twice for {locale!r}")
            target[key] = text


def has(key: str, locale: str = DEFAULT) -> bool:
    return key in _catalog.get(normalise(locale), {}) or key in _catalog[DEFAULT]


def translate(locale: object, key: str, /, **kwargs: object) -> str:
    """Look ``key`` up in ``locale``, falling back to English, then to the key itself.

    Falling back to the key (instead of raising) keeps a missing translation a
    cosmetic bug rather than a crashed interaction; the catalogue tests catch it.
    """
    loc = normalise(locale)
    text = _catalog.get(loc, {}).get(key) or _catalog[DEFAULT].get(key)
    if text is None:
        return key
    try:
        return text.format(**kwargs)
    except (KeyError, IndexError, ValueError):
        return text


class _Bound:
    __slots__ = ("locale",)

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def __call__(self, key: str, /, **kwargs: object) -> str:
        return translate(self.locale, key, **kwargs)


def translator(locale: object) -> Tr:
    return _Bound(normalise(locale))


def catalogue(locale: str) -> Mapping[str, str]:
    return _catalog.get(locale, {})


Formatter = Callable[..., str]


def _register_platform() -> None:
    """The platform's own catalogues load with the layer; games register theirs when loaded."""
    from bot.i18n import core, server

    register(core.STRINGS)
    register(server.STRINGS)


_register_platform()
