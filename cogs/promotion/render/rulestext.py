"""``/promotion rules``: the rules in two parts, what the rulebook says and what we read into it.

The second part is built from the options of *this* game (or server), so a
player reads the Down! tie rule, the postcard table, the round limit... that
actually apply, not the defaults.  Both parts stay under Discord's limits
(≤ 3,500 characters each; tested in both languages).
"""

from __future__ import annotations

from bot.engine import JSON
from bot.i18n import Tr

from .. import postcard
from ..options import DEFAULTS
from ..postcard import SPECIAL_NAME
from .words import pair

_SWITCHES = ("down_tie", "row1_first", "first_parent", "orient_each_round")
"""Options whose reading is one sentence per value (``promotion.rules.reading.<name>.<value>``)."""


def postcard_table(layout: str) -> str:
    """The sides of ``layout`` as text lines (symbols read the same in every language)."""
    return "\n".join(
        f"{side.letter}: 1 {SPECIAL_NAME[side.special]} ({side.order}) | "
        + " | ".join(f"{row} {pair(side.row(row))}" for row in (2, 3, 4))
        for side in postcard.LAYOUTS[layout]
    )


def _value(value: JSON) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def rules_text(tr: Tr, options: dict[str, JSON] | None = None) -> tuple[str, str]:
    """(from the rulebook, our readings with the current option values) for ``options`` (resolved)."""
    opts = {**DEFAULTS, **(options or {})}
    layout = str(opts["postcard"])
    readings = [tr("promotion.rules.readings"), tr("promotion.rules.reading.seats")]
    readings.append(
        tr("promotion.rules.reading.postcard", layout=tr(f"promotion.option.postcard.{layout}"))
        + "\n"
        + postcard_table(layout)
    )
    readings += [tr(f"promotion.rules.reading.{name}.{_value(opts[name])}") for name in _SWITCHES]
    readings.append(tr("promotion.rules.reading.max_rounds", rounds=opts["max_rounds"]))
    return tr("promotion.rules"), "\n".join(readings)
