"""Eminit's rule option values in words, for the lobby and ``/game settings`` (merged into the package's ``STRINGS``).

The platform names a choice by ``eminit.option.<name>.<value>`` (the keys every
game declares, :func:`bot.core.games.catalogue_keys`); the long sentences the
rules page says of each value stay beside the rules (``strings.rules``).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "eminit.option.declarations.live": "live (seen as made)",
    "eminit.option.declarations.sealed": "sealed (revealed together)",
    "eminit.option.big_release.chosen": "cards you choose",
    "eminit.option.big_release.whole_hand": "your whole hand",
    "eminit.option.first_player.random": "random",
    "eminit.option.first_player.host": "the host",
}

JA: dict[str, str] = {
    "eminit.option.declarations.live": "公開（その場で見える）",
    "eminit.option.declarations.sealed": "非公開（まとめて公開）",
    "eminit.option.big_release.chosen": "選んだカード",
    "eminit.option.big_release.whole_hand": "手札すべて",
    "eminit.option.first_player.random": "ランダム",
    "eminit.option.first_player.host": "ホスト",
}
