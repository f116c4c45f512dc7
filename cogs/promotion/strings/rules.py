
"""Promotion's ``/game rules`` text, en + ja, merged into :data:`..strings.STRINGS`.

Two pages (see :func:`..render.rulestext.rules_text`).  The first
teaches in a minute, in a teacher's order (goal, set-up, a round, the end), and
is built from the options in force: the orientation, the reveal and the pick
change each have one sentence per value, and a sentence that is our reading,
not the rulebook's, ends with ``promotion.teach.ours``.  The second page holds
the details and every reading with its current value.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.rules": "**Promotion** — exactly 4 players, one 52-card deck. **Goal:** be the first to hold a King (13).",
        f"{ID}.teach.ours": " *(our reading)*.",
        f"{ID}.teach.setup": "**Set-up.** Each player takes the 1–4 of one suit as row cards. The parent names a suit and everyone takes one of its 5–8 as a field card; the next parent names another suit, until everyone has one field card of each suit. The 5–13 left are the face-up supply.",
        f"{ID}.teach.round": "**A round.**",
        f"{ID}.teach.orient.on": "1. The parent lays the postcard any way round; the player to their right may turn it 180°. The side facing you is yours. Every round",
        f"{ID}.teach.orient.off": "1. Before round 1 only, the parent lays the postcard any way round and the player to their right may turn it 180°; later only SPIN90° turns it. The side facing you is yours.",
        f"{ID}.teach.pick.change": "2. Everyone secretly picks a row 1–4, and may change it until all four have picked",
        f"{ID}.teach.pick.once": "2. Everyone secretly picks a row 1–4; a pick is final.",
        f"{ID}.teach.reveal.together": "3. All picks are revealed together, so Change! may see what the others will do.",
        f"{ID}.teach.reveal.row1_first": "3. Row-1 picks are revealed and resolved first, the other picks only then (the rulebook's Q&A, by agreement).",
        f"{ID}.teach.row1": "4. **Row 1** specials, by their order number: SPIN90° turns the card 90° clockwise; Down! lowers each other player's highest field card; Change! swaps a field card of yours with another player's of the same suit; Wild! raises one of your field cards.",
        f"{ID}.teach.rows": "5. **Rows 2–4**, in order: a suit listed for two or more players on the same row clashes and nobody gets it; every other listed suit is raised: your field card goes up to the next card in the supply.",
        f"{ID}.teach.end": "**The end.** Whoever holds a 13 after any step wins; Kings taken together share the win. Otherwise the parent passes to the left for a new round. After {rounds} rounds without a King the game is a draw",
        f"{ID}.teach.more": "The postcard, the details and every reading: **Readings and options** below.",
        f"{ID}.rules.more_button": "Readings and options",
        f"{ID}.rules.details": (
            "**Details from the rulebook** (tomo000, Game Market 2014 autumn).\n"
            "• Set-up order: the row cards are taken from the parent clockwise; the parent names a suit and, from the parent clockwise, everyone takes its lowest card (5, 6, 7, 8); the player to the parent's right names the next suit. Field cards and supply are public.\n"
            "• Row 1: each player resolves at most one special, and the order never goes back. After SPIN90° everyone uses the side now facing them. Down!: the next lower card in the supply; if several highest cards tie, that player chooses. Change! is mandatory.\n"
            "• Raising skips cards other players hold."
        ),
        f"{ID}.rules.readings": "**Our readings and additions** (not in the rulebook, or our reading of it) — this game's settings:",
        f"{ID}.reading.seats": (
            "• **Seats and the card.** Turn order goes clockwise (to the left). The order numbers on the card ascend "
            "counter-clockwise, so after SPIN90° everyone faces the side their right-hand neighbour faced — which is "
            "what the rulebook's worked example shows."
        ),
        f"{ID}.reading.postcard": (
            "• **Postcard: {layout}.** The original card survives only as a picture we do not have, so this layout is "
            "our reconstruction: each row lists every suit on two sides (so picks can clash), and every side lists "
            "all four suits. Side: row 1 | row 2 | row 3 | row 4:"
        ),
        f"{ID}.rules.postcard_side": "{side}: 1 {special} ({order}) | 2 {row2} | 3 {row3} | 4 {row4}",
        f"{ID}.reading.down_tie.any": (
            "• **Down! ties: any tied card.** The affected player may choose a tied card with nothing lower in the "
            "supply and so escape Down! — the rulebook's words allow it."
        ),
        f"{ID}.reading.down_tie.must_move": (
            "• **Down! ties: one that can go down.** If any tied card can go down, the affected player must choose "
            "one of those."
        ),
        f"{ID}.reading.row1_first.on": (
            "• **Row 1 first: on.** Only the row-1 picks are revealed at first; row 1 resolves; then the other picks "
            "are revealed (the rulebook's Q&A allows this by agreement)."
        ),
        f"{ID}.reading.row1_first.off": (
            "• **Row 1 first: off.** All picks are revealed together. (The rulebook's Q&A lets a group reveal row 1 "
            "first instead.)"
        ),
        f"{ID}.reading.first_parent.random": "• **First parent: random.** The rulebook says to decide it any way you like.",
        f"{ID}.reading.first_parent.host": "• **First parent: whoever opened the game.**",
        f"{ID}.reading.orient_each_round.on": (
            "• **Orientation every round.** The rulebook describes orienting the card at the start and passes the "
            "parent every round; we let each new parent orient it (and their right-hand neighbour turn it)."
        ),
        f"{ID}.reading.orient_each_round.off": (
            "• **Orientation once.** Only before round 1, as the rulebook describes; afterwards only SPIN90° turns it."
        ),
        f"{ID}.reading.change_pick.on": (
            "• **Changing a pick: allowed** until all four have picked. The rulebook only says the picks are secret "
            "and revealed together; a digital pick is a button, easy to press by mistake."
        ),
        f"{ID}.reading.change_pick.off": "• **Changing a pick: not allowed.** Your first pick is final, as with a card laid face down.",
        f"{ID}.reading.max_rounds": (
            "• **Round limit: {rounds}.** Not in the rulebook: after {rounds} rounds without a King the game is a draw, "
            "so every game ends."
        ),
        f"{ID}.option.change_pick": "Picks can be changed",
        f"{ID}.option.change_pick.doc": "Our reading: on, a player may change their secret row until all four have picked; off, the first pick is final.",
        f"{ID}.reading.row_suits.dealt": "• **Row-card suits: dealt.** ♠ to the first parent, then ♥, ♦, ♣ round the table: with four players and four suits the rulebook's choice changes nothing.",
        f"{ID}.reading.row_suits.chosen": "• **Row-card suits: chosen** in turn from the first parent, as the rulebook describes.",
        f"{ID}.teach.setup.dealt": "**Set-up.** Each player is dealt the 1–4 of one suit as row cards *(our reading)*. The parent names a suit and everyone takes one of its 5–8 as a field card; the next parent another suit, until everyone has one of each. The 5–13 left are the face-up supply.",
    },

    "ja": {
        f"{ID}.rules": "**プロモーション**：4人専用。ジョーカーを除いたトランプ1組を使います。**目的**：誰よりも早くK（13）を手に入れること。",
        f"{ID}.teach.ours": "（Kadoの解釈）。",
        f"{ID}.teach.setup": "**準備** 各自、好きなマークの1〜4を段札にします。親がマークを1つ宣言し、全員がそのマークの5〜8から1枚ずつ取って場札にします。次の親が別のマークを宣言し、全員が各マークの場札を1枚ずつ持つまで繰り返します。残った5〜13は表向きの場です。",
        f"{ID}.teach.round": "**ラウンドの流れ**",
        f"{ID}.teach.orient.on": "1. 親がポストカードを好きな向きに置き、親の右隣は180°回転させてもかまいません。自分の方を向いた面が自分の面です。これを毎ラウンド行います",
        f"{ID}.teach.orient.off": "1. 第1ラウンドの前にだけ、親がポストカードを好きな向きに置き、親の右隣は180°回転させてもかまいません。その後はSPIN90°でしか回りません。自分の方を向いた面が自分の面です。",
        f"{ID}.teach.pick.change": "2. 全員が1〜4段目のどれを使うかを秘密で選びます。全員が選び終えるまで変更できます",
        f"{ID}.teach.pick.once": "2. 全員が1〜4段目のどれを使うかを秘密で選びます。選び直しはできません。",
        f"{ID}.teach.reveal.together": "3. 全員の選択を一斉に公開します。Change!を使う人は、他の人の選択を見てから交換相手を選べます。",
        f"{ID}.teach.reveal.row1_first": "3. まず1段目を選んだ人だけが公開して1段目を解決し、その後で残りの選択を公開します（ルールブックのQ&Aで、全員の合意があれば認められている方法です）。",
        f"{ID}.teach.row1": "4. **1段目**：特殊効果を横の発動順に解決します。SPIN90°はポストカードを時計回りに90°回転、Down!は自分以外の全員のいちばん大きい場札を1つ下げ、Change!は自分の場札1枚を他の人の同じマークの場札と交換、Wild!は自分の場札1枚を1つ上げます。",
        f"{ID}.teach.rows": "5. **2〜4段目**：段の順に解決します。同じ段を選んだ2人以上の面に共通するマークは被り、誰も上げられません。それ以外のマークは上がり、場札を場の1つ大きいカードと交換します。",
        f"{ID}.teach.end": "**終わり方** どの解決の後でも、13を持っている人の勝ちです。同時に手に入れたら全員の勝ちです。勝者が出なければ親は左隣に移り、次のラウンドに進みます。{rounds}ラウンドでKが出なければ引き分けです",
        f"{ID}.teach.more": "細かい処理、ポストカード、Kadoの解釈は「解釈と設定」ボタンから。",
        f"{ID}.rules.more_button": "解釈と設定",
        f"{ID}.rules.details": (
            "**ルールブックの細かい処理**（tomo000／ゲームマーケット2014秋）\n"
            "• 準備の順番：段札は親から時計回りに取ります。親が宣言したマークは、親から時計回りに小さいカードから1枚ずつ取ります（5・6・7・8）。次のマークは親の右隣が宣言します。場札と場は全員に公開されています。\n"
            "• 1段目：解決するのは1人1回までで、発動順が遡ることはありません。SPIN90°の後は、全員が自分の方を向いた新しい面を使います。Down!は場の1つ小さいカードと交換し、いちばん大きい場札が複数あれば効果を受けた人が選びます。Change!は必ず交換します。\n"
            "• 上げるときは、他の人が持っている数字を飛ばします。"
        ),
        f"{ID}.rules.readings": "**Kadoでの解釈と補い**（ルールブックにない部分、またはKadoの読み方）：このゲームの設定",
        f"{ID}.reading.seats": (
            "• **席とポストカードの向き** 手番は時計回り（左隣へ）に進みます。ポストカードの発動順の番号は"
            "反時計回りに並んでいるものとします。そのためSPIN90°の後は、全員が右隣の人の向いていた面を向きます。"
            "ルールブックの処理例と一致する読み方です。"
        ),
        f"{ID}.reading.postcard": (
            "• **ポストカード：{layout}** ルールブックのカードは画像でしか残っておらず、Kadoはそれを確認できません。"
            "この配置はKadoによる再構成です。どの段でも各マークが2つの面に書かれ（だから選択が被ります）、"
            "どの面にも4つのマークがすべて載っています。面：1段目｜2段目｜3段目｜4段目"
        ),
        f"{ID}.rules.postcard_side": "{side}：1 {special}（{order}）｜2 {row2}｜3 {row3}｜4 {row4}",
        f"{ID}.reading.down_tie.any": (
            "• **Down!で同じ数字があるとき：どれでも** 効果を受けた人は、場に1つ小さいカードがないものを選んで"
            "Down!をかわせます。ルールブックの文言どおりの読み方です。"
        ),
        f"{ID}.reading.down_tie.must_move": (
            "• **Down!で同じ数字があるとき：下げられるもの** 同じ数字の中に下げられるカードがあれば、その中から選びます。"
        ),
        f"{ID}.reading.row1_first.on": (
            "• **1段目を先に公開：オン** まず1段目を選んだ人だけが公開し、1段目を解決してから残りの人が公開します"
            "（ルールブックのQ&Aで、全員の合意があれば認められている方法です）。"
        ),
        f"{ID}.reading.row1_first.off": (
            "• **1段目を先に公開：オフ** 全員が一斉に公開します。ルールブックのQ&Aでは、合意のうえで1段目を先に"
            "公開する方法も認められています。"
        ),
        f"{ID}.reading.first_parent.random": "• **最初の親：ランダム** ルールブックでは「適当に」決めることになっています。",
        f"{ID}.reading.first_parent.host": "• **最初の親：ゲームを立てた人**",
        f"{ID}.reading.orient_each_round.on": (
            "• **毎ラウンド向きを決める** ルールブックが説明しているのはゲーム開始時の向きの決め方で、親は毎ラウンド"
            "交代します。Kadoでは毎ラウンド新しい親が向きを決め、その右隣が180°回転させられます。"
        ),
        f"{ID}.reading.orient_each_round.off": (
            "• **向きは最初だけ** ルールブックどおり第1ラウンドの前にだけ決めます。その後はSPIN90°でしか回りません。"
        ),
        f"{ID}.reading.change_pick.on": (
            "• **選び直し：できる** 全員が選び終えるまで変更できます。ルールブックにあるのは秘密で選んで一斉に公開する"
            "ことだけです。画面のボタンは押し間違えやすいため、選び直せるようにしています。"
        ),
        f"{ID}.reading.change_pick.off": "• **選び直し：できない** 伏せたカードと同じく、最初の選択で確定します。",
        f"{ID}.reading.max_rounds": (
            "• **ラウンド上限：{rounds}** ルールブックにない補いです。{rounds}ラウンドでKが出なければ引き分けとし、"
            "どのゲームも必ず終わるようにしています。"
        ),
        f"{ID}.option.change_pick": "選び直しを認める",
        f"{ID}.option.change_pick.doc": "Kadoの解釈です。オン：全員が選び終えるまで段を選び直せます。オフ：最初の選択で確定します。",
        f"{ID}.reading.row_suits.dealt": "• **段札のマーク：配る** 最初の親に♠、続いて席順に♥・♦・♣。4人で4マークなので、ルールブックの「選ぶ」は結果を変えません。",
        f"{ID}.reading.row_suits.chosen": "• **段札のマーク：順に選ぶ** ルールブックどおり、最初の親から順に選びます。",
        f"{ID}.teach.setup.dealt": "**準備** 各自に1つのマークの1〜4を段札として配ります（どのマークでも変わらないため。Kadoの解釈）。親がマークを1つ宣言し、全員がそのマークの5〜8から1枚ずつ取って場札にします。次の親が別のマークを宣言し、全員が各マークの場札を1枚ずつ持つまで繰り返します。残った5〜13は表向きの場です。",
    },
}
