
"""Eminit's Treasure's guided first game (``/eminit learn``): its step lines in English and Japanese.

One short line each, said in the learner's DM (Eminit is played there).  ``{seat}`` and
``{target}`` are filled with a player's name by the platform ("you" for the learner).  A card
kind's line is also its recap at the end, so it is worded for any moment.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "Welcome to Eminit's Treasure! Hold the most treasure points when the deck and the field are empty. "
            "The cards are magic cards, interrupts (Suck, Reflect, Nullify, False Info) and treasures; this "
            "practice game uses {cards} of the 60, so it is short. In a real game a random player starts; here "
            "you do. Half the original rulebook is lost: the set-up, gathering, points and three magic cards "
            "(Clairvoyance, Supply, Drop) are Kado's reconstruction."
        ),
        f"{ID}.learn.gathering": (
            "Gathering: you drew a card. You may cast one magic card, then place a magic or treasure card face "
            "down on the field. When the field holds players + 2 cards, the scramble starts."
        ),
        f"{ID}.learn.card.time_skip": (
            "Time Skip (magic): cast it to skip any player's next turn. Received in a contest, it skips your own."
        ),
        f"{ID}.learn.card.switch": (
            "Switch (magic): cast it to look at a face-down field card and swap it with a magic or treasure card "
            "from your hand. Received, it goes to your hand."
        ),
        f"{ID}.learn.card.big_release": (
            "Big Release (magic): cast it to place cards from your hand face down on the field. Received, you "
            "name an interrupt you hold and discard every card of that name."
        ),
        f"{ID}.learn.card.clairvoyance": (
            "Clairvoyance (magic): cast it to look at up to 2 face-down field cards. Received, it goes to your hand."
        ),
        f"{ID}.learn.card.supply": "Supply (magic): cast it to draw 2. Received, you discard 2 instead.",
        f"{ID}.learn.card.drop": (
            "Drop (magic): cast it to put the top 2 deck cards face down on the field. Received, it goes to your "
            "hand."
        ),
        f"{ID}.learn.card.suck": "Suck (interrupt): declared in a contest, the flipped card becomes yours.",
        f"{ID}.learn.card.reflect": (
            "Reflect (interrupt): declared in a contest, the flipped card goes to the player you name."
        ),
        f"{ID}.learn.card.nullify": (
            "Nullify (interrupt): declared in a contest, no declaration after it takes effect."
        ),
        f"{ID}.learn.card.false_info": (
            "False Info (interrupt): declared in a contest, the field card you name is flipped next."
        ),
        f"{ID}.learn.card.gold": "Gold Coin (treasure): points for whoever receives it at the end of a contest.",
        f"{ID}.learn.card.ancient": "Ancient Treasure (treasure): worth more than a Gold Coin.",
        f"{ID}.learn.card.eminit": "Eminit's Treasure (treasure): the most valuable card of the game.",
        f"{ID}.learn.scramble": (
            "The field is full: the scramble begins. On each turn the player flips one face-down card, and a "
            "contest for it follows."
        ),
        f"{ID}.learn.declare": (
            "Contest: everyone, the flipper too, may declare one card face down, or pass. The declarations then "
            "turn up one by one, clockwise from the flipper, each overriding the one before."
        ),
        f"{ID}.learn.effect.suck": (
            "Suck by **{seat}**: the flipped card goes to them, unless a later declaration overrides it."
        ),
        f"{ID}.learn.effect.suck.you": (
            "Your Suck: the flipped card goes to you, unless a later declaration overrides it."
        ),
        f"{ID}.learn.effect.reflect": (
            "Reflect by **{seat}**: the flipped card goes to **{target}**, unless a later declaration overrides it."
        ),
        f"{ID}.learn.effect.nullify": (
            "A declaration by **{seat}** did nothing: a Nullify came before it in resolution order, and nothing "
            "after a Nullify takes effect."
        ),
        f"{ID}.learn.effect.nullify.you": (
            "Your declaration did nothing: a Nullify came before it in resolution order, and nothing after a "
            "Nullify takes effect."
        ),
        f"{ID}.learn.effect.false_info": (
            "False Info by **{seat}**: the field card it named will be flipped next, with a contest of its own."
        ),
        f"{ID}.learn.effect.false_info.you": (
            "Your False Info: the field card you named will be flipped next, with a contest of its own."
        ),
        f"{ID}.learn.effect.bluff": (
            "**{seat}** declared a magic or treasure card: a bluff, with no effect (it may still make others "
            "waste their interrupts)."
        ),
        f"{ID}.learn.effect.bluff.you": (
            "You declared a magic or treasure card: a bluff, with no effect (it may still make others waste "
            "their interrupts)."
        ),
        f"{ID}.learn.bluff.recap": (
            "Declaring a magic or treasure card is a bluff: it has no effect, but others may waste interrupts on it."
        ),
        f"{ID}.learn.nobody": "Nobody declared anything on that card, so the flipper gets it.",
        f"{ID}.learn.interrupt_flipped": (
            "An interrupt flipped from the field is not contested: it is discarded, and the flipper flips another."
        ),
        f"{ID}.learn.received.scored": "Whoever receives a treasure at the end of a contest scores its points.",
        f"{ID}.learn.received.hand": "A magic card received at the end of a contest goes into the receiver's hand.",
        f"{ID}.learn.received.effect": (
            "Supply, Time Skip and Big Release are not kept when received: their effect happens to the receiver "
            "and the card is discarded."
        ),
        f"{ID}.learn.end": (
            "Game over: the deck and the field are empty. Gold Coin {gold}, Ancient Treasure {ancient}, Eminit's "
            "Treasure {eminit} points; the highest score wins, and a shared top score is a draw."
        ),
    },
    "ja": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "エミニットの秘宝へようこそ！山札と場が空になったとき、宝ポイントをいちばん多く持っている人の勝ちです。"
            "カードは魔法カード、割込カード（吸引、反射、無効化、偽情報）、宝カードの3種類です。"
            "この練習では60枚のうち{cards}枚だけを使うので短く終わります。本来の先手はランダムですが、今回はあなたからです。"
            "なお、ルールブックの前半は失われているため、準備、宝集め、点数、魔法カード3種（透視・補充・投下）は"
            "Kadoによる再構成です。"
        ),
        f"{ID}.learn.gathering": (
            "宝集めです。1枚引きました。魔法カードを1枚使ってもよく、そのあと魔法カードか宝カードを1枚場に伏せます。"
            "場が人数＋2枚になったら争奪戦が始まります。"
        ),
        f"{ID}.learn.card.time_skip": (
            "時間飛ばし（魔法）：使うと、好きなプレイヤーの次の手番を飛ばします。争奪で受け取ると、自分の次の手番が飛ばされます。"
        ),
        f"{ID}.learn.card.switch": (
            "すり替え（魔法）：使うと、場の伏せカード1枚を見て、手札の魔法カードか宝カードと入れ替えます。"
            "受け取ると手札に入ります。"
        ),
        f"{ID}.learn.card.big_release": (
            "大放出（魔法）：使うと、手札から好きなカードを場に伏せます。受け取ると、手札の割込カードを1種類指名して、"
            "その名前のカードをすべて捨てます。"
        ),
        f"{ID}.learn.card.clairvoyance": (
            "透視（魔法）：使うと、場の伏せカードを2枚まで見られます。受け取ると手札に入ります。"
        ),
        f"{ID}.learn.card.supply": "補充（魔法）：使うと2枚引きます。受け取ると、代わりに2枚捨てます。",
        f"{ID}.learn.card.drop": "投下（魔法）：使うと、山札の上から2枚を場に伏せます。受け取ると手札に入ります。",
        f"{ID}.learn.card.suck": "吸引（割込）：争奪で宣言すると、めくられたカードが自分のものになります。",
        f"{ID}.learn.card.reflect": "反射（割込）：争奪で宣言すると、めくられたカードが指名したプレイヤーに渡ります。",
        f"{ID}.learn.card.nullify": "無効化（割込）：争奪で宣言すると、それより後の宣言はすべて効果を発揮しません。",
        f"{ID}.learn.card.false_info": "偽情報（割込）：争奪で宣言すると、指定した場のカードが次にめくられます。",
        f"{ID}.learn.card.gold": "金貨（宝）：争奪の最後に受け取った人の得点になります。",
        f"{ID}.learn.card.ancient": "古代の財宝（宝）：金貨より高い得点の宝です。",
        f"{ID}.learn.card.eminit": "エミニットの秘宝（宝）：このゲームでいちばん得点の高いカードです。",
        f"{ID}.learn.scramble": (
            "場が揃ったので争奪戦の始まりです。手番の人が伏せカードを1枚めくり、そのカードをめぐって争奪を行います。"
        ),
        f"{ID}.learn.declare": (
            "争奪です。めくった人も含めて全員が、カードを1枚伏せて宣言するかパスできます。宣言はめくった人から時計回りに"
            "1枚ずつ表になり、後の効果が前の効果を上書きします。"
        ),
        f"{ID}.learn.effect.suck": (
            "**{seat}**の吸引：後の宣言に上書きされなければ、めくられたカードは{seat}のものです。"
        ),
        f"{ID}.learn.effect.suck.you": (
            "あなたの吸引：後の宣言に上書きされなければ、めくられたカードはあなたのものです。"
        ),
        f"{ID}.learn.effect.reflect": (
            "**{seat}**の反射：後の宣言に上書きされなければ、めくられたカードは**{target}**に渡ります。"
        ),
        f"{ID}.learn.effect.nullify": (
            "**{seat}**の宣言は効果がありませんでした。解決順でその前に無効化があり、無効化より後の宣言は効果を発揮しません。"
        ),
        f"{ID}.learn.effect.nullify.you": (
            "あなたの宣言は効果がありませんでした。解決順でその前に無効化があり、無効化より後の宣言は効果を発揮しません。"
        ),
        f"{ID}.learn.effect.false_info": (
            "**{seat}**の偽情報：指定された場のカードが次にめくられ、そのカードでも争奪を行います。"
        ),
        f"{ID}.learn.effect.false_info.you": (
            "あなたの偽情報：指定した場のカードが次にめくられ、そのカードでも争奪を行います。"
        ),
        f"{ID}.learn.effect.bluff.you": (
            "あなたは魔法カードか宝カードを宣言しました。ブラフなので効果はありませんが、相手に割込カードを無駄遣いさせられます。"
        ),
        f"{ID}.learn.effect.bluff": (
            "**{seat}**は魔法カードか宝カードを宣言しました。ブラフなので効果はありませんが、相手に割込カードを"
            "無駄遣いさせられます。"
        ),
        f"{ID}.learn.bluff.recap": (
            "魔法カードや宝カードの宣言はブラフで、効果はありません。ただし相手に割込カードを無駄遣いさせられます。"
        ),
        f"{ID}.learn.nobody": "そのカードには誰も宣言しなかったので、めくった人のものになります。",
        f"{ID}.learn.interrupt_flipped": (
            "場からめくった割込カードは争奪になりません。捨て札にして、めくった人がもう1枚めくります。"
        ),
        f"{ID}.learn.received.scored": "争奪の最後に宝カードを受け取った人は、その得点を得ます。",
        f"{ID}.learn.received.hand": "争奪の最後に受け取った魔法カードは、受け取った人の手札に入ります。",
        f"{ID}.learn.received.effect": (
            "補充、時間飛ばし、大放出は受け取っても手札に残りません。受け取った人に効果が起き、カードは捨て札になります。"
        ),
        f"{ID}.learn.end": (
            "終了です。山札と場が空になりました。金貨{gold}点、古代の財宝{ancient}点、エミニットの秘宝{eminit}点で、"
            "最高点が1人ならその人の勝ち、並んだら引き分けです。"
        ),
    },
}
