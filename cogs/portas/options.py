"""PORTAS's rule options: every ``[decision]`` of docs/rules/portas.md a server may change."""

from __future__ import annotations

from bot.engine import RuleOption

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "first_player",
        "random",
        "Who moves first. The source only says 'decide'; we draw at random. "
        "'seat0' lets the first seated player start.",
        ("random", "seat0"),
    ),
    RuleOption(
        "overshoot",
        "illegal",
        "A port may not push a treasure past its value ('illegal'), which is what makes the "
        "source's 'both players can no longer port' end possible. 'allowed': any card goes "
        "on any open treasure; an overshot treasure can never be taken and the game then "
        "ends when both players are out of cards.",
        ("illegal", "allowed"),
    ),
    RuleOption(
        "pass_rule",
        "forced",
        "'forced': you must port if you can and pass (automatically) only if you cannot. "
        "'voluntary': you may also pass while a port is possible.",
        ("forced", "voluntary"),
    ),
    RuleOption(
        "tiebreak",
        "treasures_then_last",
        "Equal scores: more treasures taken wins, then whoever took the last treasure "
        "('treasures_then_last'); or only one of those steps; or 'none' (a draw).",
        ("treasures_then_last", "treasures", "last_taker", "none"),
    ),
)
