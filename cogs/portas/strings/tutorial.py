"""PORTAS's guided first game (``/portas learn``): its step lines in English and Japanese.

One short line each, said where the learner acts (below the board: PORTAS is played there).
``{seat}`` fields are filled with the player's name by the platform; the rest are numbers.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "Welcome to PORTAS! Score more than **{seat}** by completing treasures with your own cards. "
            "Two of the 5 treasures (worth 11–15) lie open; each of you has an own deck of 14 port cards "
            "(1 to 6) and a face-up hand of 4. Only the order of the decks is hidden. "
            "In a real game a random player starts; here you do."
        ),
        f"{ID}.learn.port": (
            "Your turn: **port** one hand card onto an open treasure. Each button is *card → treasure*; "
            "the cards on a treasure add up towards its value."
        ),
        f"{ID}.learn.draw": (
            "You drew back to 4 cards at the start of your turn: you always port from a full hand while "
            "your deck lasts."
        ),
        f"{ID}.learn.overshoot": (
            "No button puts your {card} on the {treasure}: it holds {total} already, and a port may never "
            "push a treasure past its value."
        ),
        f"{ID}.learn.overshoot.recap": (
            "A port may never push a treasure past its value: a card that does not fit has no button."
        ),
        f"{ID}.learn.take_theirs": (
            "**{seat}** made the {treasure} add up exactly, so the last porter takes it: +{points}, only "
            "its own cards there. Your cards on it ({lost}) scored nothing. A new treasure opens in its place."
        ),
        f"{ID}.learn.take_yours": (
            "You made the {treasure} add up exactly, so you take it: +{points}, only your own cards there "
            "(the other's cards on it would score nothing). A new treasure opens in its place."
        ),
        f"{ID}.learn.take.recap": (
            "A treasure whose cards add up exactly to its value goes to whoever ported last, who scores "
            "only their own cards on it."
        ),
        f"{ID}.learn.pass": (
            "No card of **{seat}** fitted an open treasure, so that turn passed by itself. "
            "When both players pass in a row, the game ends."
        ),
        f"{ID}.learn.pass.you": (
            "None of your cards fitted an open treasure, so your turn passed by itself. "
            "When both players pass in a row, the game ends."
        ),
        f"{ID}.learn.pass.recap": (
            "A player with no card that fits an open treasure passes by themselves; two passes in a row end "
            "the game."
        ),
        f"{ID}.learn.end": (
            "Game over: it ends when all 5 treasures are taken or neither player can port, and cards on "
            "treasures nobody took score nothing. The higher score wins; on a tie, more treasures, then "
            "whoever took the last one."
        ),
    },
    "ja": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "ポータスへようこそ！自分のカードで宝を完成させ、**{seat}**より多く得点しましょう。"
            "宝は11〜15の5枚で、うち2枚が公開されています。それぞれ自分専用のポートカード14枚（1〜6）の山札と、"
            "表向きの手札4枚を持ちます。隠れているのは山札の順番だけです。本来の先手はランダムですが、今回はあなたからです。"
        ),
        f"{ID}.learn.port": (
            "あなたの番です。手札1枚を公開中の宝に**ポート**します。ボタンは「カード → 宝」です。"
            "宝にポートされたカードの合計が、その宝の数に向かって増えていきます。"
        ),
        f"{ID}.learn.draw": (
            "手番の初めに、手札を4枚まで引き直しました。山札があるうちは、いつも4枚の手札からポートします。"
        ),
        f"{ID}.learn.overshoot": (
            "{card}を宝{treasure}に置くボタンはありません。すでに{total}あり、宝の数を超えるポートはできないためです。"
        ),
        f"{ID}.learn.overshoot.recap": (
            "宝の数を超えるポートはできません。収まらないカードにはボタンが出ません。"
        ),
        f"{ID}.learn.take_theirs": (
            "**{seat}**が宝{treasure}の合計をぴったりにして獲得しました（最後にポートしたプレイヤーのものになります）。"
            "得点は自分のカードの分だけで{points}点、あなたがそこに置いたカード（合計{lost}）は得点になりません。"
            "空いた所には新しい宝が公開されます。"
        ),
        f"{ID}.learn.take_yours": (
            "宝{treasure}の合計がぴったりになったので、あなたの獲得です。得点は自分のカードの分だけで{points}点"
            "（相手がそこに置いたカードは得点になりません）。空いた所には新しい宝が公開されます。"
        ),
        f"{ID}.learn.take.recap": (
            "合計がぴったり宝の数になったら、最後にポートしたプレイヤーがその宝を獲得し、自分のカードの分だけ得点します。"
        ),
        f"{ID}.learn.pass": (
            "**{seat}**の手札には公開中の宝に収まるカードがなかったので、自動でパスになりました。"
            "両者が続けてパスすると終了です。"
        ),
        f"{ID}.learn.pass.you": (
            "あなたの手札には公開中の宝に収まるカードがなかったので、自動でパスになりました。両者が続けてパスすると終了です。"
        ),
        f"{ID}.learn.pass.recap": (
            "公開中の宝に収まるカードがないプレイヤーは自動でパスします。両者が続けてパスすると終了です。"
        ),
        f"{ID}.learn.end": (
            "終了です。宝がすべて獲得されるか、両者ともポートできなくなったら終わり、獲得されなかった宝の上のカードは"
            "得点になりません。得点の多い方の勝ちで、同点なら獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ちです。"
        ),
    },
}
