"""Eminit's rules pages (``/game rules``): the first page that teaches, then the rulebook and our readings."""

from __future__ import annotations

from bot.i18n import Tr

from ..game import ID


def _option_value(name: str, value: object, tr: Tr) -> str:
    if isinstance(value, bool):
        return tr(f"{ID}.reading.on" if value else f"{ID}.reading.off")
    if isinstance(value, str):
        return tr(f"{ID}.reading.{name}.{value}")
    return str(value)


FIRST_PAGE = (
    f"{ID}.rules", f"{ID}.first.source", f"{ID}.first.setup", f"{ID}.first.gathering", f"{ID}.first.scramble",
    f"{ID}.first.unclaimed", f"{ID}.first.receive", f"{ID}.first.end",
)
"""The statements of the first page, in order: each is checked against the engine (tests/eminit/first_page_checks.py),
and explained by the tutorial (cogs/eminit/tutorial.py, which takes its statements from here)."""


def rules_text(tr: Tr, options: dict) -> tuple[str, str]:
    """(the first page that teaches, then what the rulebook says and our readings), with ``options``' values.

    ``options`` is a resolved options dict (every rule option present), so the
    readings show the table's or server's actual settings.
    """
    values = {name: _option_value(name, value, tr) for name, value in options.items()}
    first = "\n".join([*(tr(key, **values) for key in FIRST_PAGE), tr(f"{ID}.first.more")])
    return first, tr(f"{ID}.rules.source") + "\n" + tr(f"{ID}.rules.readings", **values)
