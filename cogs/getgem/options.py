"""GETGEM rule options (docs/rules/getgem.md §3): every [decision] a server can switch, with its default.

Kept apart from the engine so the catalogue, the rules text and the docs can
name them without importing the turn flow.  Numeric options without a list of
choices carry bounds (checked once, in :func:`bot.engine.resolve_options`).
"""

from __future__ import annotations

from bot.engine import RuleOption

from .cards import DEFAULT_COUNTS, TYPES, count_option

COUNT_DOCS = {
    "fire": "Fire gem cards (炎の宝玉)",
    "water": "Water gem cards (水の宝玉)",
    "thunder": "Thunder gem cards (雷の宝玉)",
    "rainbow": "Rainbow gem cards (虹の宝玉), wild unless you hold a curse",
    "curse": "Curse gem cards (呪いの宝玉), never discardable",
    "steal": "Steal cards (スティール)",
    "exchange": "Full Exchange cards (全交換)",
    "arm": "Excavation Arm cards (発掘アーム)",
    "push_peep": "Steal & Push / Peeping Draw cards",
    "push_barrier": "Steal & Push / Barrier cards",
}

COUNT_OPTIONS: tuple[RuleOption, ...] = tuple(
    RuleOption(count_option(t), DEFAULT_COUNTS[t], f"[decision] {COUNT_DOCS[t]}", tuple(range(0, 9))) for t in TYPES
)
"""One rule option per card type (docs/rules/getgem.md §3 [decision]: the counts), 0–8 each."""

OPTIONS: tuple[RuleOption, ...] = (
    *COUNT_OPTIONS,
    RuleOption(
        "barrier_timeout_s",
        20,
        "Seconds a Barrier prompt waits before answering 'no' (read by the platform; the engine has no clock)",
        (5, 10, 15, 20, 30, 45, 60, 90, 120),
    ),
    RuleOption(
        "max_turns",
        200,
        "Not in the source: turns after which the game (in match play: the match) ends as a draw",
        bounds=(1, 2000),
    ),
    RuleOption("match_play", False, "Play a match of games: 10 − 3 × rainbows per win", (False, True)),
    RuleOption("match_target", 10, "Match points that win the match", (5, 10, 15, 20, 30)),
    RuleOption(
        "first_player",
        "random",
        "[decision] Who starts the first game: the source says 'by rock-paper-scissors or the like'; "
        "'random' draws, 'host' lets the first seat (the host) start",
        ("random", "host"),
    ),
    RuleOption(
        "push_onto_empty",
        True,
        "[decision] Steal & Push may target a player with an empty hand: nothing is taken, the push still happens",
        (True, False),
    ),
    RuleOption(
        "push_optional",
        False,
        "[decision] The push of Steal & Push may be skipped (source: '押しつけることができます')",
        (False, True),
    ),
    RuleOption(
        "same_phase_win",
        "shared",
        "[decision] Several declarers passing their check in one end phase: 'shared' win "
        "(all take back at once), or 'seat_order' (the first from the turn player's left wins)",
        ("shared", "seat_order"),
    ),
    RuleOption(
        "redeclare",
        False,
        "[decision] Allow declaring again while your declaration cards are still out",
        (False, True),
    ),
    RuleOption(
        "arm_self",
        False,
        "[decision] Excavation Arm may dig itself up (played cards go to the discard 'at once', so a literal "
        "reading allows it; off by default: the Arm is not yet in the pile while it digs)",
        (False, True),
    ),
    RuleOption(
        "peep_barred_counts",
        True,
        "[decision] A Peeping Draw cancelled by a Barrier still uses up the turn's one Peeping Draw",
        (True, False),
    ),
    RuleOption(
        "limit_first",
        False,
        "[decision] Check the 7-card hand limit before the declaration instead of after it",
        (False, True),
    ),
)
