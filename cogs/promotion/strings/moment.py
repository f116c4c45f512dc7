
"""The catalogue of the reveal's channel post (:mod:`..render.moment`), merged into the package's ``STRINGS``.

Kept apart so the main catalogue stays one screenful per language.  The lines
are short on purpose: a post is read in a busy channel, one fact per line.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.moment.head": "**Round {round}: the reveal**",
        f"{ID}.moment.head_plain": "**The reveal**",
        f"{ID}.moment.head_more": "**Round {round}, continued**",
        f"{ID}.moment.head_more_plain": "**The round, continued**",
        f"{ID}.moment.picks": "Picks: {picks}",
        f"{ID}.moment.special": "{icon} {name}: {special} ({order})",
        f"{ID}.moment.missed": "✖️ {name}: {special} ({order}) missed, its turn had passed",
        f"{ID}.moment.spin": "the postcard turns 90° clockwise",
        f"{ID}.moment.keeps": "{name} keeps {card}",
        f"{ID}.moment.wild_none": "no card can go up",
        f"{ID}.moment.change": "{name} takes {target}'s {took} and gives {gave}",
        f"{ID}.moment.row": "Row {row} ({picks})",
        f"{ID}.moment.clash": "⚔️ {suit} clashed ({names}): those cards stay",
    },

    "ja": {
        f"{ID}.moment.head": "**第{round}ラウンド：選択の公開**",
        f"{ID}.moment.head_plain": "**選択の公開**",
        f"{ID}.moment.head_more": "**第{round}ラウンド（続き）**",
        f"{ID}.moment.head_more_plain": "**ラウンドの続き**",
        f"{ID}.moment.picks": "選択：{picks}",
        f"{ID}.moment.special": "{icon} {name}：{special}（{order}）",
        f"{ID}.moment.missed": "✖️ {name}：{special}（{order}）は発動順が過ぎていて不発",
        f"{ID}.moment.spin": "ポストカードが時計回りに90°回転",
        f"{ID}.moment.keeps": "{name}の{card}はそのまま",
        f"{ID}.moment.wild_none": "上げられるカードなし",
        f"{ID}.moment.change": "{name}が{target}の{took}を取り、{gave}を渡す",
        f"{ID}.moment.row": "{row}段目（{picks}）",
        f"{ID}.moment.clash": "⚔️ {suit}が被って動かず（{names}）",
    },
}
