"""The one translation layer: every user-facing string is looked up here.

Catalogues are plain ``{locale: {key: format string}}`` dicts.  The platform's
own strings live in :mod:`bot.i18n.core`; each game registers its own
(``cogs/<game>/strings.py``) under keys prefixed with the game id.  Messages are
``str.format`` templates with named fields.

Locales are Discord's (``"ja"``, ``"en-US"``, ``"en-GB"``); we store ``ja`` and
``en`` and map every other locale to English.

Texts that name a slash command write it as ``{cmd.game.reset}``: the field is
filled with the command as the reader's client shows it (``/game reset`` in
English, ``/ゲーム リセット`` in Japanese), because Discord renames commands
per locale and a Japanese text naming ``/game reset`` sends players looking for
a command their client does not list.
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


_SHARED_SUBCOMMANDS = {"new": "cmd.new", "hand": "cmd.game.hand", "learn": "cmd.learn"}
"""Subcommands every game group has (:class:`bot.frontend.slash.gamecog.GameCog`), named by platform keys."""


def _text(loc: str, key: str) -> str | None:
    return _catalog.get(loc, {}).get(key) or _catalog[DEFAULT].get(key)


def _command_word(loc: str, parts: list[str]) -> str:
    """One word of a command path: its ``cmd.<path>`` name, a game group's shared subcommand, or as written.

    Game groups (``portas``...) are named by ``cmd.<game>`` in the game's own
    catalogue, like ``/game`` is by ``cmd.game`` (:mod:`bot.frontend.ui.slash`
    localises them from the same keys); a word without a key is shown as written.
    """
    own = _text(loc, "cmd." + ".".join(parts))
    if own is not None:
        return own
    shared = _SHARED_SUBCOMMANDS.get(parts[-1]) if len(parts) > 1 else None
    return (_text(loc, shared) if shared else None) or parts[-1]


def command_path(locale: object, path: str) -> str:
    """``"game.reset"`` -> ``/game reset`` or ``/ゲーム リセット``: a command as the reader's client lists it."""
    loc = normalise(locale)
    parts = path.split(".")
    return "/" + " ".join(_command_word(loc, parts[: i + 1]) for i in range(len(parts)))


class _Command:
    """The ``cmd`` field of a text: ``{cmd.game.reset}`` formats as :func:`command_path` of ``game.reset``."""

    __slots__ = ("_locale", "_parts")

    def __init__(self, locale: str, parts: tuple[str, ...] = ()) -> None:
        self._locale = locale
        self._parts = parts

    def __getattr__(self, name: str) -> _Command:
        if name.startswith("_"):
            raise AttributeError(name)
        return _Command(self._locale, (*self._parts, name))

    def __format__(self, spec: str) -> str:
        return format(command_path(self._locale, ".".join(self._parts)), spec)

    def __str__(self) -> str:
        return command_path(self._locale, ".".join(self._parts))


def translate(locale: object, key: str, /, **kwargs: object) -> str:
    """Look ``key`` up in ``locale``, falling back to English, then to the key itself.

    Falling back to the key (instead of raising) keeps a missing translation a
    cosmetic bug rather than a crashed interaction; the catalogue tests catch it.
    Fields a text does not use are ignored (``str.format`` semantics), so a
    caller may pass details a translation chooses not to show.
    """
    return _translate(normalise(locale), key, kwargs)


def _translate(loc: str, key: str, kwargs: dict[str, object]) -> str:
    """:func:`translate` for a locale already normalised (a bound translator's: ~30 look-ups a screen)."""
    text = _text(loc, key)
    if text is None:
        return key
    try:
        if "{cmd." in text:  # only the few texts naming a command pay for the field
            return text.format(**{"cmd": _Command(loc), **kwargs})
        return text.format(**kwargs)
    except (KeyError, IndexError, ValueError, AttributeError):
        return text


def counted(tr: Tr, key: str, n: float, /, **kwargs: object) -> str:
    """``key.one`` when ``n`` is 1, else ``key.other``, with ``n`` among the fields: English says "1 pt", "2 pts".

    Japanese has no plural, so its two texts are the same; both exist so that
    every key has a text in every catalogue (the catalogue tests check it).
    """
    return tr(f"{key}.one" if n == 1 else f"{key}.other", n=n, **kwargs)


class _Bound:
    __slots__ = ("locale",)

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def __call__(self, key: str, /, **kwargs: object) -> str:
        return _translate(self.locale, key, kwargs)


def translator(locale: object) -> Tr:
    return _Bound(normalise(locale))


def catalogue(locale: str) -> Mapping[str, str]:
    return _catalog.get(locale, {})


Formatter = Callable[..., str]


def _register_platform() -> None:
    """The platform's own catalogues load with the layer; games register theirs when loaded."""
    from bot.i18n import (
        core,
        hardening,
        learning,
        pace,
        ratings,
        seats_and_results,
        server,
        settings_errors,
        stand_ins,
        words,
    )

    register(core.STRINGS)
    register(server.STRINGS)
    register(hardening.STRINGS)
    register(words.STRINGS)
    register(ratings.STRINGS)
    register(seats_and_results.STRINGS)
    for strings in learning.CATALOGUES:
        register(strings)
    register(pace.STRINGS)
    register(settings_errors.STRINGS)
    register(stand_ins.STRINGS)


_register_platform()
