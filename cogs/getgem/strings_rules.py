"""The GETGEM ``/game rules`` text (English and Japanese), merged into :data:`cogs.getgem.strings.STRINGS`.

Two parts (see :func:`cogs.getgem.render.rules_text`): ``getgem.rules`` is
the rulebook in our words; ``getgem.reading.*`` are our readings, one line
each, filled with the *current* option values so a server's house rules show
as they are.  Kept apart from the other strings so each file stays small.
"""

from __future__ import annotations

RULES_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "getgem.rules": (
            "**GETGEM** — 2–5 players, about 15 minutes (by TAKCHAN). Collect fire 🔥, water 💧 and thunder ⚡, "
            "declare victory, and survive.\n"
            "**Setup**: 4 hidden cards each; the rest is the deck. The fire, water and thunder element cards "
            "start in the centre. Play goes clockwise (seat order).\n"
            "**Turn** = draw → actions → end.\n"
            "• *Draw* 1 card. Whenever the deck runs out, the discard pile is shuffled into a new deck at once.\n"
            "• *Actions* — any number, in any order, none required: play an action card; discard 3 gems "
            "(not a curse) to take a random card from a player; discard 2 fire (or 2 water, or 2 thunder) "
            "to take that element card from the centre or from whoever holds it (rainbows don't count here).\n"
            "• *End*: ① you may declare victory — put 3 hand cards face up; with your element cards they must "
            "show 🔥💧⚡. ② Every *other* player with a declaration out takes one declaration card back into "
            "their hand, all at once. Whoever takes back their last one reveals their hand: if hand + element "
            "cards show 🔥💧⚡, they win. ③ With 7 or more cards in hand, discard down to 6.\n"
            "**Cards**: 🌈 Rainbow — stands for any one gem, unless you hold a curse. 💀 Curse — can never be "
            "discarded, but can be stolen, swapped or pushed. ✋ Steal — take a random card from a player. "
            "🔄 Full Exchange — swap whole hands with a player. ⛏️ Excavation Arm — take a card of your choice "
            "from the discard pile, then discard a card. 🫴 Steal & Push — take a random card from a player, "
            "then give them one of yours (not the one you took). 👁️ Peeping Draw — look at a player's whole "
            "hand (only you see it), then draw 1. 🛡️ Barrier — when another player's action card targets you, "
            "cancel it (a 3-gem steal or an element take is not an action card).\n"
            "**Match play**: a win scores 10 − 3 × the rainbows in the winning hand. The next game starts with "
            "the player to the winner's right. First to **{target}** points wins the match; the others are "
            "ranked by their points."
        ),
        "getgem.rules.readings": "**Our readings** (where the rulebook is silent; this server's settings now):",
        "getgem.reading.deck": "• Card counts (the rulebook's card page is missing): {counts} — {total} cards.",
        "getgem.reading.deck_other": (
            "• Card counts (the rulebook's card page is missing): {counts} — **{total} cards**, not the rulebook's 30."
        ),
        "getgem.reading.first_player.random": (
            "• The first player is drawn at random (the rulebook says rock-paper-scissors or the like)."
        ),
        "getgem.reading.first_player.host": "• The first seat (the host) starts the first game.",
        "getgem.reading.push_onto_empty.true": (
            "• Steal & Push may target a player with no cards: nothing is taken, the push still happens."
        ),
        "getgem.reading.push_onto_empty.false": "• Steal & Push needs a target holding at least one card.",
        "getgem.reading.push_optional.false": "• The push is compulsory whenever you hold a card to give.",
        "getgem.reading.push_optional.true": "• The push is optional: you may keep your cards.",
        "getgem.reading.same_phase_win.shared": (
            "• Two or more declarers passing their check in the same end phase share the win."
        ),
        "getgem.reading.same_phase_win.seat_order": (
            "• If several declarers could pass their check in the same end phase, the first from the turn "
            "player's left wins."
        ),
        "getgem.reading.redeclare.false": "• No new declaration while your declaration cards are still out.",
        "getgem.reading.redeclare.true": (
            "• You may declare again while declaration cards are still out (3 more go face up)."
        ),
        "getgem.reading.limit_first.false": "• The hand limit is checked after the declaration.",
        "getgem.reading.limit_first.true": "• The hand limit is checked before the declaration.",
        "getgem.reading.arm": (
            "• Excavation Arm cannot dig itself up (it goes to the discard pile as it is played, so a literal "
            "reading would allow it)."
        ),
        "getgem.reading.peep": (
            "• Peeping Draw at most once per turn; a barred one still counts, and its draw is lost with it."
        ),
        "getgem.reading.barrier": (
            "• Every targeted player is asked about a Barrier, holder or not, so the question reveals nothing; "
            "no answer within {timeout} s means no. A player with no cards is not asked."
        ),
        "getgem.reading.max_turns": (
            "• Turn limit (not in the rulebook): after {turns} turns the game — in match play, the whole "
            "match — ends as a draw."
        ),
        "getgem.reading.match_play.false": "• Match play is off: one game.",
        "getgem.reading.match_play.true": "• Match play is on: first to {target} points.",
        "getgem.reading.buttons": "• Identical cards share one button.",
    },
    "ja": {
        "getgem.rules": (
            "**ゲットジェム** — 2〜5人・約15分（作：TAKCHAN）。炎🔥・水💧・雷⚡の宝玉を集めて勝利宣言し、"
            "逃げ切りましょう。\n"
            "**準備**：手札を4枚ずつ配り（非公開）、残りは山札にします。炎・水・雷のエレメントカードは中央に置きます。"
            "手番は時計回り（席順）です。\n"
            "**手番**=ドロー → アクション → エンド。\n"
            "・*ドロー*：1枚引きます。山札がなくなったら、その時点で捨て札をシャッフルして新しい山札にします。\n"
            "・*アクション*：何回でも、どの順でも、しなくても構いません。アクションカードを使う/宝玉3枚"
            "（呪い以外）を捨てて、1人の手札からランダムに1枚取る/炎（または水・雷）2枚を捨てて、その"
            "エレメントカードを中央か持ち主から取る（虹は使えません）。\n"
            "・*エンド*：①勝利宣言できます。手札3枚を表向きに置き、エレメントカードと合わせて🔥💧⚡が揃って"
            "いること。②手番以外の勝利宣言中のプレイヤー全員が、同時に宣言カードを1枚手札に戻します。最後の"
            "1枚を戻した人は手札を公開し、手札とエレメントカードで🔥💧⚡が揃っていれば勝利です。③手札が"
            "7枚以上なら6枚になるまで捨てます。\n"
            "**カード**：🌈虹 — 呪いを持っていなければ、どれか1つの宝玉の代わりになります。💀呪い — 捨てられ"
            "ませんが、取られたり交換・押しつけされたりはします。✋スティール — 1人の手札からランダムに1枚取る。"
            "🔄全交換 — 1人と手札をまるごと交換。⛏️発掘アーム — 捨て札から好きな1枚を手札に加え、手札を1枚"
            "捨てる。🫴スティール&押しつけ — 1人の手札からランダムに1枚取り、取ったカード以外の手札を1枚渡す。"
            "👁️ピーピングドロー — 1人の手札をすべて見て（自分だけ）、1枚引く。🛡️バリア — 他のプレイヤーの"
            "アクションカードの対象になったとき、それを無効にする（宝玉3枚のスティールとエレメント取得は"
            "アクションカードではありません）。\n"
            "**複数回プレイ**：勝者は10−3×（勝利した手札の虹の枚数）点を得ます。次のゲームは勝者の右隣から。"
            "**{target}点**先取でマッチ優勝、2位以下はそのときの持ち点で決めます。"
        ),
        "getgem.rules.readings": "**Kadoでの解釈**（ルールブックに定めがない部分。このサーバーの現在の設定）：",
        "getgem.reading.deck": "・カードの枚数（ルールブックのカード一覧が無いため）：{counts} — 計{total}枚。",
        "getgem.reading.deck_other": (
            "・カードの枚数（ルールブックのカード一覧が無いため）：{counts} — **計{total}枚**"
            "（ルールブックの30枚とは異なります）。"
        ),
        "getgem.reading.first_player.random": (
            "・最初のゲームの先手はランダムに決めます（ルールブックでは「じゃんけんなどで」）。"
        ),
        "getgem.reading.first_player.host": "・最初のゲームは最初の席（ホスト）から始めます。",
        "getgem.reading.push_onto_empty.true": (
            "・スティール&押しつけは手札0枚のプレイヤーにも使えます。何も取れませんが、押しつけは行います。"
        ),
        "getgem.reading.push_onto_empty.false": "・スティール&押しつけの対象は、手札が1枚以上あるプレイヤーだけです。",
        "getgem.reading.push_optional.false": "・渡せるカードがあれば、押しつけは必ず行います。",
        "getgem.reading.push_optional.true": "・押しつけは任意です。渡さずに済ませることもできます。",
        "getgem.reading.same_phase_win.shared": (
            "・同じエンドフェイズで複数の宣言者が勝利確認に成功したら、全員の勝利です。"
        ),
        "getgem.reading.same_phase_win.seat_order": (
            "・同じエンドフェイズで複数の宣言者が勝利確認に成功しうるときは、手番プレイヤーの左から最初の人が勝ちます。"
        ),
        "getgem.reading.redeclare.false": "・宣言カードが残っている間は、新たに勝利宣言できません。",
        "getgem.reading.redeclare.true": (
            "・宣言カードが残っていても、もう一度勝利宣言できます（さらに3枚を表向きに置きます）。"
        ),
        "getgem.reading.limit_first.false": "・手札の上限は勝利宣言の後に確認します。",
        "getgem.reading.limit_first.true": "・手札の上限は勝利宣言の前に確認します。",
        "getgem.reading.arm": (
            "・発掘アームは自分自身を拾えません（使ったカードはすぐ捨て札になるので、文字どおりに読むと拾えてしまいます）。"
        ),
        "getgem.reading.peep": "・ピーピングドローは1ターンに1回まで。バリアされても使用済みになり、ドローも無効です。",
        "getgem.reading.barrier": (
            "・アクションカードの対象者には、バリアを持っているかどうかに関係なく必ず確認します（確認そのものから"
            "何も分かりません）。{timeout}秒以内に返事がなければ「使わない」です。手札0枚の人には確認しません。"
        ),
        "getgem.reading.max_turns": (
            "・ターン上限（ルールブックには無し）：{turns}ターンに達すると、ゲーム（複数回プレイではマッチ全体）が"
            "引き分けで終わります。"
        ),
        "getgem.reading.match_play.false": "・複数回プレイはオフ：1ゲームで終わります。",
        "getgem.reading.match_play.true": "・複数回プレイはオン：{target}点先取です。",
        "getgem.reading.buttons": "・同じ種類のカードは1つのボタンにまとめます。",
    },
}
