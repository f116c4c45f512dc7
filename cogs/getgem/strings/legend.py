"""What every symbol of GETGEM's pictures means (the Details view's legend), merged into :mod:`.strings`.

``SYMBOLS`` is the pictures' own list of what they draw: each symbol, with the
drawing calls of :mod:`cogs.getgem.picture` that make it.  The legend shows one
line per symbol, in this order; ``tests/platform/games/test_legend.py`` fails when the
pictures call a drawing that no symbol here names, or a symbol lacks its words.
"""

from __future__ import annotations

from ..game import ID

SYMBOLS: dict[str, tuple[str, ...]] = {
    "gem": ("icons.gem", "canvas.panel"),
    "element": ("canvas.card",),
    "holder_ring": ("canvas.rounded",),
    "hand": ("icons.hand",),
    "arrows": ("icons.arrows",),
    "pick": ("icons.pick",),
    "dual": ("icons.eye", "icons.shield"),
    "card_back": ("canvas.card_back", "canvas.badge"),
    "crown": ("parts.crown",),
}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.legend.gem": "**Gem** on a card with a coloured band: a gem card in your hand — red fire, blue water, "
        "yellow thunder, purple rainbow (stands in for one), dark purple curse. A slate band: an action card.",
        f"{ID}.legend.element": "**Gold-framed card** with a large gem: an element card (fire, water, thunder). "
        "It never goes into a hand; it counts for its holder's victory check.",
        f"{ID}.legend.holder_ring": "**Ring** in a player's colour on an empty element space: that player holds "
        "this element card (it is shown again in their row).",
        f"{ID}.legend.hand": "**Hand**: Steal (take a random card).",
        f"{ID}.legend.arrows": "**Arrows**: Full Exchange (swap whole hands).",
        f"{ID}.legend.pick": "**Pickaxe**: Excavation Arm (dig a card out of the discard pile).",
        f"{ID}.legend.dual": "**Hand + eye**: Steal & Push / Peeping Draw; **hand + shield**: Steal & Push / "
        "Barrier — one card, you choose which half to use.",
        f"{ID}.legend.card_back": "**Face-down cards** with a number: the deck (cards left) or a player's hand "
        "(how many); ×2 on a card: two of it.",
        f"{ID}.legend.crown": "**Crown**: the winner. A coloured dot before a name: that player's colour; "
        "▶: whose turn it is.",
    },
    "ja": {
        f"{ID}.legend.gem": "色の帯のカードの**宝石**：手札の宝玉カード。赤は炎、青は水、黄は雷、"
        "紫は虹（1種類の代わり）、"
        "濃い紫は呪い。灰色の帯はアクションカードです。",
        f"{ID}.legend.element": "大きな宝石の**金枠のカード**：エレメントカード（炎・水・雷）。"
        "手札には入らず、持ち主の勝利確認に数えます。",
        f"{ID}.legend.holder_ring": "空いたエレメントの場所にある**プレイヤーの色の輪**：そのプレイヤーがこの"
        "エレメントカードを持っています（その人の列にも表示）。",
        f"{ID}.legend.hand": "**手**：スティール（ランダムに1枚取る）。",
        f"{ID}.legend.arrows": "**矢印**：全交換（手札をまるごと交換）。",
        f"{ID}.legend.pick": "**つるはし**：発掘アーム（捨て札から1枚拾う）。",
        f"{ID}.legend.dual": "**手と目**：スティール&押しつけ／ピーピングドロー、**手と盾**：スティール&押しつけ／"
        "バリア。1枚のカードで、使うときにどちらかを選びます。",
        f"{ID}.legend.card_back": "数字付きの**裏向きのカード**：山札（残り枚数）またはプレイヤーの手札（枚数）。"
        "カード右上の枚数表示は同じカードの枚数です。",
        f"{ID}.legend.crown": "**王冠**：勝者。名前の前の色の点はプレイヤーの色、▶はその人の番です。",
    },
}
