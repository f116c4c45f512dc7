"""The first rules page's statement of GETGEM's three kinds of card, merged into :mod:`.strings`.

A newcomer's first question: which cards are gems to collect, which are the
element cards in the centre, and why one card shows two effects.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.teach.cards": (
            "**Cards.** **Gems** (🔥 fire, 💧 water, ⚡ thunder, 🌈, 💀) go in your hand. "
            "The **element cards** never enter a hand or the deck: their holder counts that gem at every "
            "check. **Action cards** (✋ Steal, 🔄 Full Exchange, ⛏️ Excavation Arm) are played for their effect; "
            "two have two halves, you pick one as you play: 🫴 Steal & Push / 👁️ Peeping Draw, 🫴 Steal & Push / "
            "🛡️ Barrier (cancels an action card aimed at you)."
        ),
    },
    "ja": {
        f"{ID}.teach.cards": (
            "**カード** **宝玉カード**（🔥炎、💧水、⚡雷、🌈虹、💀呪い）は手札に集めるカードです。3枚の"
            "**エレメントカード**🔥💧⚡は手札にも山札にも入らず、持っている人はいつでもその宝玉を持つものとして"
            "勝利確認に数えます。**アクションカード**は使って効果を得ます：✋スティール、🔄全交換、⛏️発掘アーム、"
            "そして効果が2つあり使うときにどちらかを選ぶ2種類、🫴スティール&押しつけ／👁️ピーピングドローと、"
            "🫴スティール&押しつけ／🛡️バリア（バリアは自分が対象のアクションカードを無効にします）。"
        ),
    },
}
