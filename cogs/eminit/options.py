"""Eminit's Treasure's rule options: every docs/rules/eminit.md **[decision]** and reconstruction as one named switch.

Kept apart from the engine so the rules text, the settings and the tests can list them without
importing the rules; the engine (:mod:`.rules`) re-exports them as ``OPTIONS``.
"""

from __future__ import annotations

from bot.engine import RuleOption

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("hand_size", 5, "Cards dealt to each player at setup [decision: reconstruction].", (3, 4, 5, 6, 7)),
    RuleOption("draw_per_turn", 1, "Cards drawn at the start of a gathering turn [decision].", (1, 2)),
    RuleOption("quota_extra", 2, "Field quota = number of players + this [decision].", (1, 2, 3, 4)),
    RuleOption("hand_limit", 8, "Hand limit at the end of a gathering turn [decision].", (6, 7, 8, 9, 10, 99)),
    RuleOption("points_gold", 1, "金貨 Gold Coin points [decision].", (1, 2, 3)),
    RuleOption("points_ancient", 3, "古代の財宝 Ancient Treasure points [decision].", (2, 3, 4, 5)),
    RuleOption("points_eminit", 5, "エミニットの秘宝 Eminit's Treasure points [decision].", (4, 5, 6, 7, 10)),
    RuleOption("clairvoyance_looks", 2, "透視 Clairvoyance (reconstructed): field cards looked at.", (1, 2, 3)),
    RuleOption("supply_draw", 2, "補充 Supply (reconstructed): cards drawn when cast.", (1, 2, 3)),
    RuleOption("supply_discard", 2, "補充 Supply (reconstructed): cards discarded when acquired.", (1, 2, 3)),
    RuleOption("drop_count", 2, "投下 Drop (reconstructed): deck cards placed when cast.", (1, 2, 3)),
    RuleOption("drop_seen", True, "投下 Drop (reconstructed): the caster sees the cards it places.", (True, False)),
    RuleOption(
        "declarations",
        "live",
        "Contest declarations: 'live' (each face-down declaration seen by all as made; Done; a new one re-opens) "
        "or 'sealed' (hidden, simultaneous) [decision].",
        ("live", "sealed"),
    ),
    RuleOption(
        "big_release",
        "chosen",
        "大放出 Big Release cast: place 'chosen' cards from hand, or the 'whole_hand' [decision].",
        ("chosen", "whole_hand"),
    ),
    RuleOption("first_player", "random", "Who starts: 'random' or the 'host' (seat 1) [decision].", ("random", "host")),
    RuleOption(
        "declare_timeout_s", 30, "Seconds to declare in a contest; then 'declare nothing' [decision].", bounds=(2, 600)
    ),
    RuleOption(
        "max_turns", 500, "Safety cap on turns; reaching it ends the game as a draw ('turn_cap').", bounds=(1, 5000)
    ),
)
