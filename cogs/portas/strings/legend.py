"""What every symbol of the PORTAS picture means (the Details view's legend), merged into :mod:`.strings`.

``SYMBOLS`` is the picture's own list of what it draws: each symbol, with the
drawing calls of :mod:`cogs.portas.picture` that make it.  The legend shows one
line per symbol, in this order; ``tests/platform/games/test_legend.py`` fails when the
picture calls a drawing that no symbol here names, or a symbol lacks its words.
"""

from __future__ import annotations

from ..game import ID

SYMBOLS: dict[str, tuple[str, ...]] = {
    "port_card": ("canvas.card", "canvas.panel"),  # the goods art (picture/sprites.py) is part of the card
    "treasure": ("icons.gem",),
    "treasure_back": ("icons.diamond",),
    "to_go": ("canvas.badge", "canvas.pill"),
    "deck": ("canvas.card_back",),
    "seat_dot": ("canvas.rounded",),
    "crown": ("parts.crown",),
}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.legend.port_card": "**Port card**: its value (1–6) large, the goods drawn under it "
        "(bucket, bag, satchel, crate, barrel, cart).",
        f"{ID}.legend.treasure": "**Gem** on a treasure: the treasure (its colour by value); small gems beside a "
        "name: the treasures that player took. An empty outline: no treasure left to reveal there.",
        f"{ID}.legend.treasure_back": "**Gold card with a diamond**: a treasure still face down.",
        f"{ID}.legend.to_go": "**13 / 15** and **2 to go**: cards on the treasure against its value, and what is "
        "left; the bar fills as it is carried. Under it each player's ports, with a bar in their colour and the sum.",
        f"{ID}.legend.deck": "**Face-down cards** with a number: a player's deck, cards left.",
        f"{ID}.legend.seat_dot": "**Coloured dot** before a name: that player's colour. ▶: whose turn it is.",
        f"{ID}.legend.crown": "**Crown**: the winner.",
    },
    "ja": {
        f"{ID}.legend.port_card": "**ポートカード**：大きな数字が値（1〜6）、下の絵が運ぶ道具"
        "（バケツ・袋・かばん・木箱・樽・荷車）。",
        f"{ID}.legend.treasure": "宝の**宝石**：その宝（色は値ごと）。名前の横の小さな宝石はその人が獲得した宝。"
        "輪郭だけのものは、もうめくる宝がないことを表します。",
        f"{ID}.legend.treasure_back": "**ダイヤの付いた金色のカード**：まだ裏向きの宝。",
        f"{ID}.legend.to_go": "**13 / 15**と**あと2**：宝の上のカードの合計と宝の値、その残り。バーは運んだ分だけ"
        "伸びます。その下に各プレイヤーのポート（その人の色の線と合計）。",
        f"{ID}.legend.deck": "数字付きの**裏向きのカード**：プレイヤーの山札の残り枚数。",
        f"{ID}.legend.seat_dot": "名前の前の**色の点**：プレイヤーの色。▶はその人の番です。",
        f"{ID}.legend.crown": "**王冠**：勝者。",
    },
}
