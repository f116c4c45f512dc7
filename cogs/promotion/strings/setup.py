# ruff: noqa: E501  (a catalogue: one sentence per line reads better than wrapped fragments, as in strings.py)
"""Promotion's set-up words (English and Japanese): the row-card suits dealt or chosen, the DM's own prompts.

Merged into the package's ``STRINGS``.  ``promotion.you.*`` are
what a player's own DM asks them, in the second person (the board's
``promotion.wait.*`` speak of them by name); ``promotion.control.orient_all``
is a parent's orientation button, naming the side every seat gets.
"""

from __future__ import annotations

from ..game import ID

EN: dict[str, str] = {
    f"{ID}.option.row_suits": "Row-card suits",
    f"{ID}.option.row_suits.doc": "Our reading: dealt (♠ to the first parent, then ♥, ♦, ♣ round the table), since with four players and four suits the choice changes nothing; chosen: each player chooses in turn, as the rulebook describes.",
    f"{ID}.option.row_suits.dealt": "Dealt",
    f"{ID}.option.row_suits.chosen": "Chosen in turn",
    f"{ID}.rules.reading.row_suits.dealt": "• **Row-card suits: dealt.** ♠ to the first parent, then ♥, ♦, ♣ round the table: with four players and four suits the rulebook's choice changes nothing.",
    f"{ID}.rules.reading.row_suits.chosen": "• **Row-card suits: chosen** in turn from the first parent, as the rulebook describes.",
    f"{ID}.teach.setup.dealt": "**Set-up.** Each player is dealt the 1–4 of one suit as row cards *(our reading)*. The parent names a suit and everyone takes one of its 5–8 as a field card; the next parent another suit, until everyone has one of each. The 5–13 left are the face-up supply.",
    f"{ID}.you.suit": "Choose the suit of your row cards.",
    f"{ID}.you.name": "You are the parent: name a suit for the field deal.",
    f"{ID}.you.orient": "You are the parent: orient the postcard. Each button shows the side you get, then everyone else's; the sides are below.",
    f"{ID}.you.turn": "You may turn the postcard 180°.",
    f"{ID}.you.choose.down": "Down!: choose which of your tied highest cards goes down.",
    f"{ID}.you.choose.change": "Change!: choose a card to swap.",
    f"{ID}.you.choose.wild": "Wild!: choose a card to raise.",
    f"{ID}.control.orient_all": "You {side} — {others}",
    f"{ID}.control.orient_other": "{name} {letter}",
}

JA: dict[str, str] = {
    f"{ID}.option.row_suits": "段札のマーク",
    f"{ID}.option.row_suits.doc": "Kadoの解釈です。配る：最初の親に♠、続いて席順に♥・♦・♣を配ります。4人で4マークなので、選んでも何も変わらないためです。選ぶ：ルールブックどおり、親から順に選びます。",
    f"{ID}.option.row_suits.dealt": "配る",
    f"{ID}.option.row_suits.chosen": "順に選ぶ",
    f"{ID}.rules.reading.row_suits.dealt": "• **段札のマーク：配る** 最初の親に♠、続いて席順に♥・♦・♣。4人で4マークなので、ルールブックの「選ぶ」は結果を変えません。",
    f"{ID}.rules.reading.row_suits.chosen": "• **段札のマーク：順に選ぶ** ルールブックどおり、最初の親から順に選びます。",
    f"{ID}.teach.setup.dealt": "**準備** 各自に1つのマークの1〜4を段札として配ります（どのマークでも変わらないため。Kadoの解釈）。親がマークを1つ宣言し、全員がそのマークの5〜8から1枚ずつ取って場札にします。次の親が別のマークを宣言し、全員が各マークの場札を1枚ずつ持つまで繰り返します。残った5〜13は表向きの場です。",
    f"{ID}.you.suit": "段札のマークを選んでください。",
    f"{ID}.you.name": "あなたが親です。場札を配るマークを宣言してください。",
    f"{ID}.you.orient": "あなたが親です。ポストカードの向きを決めてください。各ボタンには、あなたの面に続けてほかの人の面が書かれています。各面の内容は下のとおりです。",
    f"{ID}.you.turn": "ポストカードを180°回転させることができます。",
    f"{ID}.you.choose.down": "Down!：同じ最大値のカードのうち、下げるカードを選んでください。",
    f"{ID}.you.choose.change": "Change!：交換するカードを選んでください。",
    f"{ID}.you.choose.wild": "Wild!：上げるカードを選んでください。",
    f"{ID}.control.orient_all": "あなた：{side} — {others}",
    f"{ID}.control.orient_other": "{name}：{letter}",
}
