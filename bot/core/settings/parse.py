"""A value a manager gave a command, checked against its setting's declaration (or a game's rule option).

Slash commands hand over typed values (a number in range, a role, a choice),
yet a value may also arrive as text (autocomplete, a typed option), so both
are read; anything refused raises a :class:`SettingError` whose code is the
catalogue key the manager reads (``error.setting.<code>``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.core.settings.rules import FALSE_WORDS, TRUE_WORDS, SettingError
from bot.core.settings.schema import CHOICE, DEFAULTS, SPECS, SUBSET, SWITCH, Settings, Spec, read, write


def _switch(text: str) -> bool:
    low = text.strip().lower()
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    raise ValueError(text)


def _refused(spec: Spec, value: Any) -> SettingError:
    bounds = spec.bounds or (None, None)
    return SettingError(spec.error, value=value, level=value, min=bounds[0], max=bounds[1])


def parse(name: str, raw: Any) -> Any:
    """The value of setting ``name`` a command's ``raw`` value means; ``None`` (or ``auto``) means its default."""
    spec = SPECS[name]
    if raw is None or (spec.unset and raw == spec.unset):
        return getattr(DEFAULTS, name)
    if spec.kind == SUBSET:
        values = list(raw) if isinstance(raw, list | tuple | set | frozenset) else [raw]
        unknown = [v for v in values if v not in spec.choices]
        if unknown:
            raise _refused(spec, unknown[0])
        return tuple(c for c in spec.choices if c in values)
    try:
        if spec.kind == CHOICE:
            if raw not in spec.choices:
                raise ValueError(raw)
            return raw
        if spec.kind == SWITCH:
            return raw if isinstance(raw, bool) else _switch(str(raw))
        # a NUMBER or a ROLE
        if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
            raise ValueError(raw)
        number = int(raw)
        if spec.bounds is not None and not spec.bounds[0] <= number <= spec.bounds[1]:
            raise ValueError(raw)
        return number
    except (TypeError, ValueError, OverflowError):
        raise _refused(spec, raw) from None


def change(data: Settings | None, name: str, raw: Any) -> Settings:
    """The stored settings with setting ``name`` set from a command's value (its default: no key); a copy."""
    return write(data, dataclasses.replace(read(data), **{name: parse(name, raw)}))
