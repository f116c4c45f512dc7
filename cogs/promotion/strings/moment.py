"""The catalogue of the reveal's channel post (:mod:`.render.moment`), merged into :mod:`.strings`.

Kept apart so the main catalogue stays one screenful per language.  The lines
are short on purpose: a post is read in a busy channel, one fact per line.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "promotion.moment.head": "**Round {round}: the reveal**",
    "promotion.moment.head_plain": "**The reveal**",
    "promotion.moment.head_more": "**Round {round}, continued**",
    "promotion.moment.head_more_plain": "**The round, continued**",
    "promotion.moment.picks": "Picks: {picks}",
    "promotion.moment.special": "{icon} {name}: {special} ({order})",
    "promotion.moment.missed": "✖️ {name}: {special} ({order}) missed, its turn had passed",
    "promotion.moment.spin": "the postcard turns 90° clockwise",
    "promotion.moment.keeps": "{name} keeps {card}",
    "promotion.moment.wild_none": "no card can go up",
    "promotion.moment.change": "{name} takes {target}'s {took} and gives {gave}",
    "promotion.moment.row": "Row {row} ({picks})",
    "promotion.moment.clash": "⚔️ {suit} clashed ({names}): those cards stay",
}

JA: dict[str, str] = {
    "promotion.moment.head": "**第{round}ラウンド：選択の公開**",
    "promotion.moment.head_plain": "**選択の公開**",
    "promotion.moment.head_more": "**第{round}ラウンド（続き）**",
    "promotion.moment.head_more_plain": "**ラウンドの続き**",
    "promotion.moment.picks": "選択：{picks}",
    "promotion.moment.special": "{icon} {name}：{special}（{order}）",
    "promotion.moment.missed": "✖️ {name}：{special}（{order}）は発動順が過ぎていて不発",
    "promotion.moment.spin": "ポストカードが時計回りに90°回転",
    "promotion.moment.keeps": "{name}の{card}はそのまま",
    "promotion.moment.wild_none": "上げられるカードなし",
    "promotion.moment.change": "{name}が{target}の{took}を取り、{gave}を渡す",
    "promotion.moment.row": "{row}段目（{picks}）",
    "promotion.moment.clash": "⚔️ {suit}が被って動かず（{names}）",
}
