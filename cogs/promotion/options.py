"""Promotion's rule options: every docs/rules/promotion.md §2 **[decision]** as one named switch.

Kept apart from the engine so the rules text, the docs page and the tests can
list them without importing the resolution code; :func:`.rules.state.opt` reads one from a state.
"""

from __future__ import annotations

from bot.engine import RuleOption

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "postcard",
        "rules_md_v1",
        "Postcard layout (docs/rules/promotion.md §2 [decision]: the source card exists only as an image; "
        "'rules_md_v1' is docs/rules/promotion.md's reconstruction, 'paired_v1' another with the same properties).",
        choices=("rules_md_v1", "paired_v1"),  # the names of rules.postcard.LAYOUTS (a test checks they agree)
    ),
    RuleOption(
        "down_tie",
        "any",
        "Down! with tied highest cards (docs/rules/promotion.md §2 [decision]): 'any' -- the affected player picks any "
        "tied card, even one with nothing lower (so Down! misses them), as the source's words allow; "
        "'must_move' -- a tied card that can go down must be picked.",
        choices=("any", "must_move"),
    ),
    RuleOption(
        "row1_first",
        False,
        "Source Q&A: by agreement, row-1 picks are revealed and resolved before the other picks are "
        "revealed (so Change! cannot read the others' rows).",
        choices=(True, False),
    ),
    RuleOption(
        "first_parent",
        "random",
        "docs/rules/promotion.md §2 [decision]: the first parent is drawn at random, or is the host (seat 0, whoever "
        "opened the game).",
        choices=("random", "host"),
    ),
    RuleOption(
        "row_suits",
        "dealt",
        "docs/rules/promotion.md, set-up [decision]: the suit of each player's row cards is dealt (the first "
        "parent ♠, then ♥, ♦, ♣ round the table), since with four players and four suits the choice changes nothing; "
        "'chosen' keeps the rulebook's ritual of each choosing one in turn.",
        choices=("dealt", "chosen"),
    ),
    RuleOption(
        "orient_each_round",
        True,
        "docs/rules/promotion.md §2 [decision]: the parent orients the postcard and the player to their right may "
        "turn it 180° every round (True), or only before round 1 as the source describes (False).",
        choices=(True, False),
    ),
    RuleOption(
        "change_pick",
        True,
        "Our reading (the source only says picks are secret and revealed together): a player may change "
        "their row until all four have picked (True), or the first pick is final (False).",
        choices=(True, False),
    ),
    RuleOption(
        "max_rounds",
        200,
        "Not in the source: after this many rounds without a King the game ends as a draw, "
        "so every game terminates.",
        bounds=(1, 1000),
    ),
)
