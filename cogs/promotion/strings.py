"""Promotion's catalogue for :mod:`bot.i18n` (``register(STRINGS)``); every key starts with ``promotion.``.

Suit symbols (♠♥♦♣) and the specials' names (SPIN90°, Down!, ...) are printed
on the card itself, so they stay as they are in both languages.
"""

from __future__ import annotations

from . import strings_moment

_EN: dict[str, str] = {
    "promotion.name": "Promotion",
    # its slash group (the package name: platform command texts write {cmd.promotion.new}) and its /game help line
    "cmd.promotion": "promotion",
    "promotion.help": "**{cmd.promotion.new}**",
    "cmd.promotion.pick": "pick",
    "cmd.promotion.pick.desc": "Pick your row in secret (you can change it until everyone has picked)",
    "cmd.promotion.opt.row": "row",
    "cmd.promotion.opt.row.desc": "Row 1–4 of the postcard side you face",
    "promotion.cmd.picked": "You picked row {row}. You can change it until everyone has picked.",
    "promotion.rules": (
        "**Promotion** (tomo000, Game Market 2014 autumn) — exactly 4 players, a standard deck without jokers. "
        "Be the first to hold a King (13).\n"
        "**Set-up.** Each player takes the 1–4 of one suit as row cards (parent first, then to the left). The "
        "parent names a suit and, from the parent clockwise, everyone takes its lowest card (5, 6, 7, 8); then the "
        "player to the parent's right becomes parent and names another suit, until everyone has one field card of "
        "each suit. The 5–13 left form four face-up supply piles. Field cards and supply are public.\n"
        "**Each round.** The parent lays the postcard facing any way; the player to their right may turn it 180°. "
        "The side facing you is yours. Everyone secretly picks a row 1–4 (you may change it until all four have "
        "picked); then all picks are revealed together, so Change! may see what the others will do first.\n"
        "**Row 1 — specials**, by the order number printed beside each; each player resolves at most one, and the "
        "order never goes back. SPIN90° (1): turn the card 90° clockwise; everyone then uses the side now facing "
        "them. Down! (2): every other player swaps their highest field card for the next lower card in the supply "
        "(if several tie, that player chooses which). Change! (3): swap one of your field cards with another "
        "player's card of the same suit (mandatory). Wild! (4): raise one of your field cards.\n"
        "**Rows 2–4**, in order: a suit listed for two or more players who chose the same row clashes, and nobody "
        "gets it; every other listed suit is raised — your card goes back and you take the next higher card in "
        "the supply (cards other players hold are skipped).\n"
        "Whoever holds a 13 after any step wins; simultaneous Kings share the win. Otherwise the parent passes "
        "to the player on the left and a new round starts."
    ),
    "promotion.rules.readings": "**Our readings and additions** (not in the source, or our reading of it) — this game's settings:",
    "promotion.rules.reading.seats": (
        "• **Seats and the card.** Turn order goes clockwise (to the left). The order numbers on the card ascend "
        "counter-clockwise, so after SPIN90° everyone faces the side their right-hand neighbour faced — which is "
        "what the source's worked example shows."
    ),
    "promotion.rules.reading.postcard": (
        "• **Postcard: {layout}.** The original card survives only as a picture we do not have, so this layout is "
        "our reconstruction: each row lists every suit on two sides (so picks can clash), and every side lists "
        "all four suits. Side: row 1 | row 2 | row 3 | row 4:"
    ),
    "promotion.rules.postcard_side": "{side}: 1 {special} ({order}) | 2 {row2} | 3 {row3} | 4 {row4}",
    "promotion.rules.reading.down_tie.any": (
        "• **Down! ties: any tied card.** The affected player may choose a tied card with nothing lower in the "
        "supply and so escape Down! — the source's words allow it."
    ),
    "promotion.rules.reading.down_tie.must_move": (
        "• **Down! ties: one that can go down.** If any tied card can go down, the affected player must choose "
        "one of those."
    ),
    "promotion.rules.reading.row1_first.on": (
        "• **Row 1 first: on.** Only the row-1 picks are revealed at first; row 1 resolves; then the other picks "
        "are revealed (the source's Q&A allows this by agreement)."
    ),
    "promotion.rules.reading.row1_first.off": (
        "• **Row 1 first: off.** All picks are revealed together. (The source's Q&A lets a group reveal row 1 "
        "first instead.)"
    ),
    "promotion.rules.reading.first_parent.random": (
        "• **First parent: random.** The source says to decide it any way you like."
    ),
    "promotion.rules.reading.first_parent.host": "• **First parent: whoever opened the game.**",
    "promotion.rules.reading.orient_each_round.on": (
        "• **Orientation every round.** The source describes orienting the card at the start and passes the "
        "parent every round; we let each new parent orient it (and their right-hand neighbour turn it)."
    ),
    "promotion.rules.reading.orient_each_round.off": (
        "• **Orientation once.** Only before round 1, as the source describes; afterwards only SPIN90° turns it."
    ),
    "promotion.rules.reading.max_rounds": (
        "• **Round limit: {rounds}.** Not in the source: after {rounds} rounds without a King the game is a draw, "
        "so every game ends."
    ),
    "promotion.suit.S": "spades",
    "promotion.suit.H": "hearts",
    "promotion.suit.D": "diamonds",
    "promotion.suit.C": "clubs",
    "promotion.skipped": "{line} (skipping {cards})",
    "promotion.skipped_held": "{value} held by {name}",
    "promotion.title.setup": "Promotion — set-up",
    "promotion.title.round": "Promotion — round {round}",
    "promotion.status.suit": "{name} chooses the suit of their row cards.",
    "promotion.status.name": "{name} (parent) names a suit for the field deal.",
    "promotion.status.orient": "{name} (parent) orients the postcard.",
    "promotion.status.turn": "{name} may turn the postcard 180°.",
    "promotion.status.pick": "Everyone picks a row in secret. Still picking: {names}",
    "promotion.status.choose.down": "Down!: {name} chooses which tied highest card goes down.",
    "promotion.status.choose.change": "Change!: {name} chooses a card to swap.",
    "promotion.status.choose.wild": "Wild!: {name} chooses a card to raise.",
    "promotion.status.king": "👑 {names} got a King and won!",
    "promotion.status.draw": "No King after {rounds} rounds: the game is a draw.",
    "promotion.board.parent_mark": "(parent)",
    "promotion.board.row_cards": "Row cards: {suit}",
    "promotion.board.faces": "Faces {side}",
    "promotion.board.picked_yes": "✅ has picked",
    "promotion.board.picked_no": "⌛ picking…",
    "promotion.board.picked_row": "Picked row {row}",
    "promotion.board.picked_hidden": "Row 2–4 (revealed after row 1)",
    "promotion.board.supply": "Supply",
    "promotion.board.postcard": "Postcard",
    "promotion.board.log": "Log",
    "promotion.board.footer": "First to a King (13) wins · draw after {max_rounds} rounds",
    "promotion.private.field": "Your field: {cards}",
    "promotion.private.faces": "You face {side} (order {order}) · rows {rows}",
    "promotion.private.pick_now": "Pick a row in secret.",
    "promotion.private.picked": "Your pick: row {row}. You can change it until everyone has picked.",
    "promotion.private.row1_help": "Row 1 = {special}: {effect}.",
    "promotion.private.rows_help": (
        "Rows 2–4 raise both suits shown, except a suit that another player on the same row also has (a clash)."
    ),
    "promotion.private.special.spin": "turn the postcard 90° clockwise; everyone then uses the side facing them",
    "promotion.private.special.down": "every other player lowers their highest field card by one step",
    "promotion.private.special.change": "swap one of your field cards with another player's card of that suit",
    "promotion.private.special.wild": "raise one of your field cards",
    "promotion.private.you_moves": "After the reveal, your cards: {moves}",
    "promotion.private.you_none": "After the reveal, none of your cards changed.",
    "promotion.private.you_changed_by": "{old} → {new} ({name}'s Change!)",
    "promotion.private.result.won": "🏆 You won: you got a King!",
    "promotion.private.result.shared": "🏆 You won, sharing the win with {names}: you all got a King!",
    "promotion.private.result.lost": "{names} won with a King. You did not get one this time.",
    "promotion.private.result.draw": "No King after {rounds} rounds: a draw, nobody wins.",
    "promotion.control.suit": "Row cards: {suit} {suit_name}",
    "promotion.control.name": "Name {suit} {suit_name} (you take {card})",
    "promotion.control.orient": "Face {side} · {rows}",
    "promotion.control.turn_no": "Keep: you face {side}",
    "promotion.control.turn_yes": "Turn 180°: you face {side}",
    "promotion.control.pick_special": "Row 1: {special} ({order})",
    "promotion.control.pick_row": "Row {row}: {suits} (as now: {moves})",
    "promotion.private.postcard": "**Postcard now**: {sides}",
    "promotion.private.hint_note": (
        "Row buttons show the cards as they lie now: a SPIN90°, a clash or an earlier move in the same suit "
        "can change what you get."
    ),
    "promotion.control.down": "Lower {card} → {new}",
    "promotion.control.down_none": "Lower {card} (nothing lower: no change)",
    "promotion.control.change": "Take {name}'s {theirs} for your {mine}",
    "promotion.control.wild": "Raise {card} → {new}",
    "promotion.control.wild_none": "{card} (nothing higher: no change)",
    "promotion.event.row_suit": "{name} takes {suit} 1–4 as row cards.",
    "promotion.event.named": "{name} names {suit} {suit_name}.",
    "promotion.event.dealt": "Dealt: {cards}",
    "promotion.event.round": "Round {round} — parent: {name}.",
    "promotion.event.oriented": "{name} orients the postcard: {faces}.",
    "promotion.event.turned": "{name} turns the postcard 180°: {faces}.",
    "promotion.event.not_turned": "{name} leaves the postcard as it is.",
    "promotion.event.spin": "SPIN90°! The postcard turns: {faces}.",
    "promotion.event.picked": "{name} has picked.",
    "promotion.event.pick": "You picked row {row}.",
    "promotion.event.pick_changed": "You changed your pick to row {row}.",
    "promotion.event.pick_round": "Round {round}: you picked row {row}.",
    "promotion.event.pick_changed_round": "Round {round}: you changed your pick to row {row}.",
    "promotion.event.revealed": "Picks revealed: {picks}.",
    "promotion.event.revealed_one": "{name} row {row}",
    "promotion.event.revealed_row1": "Row 1 revealed first: {names}. The other picks stay hidden until row 1 is resolved.",
    "promotion.event.special": "Row 1: {name} resolves {special} ({order}).",
    "promotion.event.special_missed": "Row 1: {name} now faces {special} ({order}), but its turn has passed: nothing happens.",
    "promotion.event.down_move": "Down!: {name} {old} → {new}",
    "promotion.event.down_none": "Down!: {name} keeps {card} (nothing lower in the supply).",
    "promotion.event.change": "Change!: {name} takes {target}'s {took} and gives {gave}.",
    "promotion.event.wild": "Wild!: {name} {old} → {new}",
    "promotion.event.wild_none": "Wild!: {name} has no card that can rise.",
    "promotion.event.row": "Row {row}: {picks}.",
    "promotion.event.clash": "{suit} clashes ({names}).",
    "promotion.event.raise": "Row {row}: {name} {old} → {new}",
    "promotion.event.raise_none": "Row {row}: {name} keeps {card} (nothing higher in the supply).",
    "promotion.event.king": "👑 King for {names}!",
    "promotion.event.round_end": "End of round {round}.",
    "promotion.event.draw": "No King after {rounds} rounds: draw.",
    "promotion.error.not_your_turn": "It is not your turn to choose.",
    "promotion.error.illegal_action": "That is not allowed right now.",
    "promotion.error.game_over": "The game is over.",
    # rule options: labels and what they do (settings, lobby)
    "promotion.option.postcard": "Postcard layout",
    "promotion.option.postcard.doc": "Which postcard is used. The original card survives only as a picture we do not have, so both layouts are our reconstructions; each lists every suit twice per row (so picks can clash) and all four suits on every side.",
    "promotion.option.postcard.rules_md_v1": "Reconstruction v1 (default)",
    "promotion.option.postcard.paired_v1": "Paired rows (rows 2 and 3 of each side together cover all four suits)",
    "promotion.option.down_tie": "Down! with tied highest cards",
    "promotion.option.down_tie.doc": "The source lets the affected player choose which tied card goes down. “Any tied card” takes that literally: choosing one with nothing lower in the supply dodges Down! entirely. “One that can go down” makes them pick a tied card that actually moves, when there is one.",
    "promotion.option.down_tie.any": "Any tied card (source wording)",
    "promotion.option.down_tie.must_move": "One that can go down",
    "promotion.option.row1_first": "Reveal row 1 first",
    "promotion.option.row1_first.doc": "From the source's Q&A: if everyone agrees, only the row-1 picks are revealed at first, row 1 resolves, and then the other picks are revealed. Change! then cannot see what the others chose.",
    "promotion.option.first_parent": "First parent",
    "promotion.option.first_parent.doc": "Who is the first parent: drawn at random, or the player who opened the game (seat 1).",
    "promotion.option.first_parent.random": "Random",
    "promotion.option.first_parent.host": "Whoever opened the game",
    "promotion.option.orient_each_round": "Orient the postcard every round",
    "promotion.option.orient_each_round.doc": "On: every round the parent orients the postcard and the player to their right may turn it 180°. Off: only before round 1, as the source describes.",
    "promotion.option.max_rounds": "Round limit (draw after it)",
    "promotion.option.max_rounds.doc": "Not in the source: after this many rounds without a King the game ends as a draw, so every game ends.",
}

_JA: dict[str, str] = {
    "promotion.name": "プロモーション",
    "cmd.promotion": "プロモーション",
    "promotion.help": "**{cmd.promotion.new}**",
    "cmd.promotion.pick": "選ぶ",
    "cmd.promotion.pick.desc": "段をこっそり選びます（全員が選び終わるまで変更できます）",
    "cmd.promotion.opt.row": "段",
    "cmd.promotion.opt.row.desc": "自分が向いている面の1〜4段目",
    "promotion.cmd.picked": "{row}段目を選びました。全員が選び終わるまで変更できます。",
    "promotion.rules": (
        "**プロモーション**（tomo000／ゲームマーケット2014秋）：4人専用。ジョーカーを除いたトランプ1組を使います。"
        "誰よりも早くK（13）を手に入れた人の勝ちです。\n"
        "**準備** 親から時計回りに、好きなマークの1〜4を1枚ずつ取って段札にします。親がマークを1つ宣言し、"
        "親から時計回りにそのマークの小さいカードから1枚ずつ取って場札にします（5・6・7・8）。続いて親の右隣が"
        "親になり、まだ宣言されていないマークを宣言します。全員が各マークの場札を1枚ずつ持つまで繰り返します。"
        "残った5〜13はマークごとに表向きに並べて場とします。場札と場は全員に公開されています。\n"
        "**各ラウンド** 親がポストカードを好きな向きに置き、親の右隣はそれを180°回転させてもかまいません。"
        "自分の方を向いている面が自分の面です。全員が1〜4段目のどれを使うかを秘密で選び（全員が選び終えるまで"
        "変更できます）、一斉に公開します。そのため、Change!を使う人は他の人の選択を見てから交換相手を選べます。\n"
        "**1段目（特殊効果）** 横に書かれた発動順に解決します。解決するのは1人1回までで、発動順が遡ることは"
        "ありません。SPIN90°（1）：ポストカードを時計回りに90°回転させます。以後は全員が、自分の方を向いた"
        "新しい面を使います。Down!（2）：自分以外の全員が、いちばん大きい場札を場の1つ小さいカードと交換します"
        "（同じ数字が複数あれば、効果を受けた人が選びます）。Change!（3）：他のプレイヤーの場札1枚を、自分の"
        "同じマークの場札と交換します（必ず交換します）。Wild!（4）：自分の場札1枚を1つ上げます。\n"
        "**2〜4段目** 段の順に解決します。同じ段を選んだ2人以上の面に共通するマークは被り、誰も上げられません。"
        "それ以外のマークは上がります。場札を場に戻し、場にある1つ大きいカードを取ります（他の人が持っている"
        "数字は飛ばします）。\n"
        "どの解決の後でも、13を持っている人が勝ちです。同時に手に入れたら全員の勝ちです。勝者が出なければ親は"
        "左隣に移り、次のラウンドに進みます。"
    ),
    "promotion.rules.readings": (
        "**Kadoでの解釈と補い**（ルールブックにない部分、またはKadoの読み方）：このゲームの設定"
    ),
    "promotion.rules.reading.seats": (
        "• **席とポストカードの向き** 手番は時計回り（左隣へ）に進みます。ポストカードの発動順の番号は"
        "反時計回りに並んでいるものとします。そのためSPIN90°の後は、全員が右隣の人の向いていた面を向きます。"
        "ルールブックの処理例と一致する読み方です。"
    ),
    "promotion.rules.reading.postcard": (
        "• **ポストカード：{layout}** ルールブックのカードは画像でしか残っておらず、Kadoはそれを確認できません。"
        "この配置はKadoによる再構成です。どの段でも各マークが2つの面に書かれ（だから選択が被ります）、"
        "どの面にも4つのマークがすべて載っています。面：1段目｜2段目｜3段目｜4段目"
    ),
    "promotion.rules.postcard_side": "{side}：1 {special}（{order}）｜2 {row2}｜3 {row3}｜4 {row4}",
    "promotion.rules.reading.down_tie.any": (
        "• **Down!で同じ数字があるとき：どれでも** 効果を受けた人は、場に1つ小さいカードがないものを選んで"
        "Down!をかわせます。ルールブックの文言どおりの読み方です。"
    ),
    "promotion.rules.reading.down_tie.must_move": (
        "• **Down!で同じ数字があるとき：下げられるもの** 同じ数字の中に下げられるカードがあれば、その中から"
        "選びます。"
    ),
    "promotion.rules.reading.row1_first.on": (
        "• **1段目を先に公開：オン** まず1段目を選んだ人だけが公開し、1段目を解決してから残りの人が公開します"
        "（ルールブックのQ&Aで、全員の合意があれば認められている方法です）。"
    ),
    "promotion.rules.reading.row1_first.off": (
        "• **1段目を先に公開：オフ** 全員が一斉に公開します（ルールブックのQ&Aでは、合意のうえで1段目を先に"
        "公開する方法も認められています）。"
    ),
    "promotion.rules.reading.first_parent.random": (
        "• **最初の親：ランダム** ルールブックでは「適当に」決めることになっています。"
    ),
    "promotion.rules.reading.first_parent.host": "• **最初の親：ゲームを立てた人**",
    "promotion.rules.reading.orient_each_round.on": (
        "• **毎ラウンド向きを決める** ルールブックが説明しているのはゲーム開始時の向きの決め方で、親は毎ラウンド"
        "交代します。Kadoでは毎ラウンド新しい親が向きを決め、その右隣が180°回転させられます。"
    ),
    "promotion.rules.reading.orient_each_round.off": (
        "• **向きは最初だけ** ルールブックどおり第1ラウンドの前にだけ決めます。その後はSPIN90°でしか"
        "回りません。"
    ),
    "promotion.rules.reading.max_rounds": (
        "• **ラウンド上限：{rounds}** ルールブックにない補いです。{rounds}ラウンドでKが出なければ引き分けとし、"
        "どのゲームも必ず終わるようにしています。"
    ),
    "promotion.suit.S": "スペード",
    "promotion.suit.H": "ハート",
    "promotion.suit.D": "ダイヤ",
    "promotion.suit.C": "クラブ",
    "promotion.skipped": "{line}（{cards}を飛ばしました）",
    "promotion.skipped_held": "{name}の{value}",
    "promotion.title.setup": "プロモーション — 準備",
    "promotion.title.round": "プロモーション — 第{round}ラウンド",
    "promotion.status.suit": "{name}が段札のマークを選んでいます。",
    "promotion.status.name": "親の{name}が、場札を配るマークを宣言します。",
    "promotion.status.orient": "親の{name}がポストカードの向きを決めます。",
    "promotion.status.turn": "{name}はポストカードを180°回転させることができます。",
    "promotion.status.pick": "全員が秘密で段を選んでいます。まだ選んでいない人：{names}",
    "promotion.status.choose.down": "Down!：{name}が下げるカードを選んでいます。",
    "promotion.status.choose.change": "Change!：{name}が交換するカードを選んでいます。",
    "promotion.status.choose.wild": "Wild!：{name}が上げるカードを選んでいます。",
    "promotion.status.king": "👑 Kを手に入れた{names}の勝ち！",
    "promotion.status.draw": "{rounds}ラウンドでKが出なかったため、引き分けです。",
    "promotion.board.parent_mark": "（親）",
    "promotion.board.row_cards": "段札：{suit}",
    "promotion.board.faces": "面：{side}",
    "promotion.board.picked_yes": "✅ 選択済み",
    "promotion.board.picked_no": "⌛ 選択中…",
    "promotion.board.picked_row": "{row}段目を選択",
    "promotion.board.picked_hidden": "2〜4段目（1段目の後に公開）",
    "promotion.board.supply": "場",
    "promotion.board.postcard": "ポストカード",
    "promotion.board.log": "ログ",
    "promotion.board.footer": "最初にK（13）を手に入れた人の勝ち・{max_rounds}ラウンドで引き分け",
    "promotion.private.field": "あなたの場札：{cards}",
    "promotion.private.faces": "あなたの面：{side}（発動順{order}）・段：{rows}",
    "promotion.private.pick_now": "使う段を秘密で選んでください。",
    "promotion.private.picked": "{row}段目を選びました。全員が選び終えるまで変更できます。",
    "promotion.private.row1_help": "1段目＝{special}：{effect}。",
    "promotion.private.rows_help": (
        "2〜4段目：書かれた2つのスートを上げます。ただし同じ段を選んだほかの人と重なったスートは上がりません（衝突）。"
    ),
    "promotion.private.special.spin": "ポストカードを時計回りに90°回し、全員が新しく向いた面を使う",
    "promotion.private.special.down": "ほかの全員が一番高い場札を1段階下げる",
    "promotion.private.special.change": "自分の場札1枚を、ほかの人の同じスートの札と交換する",
    "promotion.private.special.wild": "自分の場札1枚を上げる",
    "promotion.private.you_moves": "公開後のあなたの場札：{moves}",
    "promotion.private.you_none": "公開後、あなたの場札は変わりませんでした。",
    "promotion.private.you_changed_by": "{old} → {new}（{name}のChange!）",
    "promotion.private.result.won": "🏆 あなたの勝ちです！Kを手に入れました。",
    "promotion.private.result.shared": "🏆 あなたの勝ちです！{names}と同時にKを手に入れ、勝ちを分け合いました。",
    "promotion.private.result.lost": "{names}がKを手に入れて勝ちました。あなたは今回Kに届きませんでした。",
    "promotion.private.result.draw": "{rounds}ラウンドでKが出なかったため、引き分けです。勝者はいません。",
    "promotion.control.suit": "段札：{suit}{suit_name}",
    "promotion.control.name": "{suit}{suit_name}を宣言（{card}を取る）",
    "promotion.control.orient": "{side}を向く・{rows}",
    "promotion.control.turn_no": "そのまま：あなたは{side}",
    "promotion.control.turn_yes": "180°回転：あなたは{side}",
    "promotion.control.pick_special": "1段目：{special}（{order}）",
    "promotion.control.pick_row": "{row}段目：{suits}（今のままなら{moves}）",
    "promotion.private.postcard": "**今のポストカード**：{sides}",
    "promotion.private.hint_note": (
        "段のボタンは今の場札のままの場合です。SPIN90°や被り、同じスートが先に動くと結果は変わります。"
    ),
    "promotion.control.down": "{card}を下げる（→ {new}）",
    "promotion.control.down_none": "{card}（下のカードがなく変化なし）",
    "promotion.control.change": "{name}の{theirs}と自分の{mine}を交換",
    "promotion.control.wild": "{card}を上げる（→ {new}）",
    "promotion.control.wild_none": "{card}（上のカードがなく変化なし）",
    "promotion.event.row_suit": "{name}が{suit}の1〜4を段札にしました。",
    "promotion.event.named": "{name}が{suit}{suit_name}を宣言しました。",
    "promotion.event.dealt": "配られた場札：{cards}",
    "promotion.event.round": "第{round}ラウンド — 親：{name}",
    "promotion.event.oriented": "{name}がポストカードの向きを決めました：{faces}",
    "promotion.event.turned": "{name}がポストカードを180°回転させました：{faces}",
    "promotion.event.not_turned": "{name}はポストカードを回転させませんでした。",
    "promotion.event.spin": "SPIN90°！ポストカードが回転しました：{faces}",
    "promotion.event.picked": "{name}が段を選びました。",
    "promotion.event.pick": "{row}段目を選びました。",
    "promotion.event.pick_changed": "{row}段目に変更しました。",
    "promotion.event.pick_round": "第{round}ラウンド：あなたは{row}段目を選びました。",
    "promotion.event.pick_changed_round": "第{round}ラウンド：あなたは{row}段目に変更しました。",
    "promotion.event.revealed": "選択を公開：{picks}",
    "promotion.event.revealed_one": "{name}は{row}段目",
    "promotion.event.revealed_row1": "1段目を先に公開：{names}。残りの選択は1段目の解決後に公開されます。",
    "promotion.event.special": "1段目：{name}が{special}（{order}）を発動しました。",
    "promotion.event.special_missed": (
        "1段目：{name}の前は{special}（{order}）になりましたが、その発動順はもう過ぎたため何も起きません。"
    ),
    "promotion.event.down_move": "Down!：{name} {old} → {new}",
    "promotion.event.down_none": "Down!：{name}の{card}はそのまま（場に下のカードがありません）。",
    "promotion.event.change": "Change!：{name}が{target}の{took}を取り、{gave}を渡しました。",
    "promotion.event.wild": "Wild!：{name} {old} → {new}",
    "promotion.event.wild_none": "Wild!：{name}には上げられるカードがありません。",
    "promotion.event.row": "{row}段目：{picks}。",
    "promotion.event.clash": "{suit}が被りました（{names}）。",
    "promotion.event.raise": "{row}段目：{name} {old} → {new}",
    "promotion.event.raise_none": "{row}段目：{name}の{card}はそのまま（場に上のカードがありません）。",
    "promotion.event.king": "👑 {names}がKを手に入れました！",
    "promotion.event.round_end": "第{round}ラウンド終了。",
    "promotion.event.draw": "{rounds}ラウンドでKが出ず、引き分けになりました。",
    "promotion.error.not_your_turn": "いまはあなたが選ぶ番ではありません。",
    "promotion.error.illegal_action": "いまはその操作はできません。",
    "promotion.error.game_over": "ゲームはすでに終了しています。",
    # rule options: labels and what they do (settings, lobby)
    "promotion.option.postcard": "ポストカードの配置",
    "promotion.option.postcard.doc": (
        "使うポストカードです。ルールブックのカードは画像でしか残っておらず、Kadoはそれを確認できないため、"
        "どちらの配置もKadoによる再構成です。どちらも、各段で各マークが2つの面に書かれ（だから選択が被ります）、"
        "どの面にも4つのマークがすべて載っています。"
    ),
    "promotion.option.postcard.rules_md_v1": "再構成v1（既定）",
    "promotion.option.postcard.paired_v1": "組み合わせ型（各面の2段目と3段目で4つのマークがそろう）",
    "promotion.option.down_tie": "Down!で同じ数字があるとき",
    "promotion.option.down_tie.doc": (
        "ルールブックでは、いちばん大きい場札が複数あるとき、効果を受けた人がどれを下げるか選べます。"
        "「どれでも」は文言どおりの読み方で、場に1つ小さいカードがないものを選べばDown!を丸ごとかわせます。"
        "「下げられるもの」では、実際に下がるカードがあれば、その中から選びます。"
    ),
    "promotion.option.down_tie.any": "どれでも（ルールブックの文言どおり）",
    "promotion.option.down_tie.must_move": "下げられるもの",
    "promotion.option.row1_first": "1段目を先に公開",
    "promotion.option.row1_first.doc": (
        "ルールブックのQ&Aより：全員が合意すれば、まず1段目を選んだ人だけが公開し、1段目の効果を解決してから"
        "残りの人が公開します。この場合、Change!を使う人は他の人の選択を見てから選ぶことができません。"
    ),
    "promotion.option.first_parent": "最初の親",
    "promotion.option.first_parent.doc": "最初の親の決め方です。ランダムに決めるか、ゲームを立てた人（席1）にします。",
    "promotion.option.first_parent.random": "ランダム",
    "promotion.option.first_parent.host": "ゲームを立てた人",
    "promotion.option.orient_each_round": "毎ラウンド向きを決める",
    "promotion.option.orient_each_round.doc": (
        "オン：毎ラウンド親がポストカードの向きを決め、親の右隣は180°回転させてもかまいません。"
        "オフ：ルールブックどおり、第1ラウンドの前にだけ決めます。"
    ),
    "promotion.option.max_rounds": "ラウンド上限（超えると引き分け）",
    "promotion.option.max_rounds.doc": (
        "ルールブックにない補いです。このラウンド数までにKが出なければ引き分けとし、どのゲームも必ず終わる"
        "ようにします。"
    ),
}

STRINGS: dict[str, dict[str, str]] = {"en": {**_EN, **strings_moment.EN}, "ja": {**_JA, **strings_moment.JA}}
