
"""The GETGEM ``/game rules`` text (English and Japanese), merged into :data:`cogs.getgem.strings.STRINGS`.

Two pages (see :func:`cogs.getgem.render.rules_text`).  ``getgem.teach.*``
is the first page, in a teacher's order (goal, set-up, a turn, the end), under
1,500 characters, built from the options in force; a sentence that is our
reading ends with ``getgem.teach.ours``.  The second page is the cards, the
rulebook's details and ``getgem.reading.*``, our readings one line each with
the *current* option values, so a server's house rules show as they are.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.rules": (
            "**GETGEM** — 2–5 players, about 15 minutes. **Goal:** collect fire 🔥, water 💧 and thunder ⚡, "
            "declare victory, and keep your declaration until your check."
        ),
        f"{ID}.teach.ours": " *(our reading)*.",
        f"{ID}.teach.setup": (
            "**Set-up.** 4 hidden cards each, the rest is the deck, element cards in the centre. Play goes clockwise."
        ),
        f"{ID}.teach.first.random": " A random player starts",
        f"{ID}.teach.first.host": " The host starts.",
        f"{ID}.teach.turn": (
            "**Your turn.**\n"
            "1. **Draw** 1 card.\n"
            "2. **Act**, any number of times: play an action card; discard 3 gems to take a random card from a "
            "player; discard 2 fire (or water, or thunder) to take that element card.\n"
            "3. **End.** You may declare victory: put 3 hand cards face up that show 🔥💧⚡ with your element "
            "cards. Then each *other* declarer takes one declaration card back. With 7 or more cards, discard "
            "down to 6.\n"
            "🌈 Rainbow is any gem unless you hold a 💀 Curse (never discarded)."
        ),
        f"{ID}.teach.end": (
            "**The end.** Whoever takes back their last declaration card shows their hand: if hand and element "
            "cards show 🔥💧⚡, they win."
        ),
        f"{ID}.teach.match.true": " Match play: a win scores 10 − 3 × its rainbows; first to **{target}** points wins.",
        f"{ID}.teach.match.false": "",
        f"{ID}.teach.max_turns": " After {turns} turns the game is a draw",
        f"{ID}.teach.more": "Every card and our readings: **Readings and options** below.",
        f"{ID}.rules.more_button": "Readings and options",
        f"{ID}.rules.cards": (
            "**Cards** (by TAKCHAN's rulebook): 🌈 Rainbow — any one gem, unless you hold a curse; never for an "
            "element card. 💀 Curse — can never be discarded, but can be stolen, swapped or pushed. ✋ Steal — take a "
            "random card from a player. 🔄 Full Exchange — swap whole hands with a player. ⛏️ Excavation Arm — take "
            "a card of your choice from the discard pile, then discard a card. 🫴 Steal & Push — take a random card "
            "from a player, then give them one of yours (not the one you took). 👁️ Peeping Draw — look at a "
            "player's whole hand (only you see it), then draw 1. 🛡️ Barrier — when another player's action card "
            "targets you, cancel it (a 3-gem steal or an element take is not an action card).\n"
            "**Details.** When the deck runs out, the discard pile is shuffled into a new deck at once. A curse "
            "cannot be one of the 3 gems. Declarers take back all at once. Match play: the next game starts with "
            "the player to the winner's right; the others are ranked by their points."
        ),
        f"{ID}.rules.readings": "**Our readings** (where the rulebook is silent; this server's settings now):",
        f"{ID}.reading.count_item": "{emoji}×{n}",
        f"{ID}.reading.deck": "• Card counts (the rulebook's card page is missing): {counts} — {total} cards.",
        f"{ID}.reading.deck_other": (
            "• Card counts (the rulebook's card page is missing): {counts} — **{total} cards**, not the rulebook's 30."
        ),
        f"{ID}.reading.first_player.random": (
            "• The first player is drawn at random (the rulebook says rock-paper-scissors or the like)."
        ),
        f"{ID}.reading.first_player.host": "• The first seat (the host) starts the first game.",
        f"{ID}.reading.push_onto_empty.true": (
            "• Steal & Push may target a player with no cards: nothing is taken, the push still happens."
        ),
        f"{ID}.reading.push_onto_empty.false": "• Steal & Push needs a target holding at least one card.",
        f"{ID}.reading.push_optional.false": "• The push is compulsory whenever you hold a card to give.",
        f"{ID}.reading.push_optional.true": "• The push is optional: you may keep your cards.",
        f"{ID}.reading.same_phase_win.shared": (
            "• Two or more declarers passing their check in the same end phase share the win."
        ),
        f"{ID}.reading.same_phase_win.seat_order": (
            "• If several declarers could pass their check in the same end phase, the first from the turn "
            "player's left wins."
        ),
        f"{ID}.reading.redeclare.false": "• No new declaration while your declaration cards are still out.",
        f"{ID}.reading.redeclare.true": (
            "• You may declare again while declaration cards are still out (3 more go face up)."
        ),
        f"{ID}.reading.limit_first.false": "• The hand limit is checked after the declaration.",
        f"{ID}.reading.limit_first.true": "• The hand limit is checked before the declaration.",
        f"{ID}.reading.arm_self.false": (
            "• Excavation Arm cannot dig itself up (it goes to the discard pile as it is played, so a literal "
            "reading would allow it)."
        ),
        f"{ID}.reading.arm_self.true": (
            "• Excavation Arm may dig itself up: it is in the discard pile as soon as it is played."
        ),
        f"{ID}.reading.peep_barred_counts.true": (
            "• Peeping Draw at most once per turn; a barred one still counts, and its draw is lost with it."
        ),
        f"{ID}.reading.peep_barred_counts.false": (
            "• Peeping Draw at most once per turn; a barred one does not count, so you may play another."
        ),
        f"{ID}.reading.barrier": (
            "• Every targeted player is asked about a Barrier, whether or not they hold one (an empty hand "
            "too), so the question reveals nothing; no answer within {timeout} s means no."
        ),
        f"{ID}.reading.max_turns": (
            "• Turn limit (not in the rulebook): after {turns} turns the game — in match play, the whole "
            "match — ends as a draw."
        ),
        f"{ID}.reading.match_play.false": "• Match play is off: one game.",
        f"{ID}.reading.match_play.true": "• Match play is on: first to {target} points.",
        f"{ID}.reading.buttons": "• Identical cards share one button.",
        f"{ID}.option.arm_self": "Excavation Arm can dig itself up",
        f"{ID}.option.arm_self.doc": "Off (default): the Arm cannot take itself back. On: it can, since played cards go to the discard pile at once. The rules do not say.",
        f"{ID}.option.peep_barred_counts": "A barred Peeping Draw uses up the turn's one",
        f"{ID}.option.peep_barred_counts.doc": "On (default): a Peeping Draw cancelled by a Barrier still counts as this turn's one. Off: you may play another Peeping Draw that turn.",
    },
    "ja": {
        f"{ID}.rules": (
            "**ゲットジェム**：2〜5人、約15分。**目的**：炎🔥、水💧、雷⚡の宝玉を集めて勝利宣言し、"
            "勝利確認まで宣言を守り抜くこと。"
        ),
        f"{ID}.teach.ours": "（Kadoの解釈）。",
        f"{ID}.teach.setup": (
            "**準備** 手札を4枚ずつ配り（非公開）、残りは山札にします。🔥💧⚡のエレメントカードは中央に置きます。"
            "手番は時計回りです。"
        ),
        f"{ID}.teach.first.random": "先手はランダムです",
        f"{ID}.teach.first.host": "ホストが先手です。",
        f"{ID}.teach.turn": (
            "**手番の流れ**\n"
            "1. **ドロー**：1枚引きます。\n"
            "2. **アクション**：何回でもできます。アクションカードを使う。宝玉3枚を捨てて、1人の手札からランダムに1枚取る。"
            "炎（または水、雷）2枚を捨てて、そのエレメントカードを持ち主から取る。\n"
            "3. **エンド**：勝利宣言できます。手札3枚を表向きに置き、エレメントカードと合わせて🔥💧⚡が揃っていること。"
            "続いて、自分以外の宣言中の人が全員、宣言カードを1枚手札に戻します。手札が7枚以上なら6枚まで捨てます。\n"
            "🌈虹はどの宝玉の代わりにもなります（💀呪いを持っているときは除く）。呪いは捨てられません。"
        ),
        f"{ID}.teach.end": (
            "**終わり方** 最後の宣言カードを戻した人は手札を公開し、手札とエレメントカードで🔥💧⚡が揃っていれば"
            "勝ちです。"
        ),
        f"{ID}.teach.match.true": "複数回プレイでは、勝者が10−3×（勝った手札の虹の枚数）点を得て、**{target}点**先取でマッチの勝ちです。",
        f"{ID}.teach.match.false": "",
        f"{ID}.teach.max_turns": "{turns}ターンで決着しなければ引き分けです",
        f"{ID}.teach.more": "すべてのカードとKadoの解釈は「解釈と設定」ボタンから。",
        f"{ID}.rules.more_button": "解釈と設定",
        f"{ID}.rules.cards": (
            "**カード**（TAKCHANのルールブックより）：🌈虹 — 呪いを持っていなければ、どれか1つの宝玉の代わりになります"
            "（エレメントカードを取るときは使えません）。💀呪い — 捨てられませんが、取られたり交換、押しつけされたりは"
            "します。✋スティール — 1人の手札からランダムに1枚取る。🔄全交換 — 1人と手札をまるごと交換。"
            "⛏️発掘アーム — 捨て札から好きな1枚を手札に加え、手札を1枚捨てる。🫴スティール&押しつけ — 1人の手札から"
            "ランダムに1枚取り、取ったカード以外の手札を1枚渡す。👁️ピーピングドロー — 1人の手札をすべて見て"
            "（自分だけ）、1枚引く。🛡️バリア — 他のプレイヤーのアクションカードの対象になったとき、それを無効にする。"
            "宝玉3枚のスティールとエレメント取得はアクションカードではありません。\n"
            "**細かい処理** 山札がなくなったら、その時点で捨て札をシャッフルして新しい山札にします。呪いは宝玉3枚に"
            "含められません。宣言カードは全員同時に戻します。複数回プレイでは、次のゲームは勝者の右隣から始め、"
            "2位以下はそのときの持ち点で決めます。"
        ),
        f"{ID}.rules.readings": "**Kadoでの解釈**（ルールブックに定めがない部分。このサーバーの現在の設定）：",
        f"{ID}.reading.count_item": "{emoji}{n}枚",
        f"{ID}.reading.deck": "・カードの枚数（ルールブックのカード一覧が無いため）：{counts} — 計{total}枚。",
        f"{ID}.reading.deck_other": (
            "・カードの枚数（ルールブックのカード一覧が無いため）：{counts} — **計{total}枚**"
            "（ルールブックの30枚とは異なります）。"
        ),
        f"{ID}.reading.first_player.random": (
            "・最初のゲームの先手はランダムに決めます（ルールブックでは「じゃんけんなどで」）。"
        ),
        f"{ID}.reading.first_player.host": "・最初のゲームは最初の席（ホスト）から始めます。",
        f"{ID}.reading.push_onto_empty.true": (
            "・スティール&押しつけは手札0枚のプレイヤーにも使えます。何も取れませんが、押しつけは行います。"
        ),
        f"{ID}.reading.push_onto_empty.false": "・スティール&押しつけの対象は、手札が1枚以上あるプレイヤーだけです。",
        f"{ID}.reading.push_optional.false": "・渡せるカードがあれば、押しつけは必ず行います。",
        f"{ID}.reading.push_optional.true": "・押しつけは任意です。渡さずに済ませることもできます。",
        f"{ID}.reading.same_phase_win.shared": (
            "・同じエンドフェイズで複数の宣言者が勝利確認に成功したら、全員の勝利です。"
        ),
        f"{ID}.reading.same_phase_win.seat_order": (
            "・同じエンドフェイズで複数の宣言者が勝利確認に成功しうるときは、手番プレイヤーの左から最初の人が勝ちます。"
        ),
        f"{ID}.reading.redeclare.false": "・宣言カードが残っている間は、新たに勝利宣言できません。",
        f"{ID}.reading.redeclare.true": (
            "・宣言カードが残っていても、もう一度勝利宣言できます（さらに3枚を表向きに置きます）。"
        ),
        f"{ID}.reading.limit_first.false": "・手札の上限は勝利宣言の後に確認します。",
        f"{ID}.reading.limit_first.true": "・手札の上限は勝利宣言の前に確認します。",
        f"{ID}.reading.arm_self.false": (
            "・発掘アームは自分自身を拾えません。使ったカードはすぐ捨て札になるので、文字どおりに読むと拾えてしまいます。"
        ),
        f"{ID}.reading.arm_self.true": "・発掘アームは自分自身を拾えます。使ったカードはすぐ捨て札になるからです。",
        f"{ID}.reading.peep_barred_counts.true": "・ピーピングドローは1ターンに1回まで。バリアされても使用済みになり、ドローも無効です。",
        f"{ID}.reading.peep_barred_counts.false": "・ピーピングドローは1ターンに1回まで。バリアされたものは数えないので、もう1枚使えます。",
        f"{ID}.reading.barrier": (
            "・アクションカードの対象者には、バリアを持っているかどうかに関係なく（手札0枚でも）必ず確認します。"
            "確認そのものから何も分かりません。{timeout}秒以内に返事がなければ「使わない」です。"
        ),
        f"{ID}.reading.max_turns": (
            "・ターン上限（ルールブックには無し）：{turns}ターンに達すると、ゲーム（複数回プレイではマッチ全体）が"
            "引き分けで終わります。"
        ),
        f"{ID}.reading.match_play.false": "・複数回プレイはオフ：1ゲームで終わります。",
        f"{ID}.reading.match_play.true": "・複数回プレイはオン：{target}点先取です。",
        f"{ID}.reading.buttons": "・同じ種類のカードは1つのボタンにまとめます。",
        f"{ID}.option.arm_self": "発掘アームで自分自身を拾える",
        f"{ID}.option.arm_self.doc": "オフ（既定）：発掘アームは自分自身を拾えません。オン：使ったカードはすぐ捨て札になるので、拾えます。ルールブックに定めはありません。",
        f"{ID}.option.peep_barred_counts": "バリアされたピーピングドローも1回に数える",
        f"{ID}.option.peep_barred_counts.doc": "オン（既定）：バリアで無効になったピーピングドローも、そのターンの1回に数えます。オフ：そのターンにもう1枚使えます。",
    },
}
