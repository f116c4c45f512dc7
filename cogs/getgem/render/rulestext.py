"""GETGEM's ``/game rules`` pages, worded with the rule options in force in this server.

Split from :mod:`.render` (which re-exports :func:`rules_text` for the render
contract): the rules are read before a game, from options alone, and share
nothing with the board or the DMs.  Every number a player
reads here (the deck, the match target, the turn cap, the Barrier timeout)
comes from the options, so a server's settings are never misquoted.
"""

from __future__ import annotations

from typing import Any

from ..cards import DEFAULT_COUNTS, EMOJI, TYPES, count_option
from ..game import ID
from .words import Tr


def _deck_line(tr: Tr, options: dict[str, Any]) -> str:
    counts = {t: int(options.get(count_option(t), DEFAULT_COUNTS[t])) for t in TYPES}
    total = sum(counts.values())
    listed = " ".join(tr(f"{ID}.reading.count_item", emoji=EMOJI[t], n=counts[t]) for t in TYPES)
    key = f"{ID}.reading.deck" if total == sum(DEFAULT_COUNTS.values()) else f"{ID}.reading.deck_other"
    return tr(key, counts=listed, total=total)


def _switch(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


FIRST_PAGE = (f"{ID}.rules", f"{ID}.teach.setup", f"{ID}.teach.cards", f"{ID}.teach.turn", f"{ID}.teach.end")
"""The statements of the first page, in order: what a newcomer needs for a first game.

Each is checked against the engine (``tests/getgem/first_page_checks.py``) and explained by
the tutorial (``cogs/getgem/tutorial.py``); the option-dependent words appended to a statement belong to it.
"""


def teach(tr: Tr, options: dict[str, Any]) -> str:
    """The first page: goal, set-up, the cards, a turn, the end, with the first player, match and turn cap in force."""
    ours = tr(f"{ID}.teach.ours")
    first = tr(f"{ID}.teach.first.{options['first_player']}") + (ours if options["first_player"] == "random" else "")
    match = tr(f"{ID}.teach.match.{_switch(options['match_play'])}", target=options["match_target"])
    after = {
        f"{ID}.teach.setup": first,
        f"{ID}.teach.end": match + tr(f"{ID}.teach.max_turns", turns=options["max_turns"]) + ours,
    }
    return "\n".join([*(tr(key) + after.get(key, "") for key in FIRST_PAGE), tr(f"{ID}.teach.more")])


def rules_text(tr: Tr, options: dict[str, Any]) -> tuple[str, str]:
    """(the first page, the cards and our readings with the current option values) for ``/game rules``.

    ``options`` is a resolved options dict; every number a player reads (the
    match target, the turn cap, the Barrier timeout, the deck) comes from it.
    """
    lines = [tr(f"{ID}.rules.cards"), tr(f"{ID}.rules.readings"), _deck_line(tr, options)]
    switches = ("first_player", "push_onto_empty", "push_optional", "same_phase_win", "redeclare", "limit_first")
    for name in (*switches, "arm_self", "peep_barred_counts"):
        lines.append(tr(f"{ID}.reading.{name}.{_switch(options[name])}"))
    lines += [
        tr(f"{ID}.reading.barrier", timeout=options["barrier_timeout_s"]),
        tr(f"{ID}.reading.max_turns", turns=options["max_turns"]),
        tr(f"{ID}.reading.match_play.{_switch(options['match_play'])}", target=options["match_target"]),
        tr(f"{ID}.reading.buttons"),
    ]
    return teach(tr, options), "\n".join(lines)
