
"""Eminit's rule option values in words, for the lobby and ``/game settings`` (merged into the package's ``STRINGS``).

The platform names a choice by ``eminit.option.<name>.<value>`` (the keys every
game declares, :func:`bot.core.games.catalogue_keys`); the long sentences the
rules page says of each value stay beside the rules (``strings.rules``).
"""

from __future__ import annotations

from ..game import ID

EN: dict[str, str] = {
    f"{ID}.option.declarations.live": "live (seen as made)",
    f"{ID}.option.declarations.sealed": "sealed (revealed together)",
    f"{ID}.option.big_release.chosen": "cards you choose",
    f"{ID}.option.big_release.whole_hand": "your whole hand",
    f"{ID}.option.first_player.random": "random",
    f"{ID}.option.first_player.host": "the host",
}

JA: dict[str, str] = {
    f"{ID}.option.declarations.live": "公開（その場で見える）",
    f"{ID}.option.declarations.sealed": "非公開（まとめて公開）",
    f"{ID}.option.big_release.chosen": "選んだカード",
    f"{ID}.option.big_release.whole_hand": "手札すべて",
    f"{ID}.option.first_player.random": "ランダム",
    f"{ID}.option.first_player.host": "ホスト",
}
