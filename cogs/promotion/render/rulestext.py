"""``/game rules promotion``: a first page that teaches in a minute, then the details and our readings.

Both pages are built from the options of *this* game (or server), so a player
reads the orientation, the reveal, the Down! tie rule, the postcard table...
that actually apply, not the defaults.  The first page stays under 1,500
characters and the second under Discord's 4,000 (tested in both languages).
"""

from __future__ import annotations

from bot.engine import JSON
from bot.i18n import Tr

from ..game import ID
from ..rules import postcard
from ..rules.postcard import SPECIAL_NAME
from ..rules.state import DEFAULTS
from .words import pair

_SWITCHES = ("down_tie", "row1_first", "first_parent", "row_suits", "orient_each_round", "change_pick")
"""Options whose reading is one sentence per value (``promotion.reading.<name>.<value>``)."""


def postcard_table(layout: str, tr: Tr) -> str:
    """The sides of ``layout`` as text lines; symbols are universal, the punctuation is the reader's."""
    return "\n".join(
        tr(
            f"{ID}.rules.postcard_side",
            side=side.letter,
            special=SPECIAL_NAME[side.special],
            order=side.order,
            **{f"row{row}": pair(side.row(row)) for row in (2, 3, 4)},
        )
        for side in postcard.LAYOUTS[layout]
    )


def _value(value: JSON) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


FIRST_PAGE = (
    f"{ID}.rules", f"{ID}.teach.setup", f"{ID}.teach.round", f"{ID}.teach.orient",
    f"{ID}.teach.pick", f"{ID}.teach.reveal", f"{ID}.teach.row1", f"{ID}.teach.rows",
    f"{ID}.teach.end",
)
"""The statements of the first page, in order; orient, pick and reveal are said by the variant of the option in force
(``promotion.teach.orient.on``…, the set-up by ``row_suits``).  Each is checked against the engine
(tests/promotion/first_page_checks.py) and explained by the tutorial (cogs/promotion/tutorial.py)."""


def teach(tr: Tr, opts: dict[str, JSON]) -> str:
    """The first page: goal, set-up, a round, the end -- only what applies under ``opts``.

    A sentence that is our reading rather than the rulebook's carries
    ``promotion.teach.ours``, as docs/rules/promotion.md marks its [decision]s.
    """
    ours = tr(f"{ID}.teach.ours")
    orient = tr(f"{ID}.teach.orient.on") + ours if opts["orient_each_round"] else tr(f"{ID}.teach.orient.off")
    pick = tr(f"{ID}.teach.pick.change") + ours if opts["change_pick"] else tr(f"{ID}.teach.pick.once")
    reveal = tr(f"{ID}.teach.reveal.row1_first" if opts["row1_first"] else f"{ID}.teach.reveal.together")
    setup = tr(f"{ID}.teach.setup.dealt" if opts["row_suits"] == "dealt" else f"{ID}.teach.setup")
    return "\n".join(
        (
            tr(f"{ID}.rules"),
            setup,
            tr(f"{ID}.teach.round"),
            orient,
            pick,
            reveal,
            tr(f"{ID}.teach.row1"),
            tr(f"{ID}.teach.rows"),
            tr(f"{ID}.teach.end", rounds=opts["max_rounds"]) + ours,
            tr(f"{ID}.teach.more"),
        )
    )


def rules_text(tr: Tr, options: dict[str, JSON] | None = None) -> tuple[str, str]:
    """(the first page, the details and our readings with the current option values) for ``options``."""
    opts = {**DEFAULTS, **(options or {})}
    layout = str(opts["postcard"])
    readings = [tr(f"{ID}.rules.details"), tr(f"{ID}.rules.readings"), tr(f"{ID}.reading.seats")]
    readings.append(
        tr(f"{ID}.reading.postcard", layout=tr(f"{ID}.option.postcard.{layout}"))
        + "\n"
        + postcard_table(layout, tr)
    )
    readings += [tr(f"{ID}.reading.{name}.{_value(opts[name])}") for name in _SWITCHES]
    readings.append(tr(f"{ID}.reading.max_rounds", rounds=opts["max_rounds"]))
    return teach(tr, opts), "\n".join(readings)
