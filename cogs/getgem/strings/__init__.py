"""GETGEM's catalogue: each topic's English and Japanese texts, merged into :data:`STRINGS`.

The platform registers :data:`STRINGS` when the game loads; the guided first
game's lines (:mod:`.tutorial`) are registered by ``bot.core.tutorial`` when a
tutorial first starts.
"""

from __future__ import annotations

from . import base, first, legend, moment, options, outcome, picture, reveal, rules

STRINGS: dict[str, dict[str, str]] = {
    locale: {
        **base.STRINGS[locale],
        **rules.RULES_STRINGS[locale],
        **options.OPTIONS_STRINGS[locale],
        **moment.MOMENT_STRINGS[locale],
        **picture.PICTURE_STRINGS[locale],
        **outcome.OUTCOME_STRINGS[locale],
        **legend.LEGEND_STRINGS[locale],
        **first.FIRST_STRINGS[locale],
        **(reveal.EN if locale == "en" else reveal.JA),
    }
    for locale in base.STRINGS
}
