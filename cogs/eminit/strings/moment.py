
"""Eminit's Treasure: the post each contest leaves in the channel (``render.moment``).

Split from ``strings`` by concern.  A bold heading (the flipped card), the
declarations numbered in resolution order with what each did, and an arrow
line for who receives the card.  Every text names only what the rules have
made public by then.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.moment.heading": "**⚔️ Contest for #{slot}: {card}** · flipped by {who}",
        f"{ID}.moment.heading_extra": "**⚔️ Contest for #{slot}: {card}** · flipped by {who} (False Info from {by})",
        f"{ID}.moment.order": "Declarations, in resolution order:",
        f"{ID}.moment.nobody": "Nobody declared.",
        f"{ID}.moment.decl.suck": "{who}: **Suck** — claims the card",
        f"{ID}.moment.decl.reflect": "{who}: **Reflect** → sends the card to {target}",
        f"{ID}.moment.decl.nullify": "{who}: **Nullify** — cancels every declaration after it",
        f"{ID}.moment.decl.false_info": "{who}: **False Info** → #{slot} is flipped next",
        f"{ID}.moment.decl.no_target": "{who}: **False Info** — no field card to point at, no effect",
        f"{ID}.moment.decl.bluff": "{who}: **{decl}** — a bluff, no effect",
        f"{ID}.moment.decl.nullified": "{who}: **{decl}** — nullified, no effect",
        f"{ID}.moment.scored": "→ {card} goes to **{who}** (+{points})",
        f"{ID}.moment.hand": "→ {card} goes to **{who}**, into their hand",
        f"{ID}.moment.effect.time_skip": "→ {card} goes to **{who}**: their next turn is skipped",
        f"{ID}.moment.effect.big_release": "→ {card} goes to **{who}**: they name an interrupt and discard every copy of it from their hand",
        f"{ID}.moment.effect.supply": "→ {card} goes to **{who}**: they discard {count} from their hand",
        f"{ID}.moment.effect": "→ {card} goes to **{who}**: its effect happens",
        f"{ID}.moment.effect_none": "→ {card} goes to **{who}**: no effect",
        f"{ID}.moment.interrupt": "**⚔️ #{slot}: {card}** · flipped by {who}\nAn interrupt on the field goes to the discard pile: nobody receives it, and {who} flips another card.",
        f"{ID}.moment.interrupt_last": "**⚔️ #{slot}: {card}** · flipped by {who}\nAn interrupt on the field goes to the discard pile: nobody receives it. It was the last field card.",
    },

    "ja": {
        f"{ID}.moment.heading": "**⚔️ #{slot}の争奪：{card}**（{who}がめくったカード）",
        f"{ID}.moment.heading_extra": "**⚔️ #{slot}の争奪：{card}**（{by}の偽情報で{who}がめくったカード）",
        f"{ID}.moment.order": "宣言（解決した順）：",
        f"{ID}.moment.nobody": "誰も宣言しませんでした。",
        f"{ID}.moment.decl.suck": "{who}：**吸引** — カードを自分のものにする",
        f"{ID}.moment.decl.reflect": "{who}：**反射** → カードを{target}に渡す",
        f"{ID}.moment.decl.nullify": "{who}：**無効化** — 以後の宣言をすべて打ち消す",
        f"{ID}.moment.decl.false_info": "{who}：**偽情報** → 次に#{slot}をめくる",
        f"{ID}.moment.decl.no_target": "{who}：**偽情報** — 指定できる場のカードがなく、効果なし",
        f"{ID}.moment.decl.bluff": "{who}：**{decl}** — ブラフ、効果なし",
        f"{ID}.moment.decl.nullified": "{who}：**{decl}** — 無効化され、効果なし",
        f"{ID}.moment.scored": "→ {card}は**{who}**のもの（+{points}点）",
        f"{ID}.moment.hand": "→ {card}は**{who}**の手札へ",
        f"{ID}.moment.effect.time_skip": "→ {card}は**{who}**のもの：次の番が飛ばされる",
        f"{ID}.moment.effect.big_release": "→ {card}は**{who}**のもの：割込カードを1種類選び、手札にある同名のカードをすべて捨てる",
        f"{ID}.moment.effect.supply": "→ {card}は**{who}**のもの：手札を{count}枚捨てる",
        f"{ID}.moment.effect": "→ {card}は**{who}**のもの：効果が発動する",
        f"{ID}.moment.effect_none": "→ {card}は**{who}**のもの：効果なし",
        f"{ID}.moment.interrupt": "**⚔️ #{slot}：{card}**（{who}がめくったカード）\n場にあった割込カードは捨て札になり、誰も受け取りません。{who}がもう1枚めくります。",
        f"{ID}.moment.interrupt_last": "**⚔️ #{slot}：{card}**（{who}がめくったカード）\n場にあった割込カードは捨て札になり、誰も受け取りません。場のカードはこれで最後でした。",
    },
}
