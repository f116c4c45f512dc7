# ruff: noqa: E501  (catalogue lines, like every strings.py)
"""Eminit's Treasure: the post each contest leaves in the channel (``render.moment``).

Split from ``strings`` by concern.  A bold heading (the flipped card), the
declarations numbered in resolution order with what each did, and an arrow
line for who receives the card.  Every text names only what the rules have
made public by then.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "eminit.moment.heading": "**⚔️ Contest for #{slot}: {card}** · flipped by {who}",
    "eminit.moment.heading_extra": "**⚔️ Contest for #{slot}: {card}** · flipped by {who} (False Info from {by})",
    "eminit.moment.order": "Declarations, in resolution order:",
    "eminit.moment.nobody": "Nobody declared.",
    "eminit.moment.decl.suck": "{who}: **Suck** — claims the card",
    "eminit.moment.decl.reflect": "{who}: **Reflect** → sends the card to {target}",
    "eminit.moment.decl.nullify": "{who}: **Nullify** — cancels every declaration after it",
    "eminit.moment.decl.false_info": "{who}: **False Info** → #{slot} is flipped next",
    "eminit.moment.decl.no_target": "{who}: **False Info** — no field card to point at, no effect",
    "eminit.moment.decl.bluff": "{who}: **{decl}** — a bluff, no effect",
    "eminit.moment.decl.nullified": "{who}: **{decl}** — nullified, no effect",
    "eminit.moment.scored": "→ {card} goes to **{who}** (+{points})",
    "eminit.moment.hand": "→ {card} goes to **{who}**, into their hand",
    "eminit.moment.effect.time_skip": "→ {card} goes to **{who}**: their next turn is skipped",
    "eminit.moment.effect.big_release": "→ {card} goes to **{who}**: they name an interrupt and discard every copy of it from their hand",
    "eminit.moment.effect.supply": "→ {card} goes to **{who}**: they discard {count} from their hand",
    "eminit.moment.effect": "→ {card} goes to **{who}**: its effect happens",
    "eminit.moment.effect_none": "→ {card} goes to **{who}**: no effect",
    "eminit.moment.interrupt": "**⚔️ #{slot}: {card}** · flipped by {who}\nAn interrupt on the field goes to the discard pile: nobody receives it, and {who} flips another card.",
    "eminit.moment.interrupt_last": "**⚔️ #{slot}: {card}** · flipped by {who}\nAn interrupt on the field goes to the discard pile: nobody receives it. It was the last field card.",
}

JA: dict[str, str] = {
    "eminit.moment.heading": "**⚔️ #{slot}の争奪：{card}**（{who}がめくったカード）",
    "eminit.moment.heading_extra": "**⚔️ #{slot}の争奪：{card}**（{by}の偽情報で{who}がめくったカード）",
    "eminit.moment.order": "宣言（解決した順）：",
    "eminit.moment.nobody": "誰も宣言しませんでした。",
    "eminit.moment.decl.suck": "{who}：**吸引** — カードを自分のものにする",
    "eminit.moment.decl.reflect": "{who}：**反射** → カードを{target}に渡す",
    "eminit.moment.decl.nullify": "{who}：**無効化** — 以後の宣言をすべて打ち消す",
    "eminit.moment.decl.false_info": "{who}：**偽情報** → 次に#{slot}をめくる",
    "eminit.moment.decl.no_target": "{who}：**偽情報** — 指定できる場のカードがなく、効果なし",
    "eminit.moment.decl.bluff": "{who}：**{decl}** — ブラフ、効果なし",
    "eminit.moment.decl.nullified": "{who}：**{decl}** — 無効化され、効果なし",
    "eminit.moment.scored": "→ {card}は**{who}**のもの（+{points}点）",
    "eminit.moment.hand": "→ {card}は**{who}**の手札へ",
    "eminit.moment.effect.time_skip": "→ {card}は**{who}**のもの：次の番が飛ばされる",
    "eminit.moment.effect.big_release": "→ {card}は**{who}**のもの：割込カードを1種類選び、手札にある同名のカードをすべて捨てる",
    "eminit.moment.effect.supply": "→ {card}は**{who}**のもの：手札を{count}枚捨てる",
    "eminit.moment.effect": "→ {card}は**{who}**のもの：効果が発動する",
    "eminit.moment.effect_none": "→ {card}は**{who}**のもの：効果なし",
    "eminit.moment.interrupt": "**⚔️ #{slot}：{card}**（{who}がめくったカード）\n場にあった割込カードは捨て札になり、誰も受け取りません。{who}がもう1枚めくります。",
    "eminit.moment.interrupt_last": "**⚔️ #{slot}：{card}**（{who}がめくったカード）\n場にあった割込カードは捨て札になり、誰も受け取りません。場のカードはこれで最後でした。",
}
