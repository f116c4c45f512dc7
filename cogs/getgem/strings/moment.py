
"""The GETGEM channel posts of big moments and the take-back legend (English and Japanese).

Merged into :data:`cogs.getgem.strings.STRINGS`; kept apart so each
catalogue file stays small.  ``getgem.moment.*`` are lines of the posts
:func:`cogs.getgem.render.moment.moment` makes; ``{effect}`` is an action card's
effect with its emoji ("✋ Steal"), ``{cards}`` / ``{hand}`` lists of card names,
``{elems}`` element cards as their emoji.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.moment.steal": "{effect}: **{name}** takes a random card from **{target}**, who does not use a Barrier.",
        f"{ID}.moment.steal_direct": "{effect}: **{name}** takes a random card from **{target}**.",
        f"{ID}.moment.gem3": "💎 **{name}** discards {cards} to take a random card from **{target}**.",
        f"{ID}.moment.steal_none": "{effect}: **{target}** holds no cards, so **{name}** takes nothing.",
        f"{ID}.moment.exchange": "{effect}: **{name}** swaps hands with **{target}**, who does not use a Barrier.",
        f"{ID}.moment.exchange_direct": "{effect}: **{name}** swaps hands with **{target}**, who held no cards.",
        f"{ID}.moment.barrier": "🛡️ **{name}** uses a Barrier: **{by}**'s {effect} is cancelled.",
        f"{ID}.moment.declare": (
            "📣 **{name}** declares victory with {cards}! In each other player's end phase one of them goes back "
            "into **{name}**'s hand; after {left} take-backs comes the victory check."
        ),
        f"{ID}.moment.takeback": "↩️ **{name}** takes back {card} ({left} to go before the victory check).",
        f"{ID}.moment.takeback_last": "↩️ **{name}** takes back {card}, the last declaration card: victory check!",
        f"{ID}.moment.with_elements": "{cards} (element cards held: {elems})",
        f"{ID}.moment.check_win": "🔍 **{name}** reveals {hand}: fire, water and thunder are all there!",
        f"{ID}.moment.check_fail": "🔍 **{name}** reveals {hand}: not all three gems, so the game goes on.",
        f"{ID}.legend.takeback": (
            "↩️ Take-back: in each other player's end phase, a declarer takes one declaration card back into "
            "their hand; after the last one, they reveal their hand (the victory check)."
        ),
        f"{ID}.legend.takeback_you": (
            "↩️ Take-back: in each other player's end phase, one of your declaration cards goes back into your hand; "
            "after the last one, you reveal your hand (the victory check)."
        ),
    },
    "ja": {
        f"{ID}.moment.steal": "{effect}：**{target}**はバリアを使わず、**{name}**が**{target}**の手札からランダムに1枚取りました。",
        f"{ID}.moment.steal_direct": "{effect}：**{name}**が**{target}**の手札からランダムに1枚取りました。",
        f"{ID}.moment.gem3": "💎 **{name}**が{cards}を捨てて、**{target}**の手札からランダムに1枚取りました。",
        f"{ID}.moment.steal_none": "{effect}：**{target}**の手札は0枚なので、**{name}**は何も取れませんでした。",
        f"{ID}.moment.exchange": "{effect}：**{target}**はバリアを使わず、**{name}**と**{target}**の手札がまるごと入れ替わりました。",
        f"{ID}.moment.exchange_direct": "{effect}：**{name}**が、手札0枚の**{target}**と手札を入れ替えました。",
        f"{ID}.moment.barrier": "🛡️ **{name}**がバリアを使い、**{by}**の{effect}を打ち消しました。",
        f"{ID}.moment.declare": (
            "📣 **{name}**が{cards}で勝利宣言！ほかのプレイヤーのエンドフェイズごとに**{name}**が宣言カードを1枚ずつ"
            "手札に戻し、{left}枚戻したら手札を公開して勝利確認です。"
        ),
        f"{ID}.moment.takeback": "↩️ **{name}**が宣言カードの{card}を手札に戻しました（勝利確認まであと{left}枚）。",
        f"{ID}.moment.takeback_last": "↩️ **{name}**が最後の宣言カード（{card}）を手札に戻しました。勝利確認です！",
        f"{ID}.moment.with_elements": "{cards}（持っているエレメントカード：{elems}）",
        f"{ID}.moment.check_win": "🔍 **{name}**が手札を公開：{hand}。炎・水・雷が揃いました！",
        f"{ID}.moment.check_fail": "🔍 **{name}**が手札を公開：{hand}。炎・水・雷が揃わず、ゲームは続きます。",
        f"{ID}.legend.takeback": (
            "↩️ 宣言カードを戻す：ほかのプレイヤーのエンドフェイズごとに、宣言中の人は宣言カードを1枚手札に戻します。"
            "最後の1枚を戻したら手札を公開して勝利確認です。"
        ),
        f"{ID}.legend.takeback_you": (
            "↩️ 宣言カードを戻す：ほかのプレイヤーのエンドフェイズごとに、あなたは宣言カードを1枚手札に戻します。"
            "最後の1枚を戻したら手札を公開して勝利確認です。"
        ),
    },
}
