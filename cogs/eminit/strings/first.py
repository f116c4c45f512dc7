
"""Eminit's first rules page, one catalogue key per statement, merged into the package's ``STRINGS``.

What a newcomer needs for a first game, each statement on its own so it can be
checked against the engine (``tests/teach/test_first_pages.py``): how a contest
resolves, who gets a card nobody claims, and what each kind of card does to
whoever receives it (three of them act instead of going to hand).
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.first.source": "Half the rulebook is lost: set-up, gathering, points and three magic cards "
        "(Clairvoyance, Supply, Drop) are our reconstruction *(our reading)*.",
        f"{ID}.first.setup": "**Set-up.** Deal {hand_size} cards each. First player: {first_player}.",
        f"{ID}.first.gathering": "1. **Gathering.** On your turn draw {draw_per_turn}, you may cast one magic card "
        "(see your DM), then place a magic or treasure card face down. At players + {quota_extra} "
        "field cards the scramble starts.",
        f"{ID}.first.scramble": "2. **Scramble.** Flip a field card on your turn. Everyone, you too, may declare one "
        "card face down *(our reading: one each)*. They turn up clockwise from you, each overriding the last: "
        "Suck takes the card; Reflect sends it to whom you named *(our reading)*; Nullify stops every later one; "
        "False Info flips the card you named next *(our reading)*; any other card is a bluff.",
        f"{ID}.first.unclaimed": "If no Suck or Reflect takes effect, **the flipper gets the card**.",
        f"{ID}.first.receive": "**Receiving.** A treasure scores; Switch, Clairvoyance and Drop go to hand. A received "
        "**Supply** (discard {supply_discard}), **Time Skip** (your next turn is skipped) or **Big Release** (name an "
        "interrupt, discard all of it from hand) acts instead. A flipped interrupt is discarded: flip another.",
        f"{ID}.first.end": "**The end.** Deck and field empty: Gold Coin {points_gold}, Ancient Treasure "
        "{points_ancient}, Eminit's Treasure {points_eminit} points; the highest unique score wins, a shared top score is "
        "a draw *(our reading)*.",
        f"{ID}.first.more": "Every card and our readings: **Readings and options** below.",
    },

    "ja": {
        f"{ID}.first.source": "ルールブックの前半は失われているため、準備、宝集め、点数、魔法カード3種"
        "（透視・補充・投下）はKadoによる再構成です（Kadoの解釈）。",
        f"{ID}.first.setup": "**準備** 手札を{hand_size}枚ずつ配ります。最初のプレイヤー：{first_player}。",
        f"{ID}.first.gathering": "1. **宝集め** 自分の番に{draw_per_turn}枚引き、魔法カードを1枚使ってもよく"
        "（効果はDMで確認）、魔法カードか宝カードを1枚場に伏せます。場が人数＋{quota_extra}枚になったら争奪戦です。",
        f"{ID}.first.scramble": "2. **争奪戦** 自分の番に場のカードを1枚めくります。めくった人も含めて全員が、"
        "カードを1枚伏せて宣言できます（Kadoの解釈：1人1枚）。宣言はめくった人から時計回りに表になり、後の効果が"
        "前を上書きします。吸引：カードを取る。反射：宣言時に指名した人に渡す（Kadoの解釈）。無効化：それより後の宣言を"
        "すべて止める。偽情報：宣言時に指定したカードを次にめくる（Kadoの解釈）。ほかのカードはブラフです。",
        f"{ID}.first.unclaimed": "吸引も反射も効果を発揮しなければ（誰も宣言しないときなど）、"
        "**めくった人がそのカードを受け取ります**。",
        f"{ID}.first.receive": "**受け取り** 宝カードは得点になり、すり替え・透視・投下は手札に入ります。**補充**"
        "（{supply_discard}枚捨てる）、**時間飛ばし**（次の自分の番は休み）、**大放出**（割込カードを1種類選び、"
        "手札のその札をすべて捨てる）は、受け取ると手札に入らず効果が発動します。めくったのが割込カードなら捨てて、"
        "もう1枚めくります。",
        f"{ID}.first.end": "**終わり方** 山札と場が空になったら終了です。金貨{points_gold}点、古代の財宝"
        "{points_ancient}点、エミニットの秘宝{points_eminit}点で、最高点が1人ならその人の勝ち、並んだら引き分けです"
        "（Kadoの解釈）。",
        f"{ID}.first.more": "すべてのカードとKadoの解釈は「解釈と設定」ボタンから。",
    },
}
