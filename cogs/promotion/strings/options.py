
"""Promotion's rule options in words: each option's label, what it does, and a word for each value.

The platform reads them as ``<id>.option.<name>`` (``.doc``, ``.<value>``), the keys every game
declares (:func:`bot.core.games.catalogue_keys`), for the lobby and ``/game settings``; the
rules page's longer sentence for each reading stays beside the rules (``rules.py``).
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.option.postcard": "Postcard layout",
        f"{ID}.option.postcard.doc": "Which postcard is used. The original card survives only as a picture we do not have, so both layouts are our reconstructions; each lists every suit twice per row (so picks can clash) and all four suits on every side.",
        f"{ID}.option.postcard.rules_md_v1": "Reconstruction v1 (default)",
        f"{ID}.option.postcard.paired_v1": "Paired rows (rows 2 and 3 of each side together cover all four suits)",
        f"{ID}.option.down_tie": "Down! with tied highest cards",
        f"{ID}.option.down_tie.doc": "The source lets the affected player choose which tied card goes down. “Any tied card” takes that literally: choosing one with nothing lower in the supply dodges Down! entirely. “One that can go down” makes them pick a tied card that actually moves, when there is one.",
        f"{ID}.option.down_tie.any": "Any tied card (source wording)",
        f"{ID}.option.down_tie.must_move": "One that can go down",
        f"{ID}.option.row1_first": "Reveal row 1 first",
        f"{ID}.option.row1_first.doc": "From the source's Q&A: if everyone agrees, only the row-1 picks are revealed at first, row 1 resolves, and then the other picks are revealed. Change! then cannot see what the others chose.",
        f"{ID}.option.first_parent": "First parent",
        f"{ID}.option.first_parent.doc": "Who is the first parent: drawn at random, or the player who opened the game (seat 1).",
        f"{ID}.option.first_parent.random": "Random",
        f"{ID}.option.first_parent.host": "Whoever opened the game",
        f"{ID}.option.orient_each_round": "Orient the postcard every round",
        f"{ID}.option.orient_each_round.doc": "On: every round the parent orients the postcard and the player to their right may turn it 180°. Off: only before round 1, as the source describes.",
        f"{ID}.option.max_rounds": "Round limit (draw after it)",
        f"{ID}.option.max_rounds.doc": "Not in the source: after this many rounds without a King the game ends as a draw, so every game ends.",
        f"{ID}.option.row_suits": "Row-card suits",
        f"{ID}.option.row_suits.doc": "Our reading: dealt (♠ to the first parent, then ♥, ♦, ♣ round the table), since with four players and four suits the choice changes nothing; chosen: each player chooses in turn, as the rulebook describes.",
        f"{ID}.option.row_suits.dealt": "Dealt",
        f"{ID}.option.row_suits.chosen": "Chosen in turn",
    },

    "ja": {
        f"{ID}.option.postcard": "ポストカードの配置",
        f"{ID}.option.postcard.doc": (
            "使うポストカードです。ルールブックのカードは画像でしか残っておらず、Kadoはそれを確認できないため、"
            "どちらの配置もKadoによる再構成です。どちらも、各段で各マークが2つの面に書かれ（だから選択が被ります）、"
            "どの面にも4つのマークがすべて載っています。"
        ),
        f"{ID}.option.postcard.rules_md_v1": "再構成v1（既定）",
        f"{ID}.option.postcard.paired_v1": "組み合わせ型（各面の2段目と3段目で4つのマークがそろう）",
        f"{ID}.option.down_tie": "Down!で同じ数字があるとき",
        f"{ID}.option.down_tie.doc": (
            "ルールブックでは、いちばん大きい場札が複数あるとき、効果を受けた人がどれを下げるか選べます。"
            "「どれでも」は文言どおりの読み方で、場に1つ小さいカードがないものを選べばDown!を丸ごとかわせます。"
            "「下げられるもの」では、実際に下がるカードがあれば、その中から選びます。"
        ),
        f"{ID}.option.down_tie.any": "どれでも（ルールブックの文言どおり）",
        f"{ID}.option.down_tie.must_move": "下げられるもの",
        f"{ID}.option.row1_first": "1段目を先に公開",
        f"{ID}.option.row1_first.doc": (
            "ルールブックのQ&Aより：全員が合意すれば、まず1段目を選んだ人だけが公開し、1段目の効果を解決してから"
            "残りの人が公開します。この場合、Change!を使う人は他の人の選択を見てから選ぶことができません。"
        ),
        f"{ID}.option.first_parent": "最初の親",
        f"{ID}.option.first_parent.doc": "最初の親の決め方です。ランダムに決めるか、ゲームを立てた人（席1）にします。",
        f"{ID}.option.first_parent.random": "ランダム",
        f"{ID}.option.first_parent.host": "ゲームを立てた人",
        f"{ID}.option.orient_each_round": "毎ラウンド向きを決める",
        f"{ID}.option.orient_each_round.doc": (
            "オン：毎ラウンド親がポストカードの向きを決め、親の右隣は180°回転させてもかまいません。"
            "オフ：ルールブックどおり、第1ラウンドの前にだけ決めます。"
        ),
        f"{ID}.option.max_rounds": "ラウンド上限（超えると引き分け）",
        f"{ID}.option.max_rounds.doc": (
            "ルールブックにない補いです。このラウンド数までにKが出なければ引き分けとし、どのゲームも必ず終わる"
            "ようにします。"
        ),
        f"{ID}.option.row_suits": "段札のマーク",
        f"{ID}.option.row_suits.doc": "Kadoの解釈です。配る：最初の親に♠、続いて席順に♥・♦・♣を配ります。4人で4マークなので、選んでも何も変わらないためです。選ぶ：ルールブックどおり、親から順に選びます。",
        f"{ID}.option.row_suits.dealt": "配る",
        f"{ID}.option.row_suits.chosen": "順に選ぶ",
    },
}
