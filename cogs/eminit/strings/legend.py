
"""What every symbol of Eminit's pictures means (the Details view's legend), merged into the package's ``STRINGS``.

``SYMBOLS`` is the pictures' own list of what they draw: each symbol, with the
drawing calls of :mod:`..picture` that make it.  The legend shows one
line per symbol, in this order; ``tests/platform/games/test_legend.py`` fails when the
pictures call a drawing that no symbol here names, or a symbol lacks its words.
"""

from __future__ import annotations

from ..game import ID

SYMBOLS: dict[str, tuple[str, ...]] = {
    "band": ("canvas.panel",),
    "coin": ("icons.coin",),
    "crown": ("parts.crown", "icons.diamond"),
    "starburst": ("icons.star", "icons.gem"),
    "eye": ("icons.eye",),
    "arrows": ("icons.arrows",),
    "shield": ("icons.shield",),
    "hand": ("icons.hand",),
    "card_back": ("canvas.card_back", "canvas.card"),
    "slot": ("canvas.badge",),
    "peek_dot": ("canvas.rounded",),
    "answer": ("canvas.draw.line",),
}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.legend.band": "**Colour band** on top of a card: its kind — gold: treasure, purple: magic, "
        "teal: interrupt.",
        f"{ID}.legend.coin": "**Coin**: Gold Coin (a treasure).",
        f"{ID}.legend.crown": "**Crown** with a blue diamond: Ancient Treasure. At the end, a crown before a name "
        "marks the winner (the others show their place).",
        f"{ID}.legend.starburst": "**Gold starburst** with a rainbow gem: Eminit's Treasure. A purple starburst: "
        "Big Release (8 rays) or Supply and Drop (5 rays).",
        f"{ID}.legend.eye": "**Eye**: Clairvoyance (purple, magic) or False Info (teal, interrupt).",
        f"{ID}.legend.arrows": "**Arrows**: Switch or Time Skip (magic).",
        f"{ID}.legend.shield": "**Shield**: Reflect; crossed out: Nullify (interrupts).",
        f"{ID}.legend.hand": "**Hand**: Suck (interrupt).",
        f"{ID}.legend.card_back": "**Face-down card**: a field card (its placer's colour and number below it); "
        "beside a player, the cards in their hand; by the deck, the cards left.",
        f"{ID}.legend.slot": "**#4** over a field card: its number. **+3** on a treasure: its points. "
        "**×2**: two of that card. **Skip**: that player's next turn is skipped.",
        f"{ID}.legend.peek_dot": "**Small coloured dot** under a field card: the player of that colour has looked at it.",
        f"{ID}.legend.answer": "In a contest, beside a name: a **card in a gold frame**: declared (face down); "
        "a **tick**: done. ▶: whose turn it is.",
    },

    "ja": {
        f"{ID}.legend.band": "カード上部の**色の帯**：種類。金：宝カード、紫：魔法カード、青緑：割込カード。",
        f"{ID}.legend.coin": "**コイン**：金貨（宝カード）。",
        f"{ID}.legend.crown": "青いダイヤ付きの**王冠**：古代の財宝。ゲーム終了時、名前の前の王冠は勝者の印です"
        "（ほかの人には順位が付きます）。",
        f"{ID}.legend.starburst": "虹の宝石付きの**金色の星**：エミニットの秘宝。紫の星：大放出（8本の光）、"
        "または補充・投下（5本の光）。",
        f"{ID}.legend.eye": "**目**：透視（紫、魔法カード）または偽情報（青緑、割込カード）。",
        f"{ID}.legend.arrows": "**矢印**：すり替えまたは時間飛ばし（魔法カード）。",
        f"{ID}.legend.shield": "**盾**：反射。バツ印付きの盾：無効化（割込カード）。",
        f"{ID}.legend.hand": "**手**：吸引（割込カード）。",
        f"{ID}.legend.card_back": "**裏向きのカード**：場のカード（下に伏せた人の色と番号）。"
        "プレイヤーの横では手札の枚数、山札の横では残りの枚数です。",
        f"{ID}.legend.slot": "場のカードの上の**#4**：カードの番号。宝カードの**+3**：得点。"
        "カード右上の枚数表示：同じカードの枚数。**休み**：その人の次の番は休みです。",
        f"{ID}.legend.peek_dot": "場のカードの下の**小さな色の点**：その色のプレイヤーがそのカードを見ています。",
        f"{ID}.legend.answer": "争奪中、名前の横の**金枠のカード**：宣言済み（伏せたまま）。"
        "**チェック**：完了。▶：その人の番です。",
    },
}
