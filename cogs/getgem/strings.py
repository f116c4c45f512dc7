"""GETGEM catalogues (English and Japanese); every key starts with ``getgem.``.

Japanese card names follow the source rule sheet (スティール, 全交換, 発掘アーム,
スティール&押しつけ×ピーピングドロー, スティール&押しつけ×バリア, 炎/水/雷/虹/呪いの宝玉).
"""

from __future__ import annotations

_RULES_EN = """**GETGEM** — 2–5 players. Collect fire 🔥, water 💧 and thunder ⚡, declare, and survive.
**Cards** (our counts — the source's card page is missing): fire, water, thunder ×4 each, rainbow 🌈 ×2, \
curse 💀 ×2; Steal ×4, Full Exchange ×2, Excavation Arm ×3, Steal & Push / Peeping Draw ×3, \
Steal & Push / Barrier ×2; 3 element cards start in the centre.
**Setup**: 4 hidden cards each; random first player; play in seat order.
**Turn**: draw 1 (an empty deck is rebuilt from the shuffled discard pile). Then, any number of times:
• play an action card; • discard 3 gems (not curse) to take a random card from a player; \
• discard 2 fire (or water, or thunder) to take that element card from the centre or its holder (no rainbows).
**End**: you may declare — put 3 hand cards face up; with your element cards they must show 🔥💧⚡ \
(each rainbow is wild unless you have a curse). Not while you already have declared cards out. \
Then every other declarer takes one declared card back (their choice; in seat order from your left). \
Whoever takes back their last one reveals their hand: if hand + elements show 🔥💧⚡ they win. \
Finally discard down to 6 (never a curse).
**Cards**: Steal — random card from a player. Full Exchange — swap whole hands. Excavation Arm — take a \
card from the discard pile (not the Arm itself), then discard one. Steal & Push — take a random card, then \
give them one of yours (not the one taken; compulsory if you have one). Peeping Draw — see a player's hand \
(only you), then draw 1; once per turn (a barred one counts). Barrier — when another player's action card \
targets you, cancel it (not 3-gem steals or element takes). Every targeted player is asked about Barrier, \
holder or not; no answer in time means no.
**Our readings**: one action per card type where copies are identical; a target with no cards is not \
asked (everyone can see it holds no Barrier). The game ends as a draw after the turn cap (option \
`max_turns`, 200). Match play (option): a win scores 10 − 3 × rainbows in the winning hand; the next game \
starts with the winner's right; first to 10 wins; the turn cap ends the whole match as a draw."""

_RULES_JA = """**ゲットジェム** — 2〜5人。炎🔥・水💧・雷⚡の宝玉を揃えて勝利宣言し、逃げ切れ!
**カード**(枚数は当ボットの決定。原典の一覧ページが無いため):炎・水・雷 各4、虹🌈 2、呪い💀 2、\
スティール4、全交換2、発掘アーム3、スティール&押しつけ×ピーピングドロー3、スティール&押しつけ×バリア2。\
宝玉エレメントカード3枚は中央から開始。
**準備**:手札4枚ずつ(非公開)。先手はランダム、席順に進行。
**手番**:1枚ドロー(山札が無ければ捨て札をシャッフルして山札に)。その後、何度でも:\
• アクションカードを使う • 宝玉3枚(呪い以外)を捨てて、1人から手札をランダムに1枚取る \
• 炎(水・雷)2枚を捨てて、そのエレメントカードを中央か持ち主から取る(虹は不可)。
**エンドフェイズ**:勝利宣言できる — 手札3枚を表向きに置き、エレメントと合わせて🔥💧⚡が揃うこと\
(呪いを持っていると虹は代用不可)。宣言中は再宣言不可。次に、手番以外の宣言中プレイヤー全員が\
宣言カードを1枚手札に戻す(本人が選ぶ。手番の左から順)。最後の1枚を戻した人は手札を公開し、\
手札+エレメントで🔥💧⚡が揃っていれば勝利。最後に手札が7枚以上なら6枚まで捨てる(呪いは捨てられない)。
**効果**:スティール — 1人から手札をランダムに1枚。全交換 — 手札を丸ごと交換。発掘アーム — 捨て札から1枚\
(そのアーム自身は不可)を手札に加え、手札を1枚捨てる。スティール&押しつけ — ランダムに1枚取り、\
取ったカード以外の手札1枚を相手に渡す(渡せるなら必須)。ピーピングドロー — 1人の手札を見て(自分だけ)、\
1枚ドロー。1ターン1回(バリアされても使用済み)。バリア — 他人のアクションカードの対象になったとき無効化\
(宝玉3枚スティール・エレメント取得には使えない)。対象者には所持に関係なく必ずバリア確認が届き、\
時間切れは「使わない」。
**当ボットの解釈**:同じ種類のカードは1つのボタンにまとめる。手札0枚の対象にはバリア確認をしない。\
ターン上限(`max_turns`、200)で引き分け。複数回プレイ(オプション):勝者は10−3×(勝利手札の虹の枚数)点、\
次のゲームは勝者の右隣から、10点先取で優勝。ターン上限に達するとマッチ全体が引き分け。"""

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "getgem.name": "GETGEM",
        "getgem.rules": _RULES_EN,
        "getgem.centre": "the centre",
        # cards
        "getgem.card.fire": "Fire",
        "getgem.card.water": "Water",
        "getgem.card.thunder": "Thunder",
        "getgem.card.rainbow": "Rainbow",
        "getgem.card.curse": "Curse",
        "getgem.card.steal": "Steal",
        "getgem.card.exchange": "Full Exchange",
        "getgem.card.arm": "Excavation Arm",
        "getgem.card.push_peep": "Steal & Push / Peeping Draw",
        "getgem.card.push_barrier": "Steal & Push / Barrier",
        # effects
        "getgem.effect.steal": "Steal",
        "getgem.effect.exchange": "Full Exchange",
        "getgem.effect.arm": "Excavation Arm",
        "getgem.effect.push": "Steal & Push",
        "getgem.effect.peep": "Peeping Draw",
        "getgem.effect.gem3": "3-gem steal",
        # phases and waits
        "getgem.phase.action": "{name}'s action phase.",
        "getgem.phase.end": "{name}'s end phase.",
        "getgem.phase.over": "The game is over.",
        "getgem.wait.barrier": "{by} used {effect} on {name}: waiting for {name} to answer the Barrier prompt.",
        "getgem.wait.takeback": "Waiting for {name} to take back a declaration card.",
        "getgem.wait.push": "Waiting for {name} to choose a card to push.",
        "getgem.wait.arm_discard": "Waiting for {name} to discard a card (Excavation Arm).",
        "getgem.wait.limit": "Waiting for {name} to discard down to 6.",
        "getgem.result.win": "🏆 {name} wins!",
        "getgem.result.turn_cap": "The turn limit was reached: the game is a draw.",
        "getgem.result.draw": "The game is a draw.",
        # board
        "getgem.board.title": "GETGEM — turn {turn}",
        "getgem.board.title_match": "GETGEM — game {game}, turn {turn}",
        "getgem.board.hand": "🂠 {count} in hand",
        "getgem.board.elements": "Elements: {cards}",
        "getgem.board.declared": "Declared: {cards} — {left} take-back(s) to survive",
        "getgem.board.points": "Points: {points}/{target}",
        "getgem.board.centre": "Elements in the centre",
        "getgem.board.piles": "Piles",
        "getgem.board.piles_value": "Deck: {deck} · Discard: {discard} (top: {top})",
        "getgem.board.log": "Log",
        "getgem.board.footer": "Collect 🔥💧⚡ · 🌈 is wild unless you hold 💀 · hands are in your DMs",
        # private
        "getgem.private.hand": "**Your hand ({count})**",
        "getgem.private.elements": "Your elements: {cards}",
        "getgem.private.declared": "Your declaration: {cards} — {left} take-back(s) to go",
        "getgem.private.known": "You know {name} holds: {cards}",
        "getgem.private.waiting": "Waiting for {name}.",
        # prompts
        "getgem.prompt.action": "Your action phase: play cards, steal with 3 gems, take elements — or declare / end your turn.",
        "getgem.prompt.target": "{effect}: choose a player.",
        "getgem.prompt.gem3": "3-gem steal: choose gem {step} of 3 to discard (chosen: {picked}).",
        "getgem.prompt.declare": "Declare victory: choose card {step} of 3 to put face up (chosen: {picked}).",
        "getgem.prompt.push": "You took {taken} from {name}. Choose a card to give them.",
        "getgem.prompt.barrier": "{name} targets you with {effect}. Use a Barrier?",
        "getgem.prompt.limit": "Discard down to 6: {count} more card(s). Curses cannot be discarded.",
        "getgem.prompt.dig": "Excavation Arm: choose a card to take from the discard pile.",
        "getgem.prompt.arm_discard": "Excavation Arm: now discard a card from your hand.",
        "getgem.prompt.takeback": "Take one of your declaration cards back into your hand.",
        # controls
        "getgem.ctl.play.steal": "Play Steal",
        "getgem.ctl.play.exchange": "Play Full Exchange",
        "getgem.ctl.play.arm": "Play Excavation Arm",
        "getgem.ctl.play.push_peep.push": "Play Steal & Push (Peeping Draw card)",
        "getgem.ctl.play.push_peep.peep": "Play Peeping Draw",
        "getgem.ctl.play.push_barrier.push": "Play Steal & Push (Barrier card)",
        "getgem.ctl.gem3": "Discard 3 gems to steal…",
        "getgem.ctl.element": "Take {elem} element (discard 2)",
        "getgem.ctl.declare": "Declare victory…",
        "getgem.ctl.end": "End turn",
        "getgem.ctl.cancel": "Cancel",
        "getgem.ctl.target": "→ {name}",
        "getgem.ctl.barrier_yes": "Use Barrier",
        "getgem.ctl.barrier_no": "No Barrier",
        "getgem.ctl.pick.gem3": "Discard {card} ({step}/3)",
        "getgem.ctl.pick.declare": "Declare {card} ({step}/3)",
        "getgem.ctl.pick.dig": "Take {card}",
        "getgem.ctl.pick.arm_discard": "Discard {card}",
        "getgem.ctl.pick.push": "Give {card}",
        "getgem.ctl.pick.takeback": "Take back {card}",
        "getgem.ctl.pick.limit": "Discard {card}",
        # events
        "getgem.ev.new_game": "Game {game} dealt; {first} starts.",
        "getgem.ev.turn": "Turn {turn}: {name}.",
        "getgem.ev.draw": "{name} draws a card.",
        "getgem.ev.drew": "You drew {card}.",
        "getgem.ev.no_draw": "{name} cannot draw: deck and discard pile are empty.",
        "getgem.ev.reshuffle": "The discard pile ({count} cards) is shuffled into a new deck.",
        "getgem.ev.turn_cap": "Turn limit ({turns}) reached: draw.",
        "getgem.ev.end_actions": "{name} ends the action phase.",
        "getgem.ev.element": "{name} discards {cards} and takes the {elem} element from {holder}.",
        "getgem.ev.element_centre": "{name} discards {cards} and takes the {elem} element from the centre.",
        "getgem.ev.gem3": "{name} discards {cards} to steal from {target}.",
        "getgem.ev.play": "{name} plays {effect} on {target}.",
        "getgem.ev.play_arm": "{name} plays {effect}.",
        "getgem.ev.barrier_ask": "{name}: Barrier against {effect} from {by}?",
        "getgem.ev.barrier": "🛡️ {name} uses a Barrier: {by}'s {effect} is cancelled.",
        "getgem.ev.no_barrier": "{name} does not use a Barrier.",
        "getgem.ev.steal": "{name} takes a random card from {victim}.",
        "getgem.ev.stolen": "{name} took {card} from {victim}.",
        "getgem.ev.exchange": "{name} and {target} swap hands.",
        "getgem.ev.peep": "{name} peeks at {target}'s hand and draws a card.",
        "getgem.ev.peeked": "{target}'s hand: {cards}",
        "getgem.ev.dig": "{name} digs {card} out of the discard pile.",
        "getgem.ev.discard_arm": "{name} discards {cards}.",
        "getgem.ev.discard_limit": "{name} discards {cards} (hand limit).",
        "getgem.ev.push": "{name} pushes a card onto {target}.",
        "getgem.ev.pushed": "{name} gave {card} to {target}.",
        "getgem.ev.declare": "📣 {name} declares victory with {cards}!",
        "getgem.ev.takeback": "{name} takes back {card} ({left} left).",
        "getgem.ev.reveal_win": "{name} reveals: {cards} — all three gems!",
        "getgem.ev.reveal_fail": "{name} reveals: {cards} — not all three gems.",
        "getgem.ev.win": "🏆 {name} wins!",
        "getgem.ev.win_match": "🏆 {name} wins the game: +{points} ({rainbows} rainbow(s)), {total} in total.",
        "getgem.ev.win_match_over": "🏆 {name} wins the game (+{points}) and the match with {total} points!",
        # errors
        "getgem.error.finish_first": "Finish the current choice first (or cancel it).",
        "getgem.error.not_in_hand": "That card is not in your hand.",
        "getgem.error.peep_used": "Peeping Draw can be used only once per turn.",
        "getgem.error.curse_discard": "A curse can never be discarded.",
        "getgem.error.cannot_declare": "Those cards cannot make a valid declaration (fire, water and thunder).",
        "getgem.error.already_declared": "You already have declaration cards out.",
        "getgem.error.need_pair": "You need two fire (or water, or thunder) gems — rainbows do not count.",
        "getgem.error.bad_target": "You cannot choose that player.",
        "getgem.error.no_barrier": "You have no Barrier card.",
        # options
        "getgem.option.count_fire": "Fire gem cards",
        "getgem.option.count_water": "Water gem cards",
        "getgem.option.count_thunder": "Thunder gem cards",
        "getgem.option.count_rainbow": "Rainbow gem cards",
        "getgem.option.count_curse": "Curse gem cards",
        "getgem.option.count_steal": "Steal cards",
        "getgem.option.count_exchange": "Full Exchange cards",
        "getgem.option.count_arm": "Excavation Arm cards",
        "getgem.option.count_push_peep": "Steal & Push / Peeping Draw cards",
        "getgem.option.count_push_barrier": "Steal & Push / Barrier cards",
        "getgem.option.barrier_timeout_s": "Barrier prompt timeout (seconds)",
        "getgem.option.max_turns": "Turn limit (draw after it)",
        "getgem.option.match_play": "Match play (first to the target)",
        "getgem.option.match_target": "Match points to win",
    },
    "ja": {
        "getgem.name": "ゲットジェム",
        "getgem.rules": _RULES_JA,
        "getgem.centre": "中央",
        "getgem.card.fire": "炎の宝玉",
        "getgem.card.water": "水の宝玉",
        "getgem.card.thunder": "雷の宝玉",
        "getgem.card.rainbow": "虹の宝玉",
        "getgem.card.curse": "呪いの宝玉",
        "getgem.card.steal": "スティール",
        "getgem.card.exchange": "全交換",
        "getgem.card.arm": "発掘アーム",
        "getgem.card.push_peep": "スティール&押しつけ×ピーピングドロー",
        "getgem.card.push_barrier": "スティール&押しつけ×バリア",
        "getgem.effect.steal": "スティール",
        "getgem.effect.exchange": "全交換",
        "getgem.effect.arm": "発掘アーム",
        "getgem.effect.push": "スティール&押しつけ",
        "getgem.effect.peep": "ピーピングドロー",
        "getgem.effect.gem3": "宝玉3枚スティール",
        "getgem.phase.action": "{name}のアクションフェイズ。",
        "getgem.phase.end": "{name}のエンドフェイズ。",
        "getgem.phase.over": "ゲーム終了。",
        "getgem.wait.barrier": "{by}が{name}に{effect}を使用:{name}のバリア確認を待っています。",
        "getgem.wait.takeback": "{name}が宣言カードを1枚戻すのを待っています。",
        "getgem.wait.push": "{name}が押しつけるカードを選ぶのを待っています。",
        "getgem.wait.arm_discard": "{name}が捨てるカードを選ぶのを待っています(発掘アーム)。",
        "getgem.wait.limit": "{name}が手札を6枚まで捨てるのを待っています。",
        "getgem.result.win": "🏆 {name}の勝利!",
        "getgem.result.turn_cap": "ターン上限に達したため引き分けです。",
        "getgem.result.draw": "引き分けです。",
        "getgem.board.title": "ゲットジェム — {turn}ターン目",
        "getgem.board.title_match": "ゲットジェム — 第{game}ゲーム {turn}ターン目",
        "getgem.board.hand": "🂠 手札{count}枚",
        "getgem.board.elements": "エレメント:{cards}",
        "getgem.board.declared": "宣言中:{cards} — あと{left}回戻せば勝利確認",
        "getgem.board.points": "得点:{points}/{target}",
        "getgem.board.centre": "中央のエレメント",
        "getgem.board.piles": "山札・捨て札",
        "getgem.board.piles_value": "山札:{deck}枚 · 捨て札:{discard}枚(一番上:{top})",
        "getgem.board.log": "ログ",
        "getgem.board.footer": "🔥💧⚡を集めよう · 💀を持つと🌈は代用不可 · 手札はDMで",
        "getgem.private.hand": "**あなたの手札({count}枚)**",
        "getgem.private.elements": "あなたのエレメント:{cards}",
        "getgem.private.declared": "あなたの宣言カード:{cards} — あと{left}回",
        "getgem.private.known": "{name}の手札にあると分かっているカード:{cards}",
        "getgem.private.waiting": "{name}を待っています。",
        "getgem.prompt.action": "アクションフェイズ:カードを使う・宝玉3枚でスティール・エレメント取得、または勝利宣言/ターン終了。",
        "getgem.prompt.target": "{effect}:対象のプレイヤーを選んでください。",
        "getgem.prompt.gem3": "宝玉3枚スティール:捨てる宝玉を選んでください({step}/3、選択済み:{picked})。",
        "getgem.prompt.declare": "勝利宣言:表向きに置くカードを選んでください({step}/3、選択済み:{picked})。",
        "getgem.prompt.push": "{name}から{taken}を取りました。押しつけるカードを選んでください。",
        "getgem.prompt.barrier": "{name}があなたに{effect}を使いました。バリアを使いますか?",
        "getgem.prompt.limit": "手札を6枚まで捨ててください:あと{count}枚。呪いの宝玉は捨てられません。",
        "getgem.prompt.dig": "発掘アーム:捨て札から手札に加えるカードを選んでください。",
        "getgem.prompt.arm_discard": "発掘アーム:手札を1枚捨ててください。",
        "getgem.prompt.takeback": "宣言カードを1枚選んで手札に戻してください。",
        "getgem.ctl.play.steal": "スティールを使う",
        "getgem.ctl.play.exchange": "全交換を使う",
        "getgem.ctl.play.arm": "発掘アームを使う",
        "getgem.ctl.play.push_peep.push": "スティール&押しつけを使う(ピーピングドローのカード)",
        "getgem.ctl.play.push_peep.peep": "ピーピングドローを使う",
        "getgem.ctl.play.push_barrier.push": "スティール&押しつけを使う(バリアのカード)",
        "getgem.ctl.gem3": "宝玉3枚を捨ててスティール…",
        "getgem.ctl.element": "{elem}エレメントを取る(2枚捨てる)",
        "getgem.ctl.declare": "勝利宣言…",
        "getgem.ctl.end": "ターン終了",
        "getgem.ctl.cancel": "キャンセル",
        "getgem.ctl.target": "→ {name}",
        "getgem.ctl.barrier_yes": "バリアを使う",
        "getgem.ctl.barrier_no": "使わない",
        "getgem.ctl.pick.gem3": "{card}を捨てる({step}/3)",
        "getgem.ctl.pick.declare": "{card}を宣言({step}/3)",
        "getgem.ctl.pick.dig": "{card}を取る",
        "getgem.ctl.pick.arm_discard": "{card}を捨てる",
        "getgem.ctl.pick.push": "{card}を渡す",
        "getgem.ctl.pick.takeback": "{card}を戻す",
        "getgem.ctl.pick.limit": "{card}を捨てる",
        "getgem.ev.new_game": "第{game}ゲーム開始。{first}から。",
        "getgem.ev.turn": "{turn}ターン目:{name}。",
        "getgem.ev.draw": "{name}が1枚ドロー。",
        "getgem.ev.drew": "{card}を引きました。",
        "getgem.ev.no_draw": "{name}はドローできません(山札も捨て札も空)。",
        "getgem.ev.reshuffle": "捨て札({count}枚)をシャッフルして新しい山札にしました。",
        "getgem.ev.turn_cap": "ターン上限({turns})到達:引き分け。",
        "getgem.ev.end_actions": "{name}がアクションフェイズを終了。",
        "getgem.ev.element": "{name}が{cards}を捨て、{holder}から{elem}エレメントを獲得。",
        "getgem.ev.element_centre": "{name}が{cards}を捨て、中央から{elem}エレメントを獲得。",
        "getgem.ev.gem3": "{name}が{cards}を捨てて{target}からスティール。",
        "getgem.ev.play": "{name}が{target}に{effect}を使用。",
        "getgem.ev.play_arm": "{name}が{effect}を使用。",
        "getgem.ev.barrier_ask": "{name}:{by}の{effect}にバリアを使う?",
        "getgem.ev.barrier": "🛡️ {name}がバリア:{by}の{effect}は無効。",
        "getgem.ev.no_barrier": "{name}はバリアを使わない。",
        "getgem.ev.steal": "{name}が{victim}の手札からランダムに1枚取った。",
        "getgem.ev.stolen": "{name}が{victim}から{card}を取った。",
        "getgem.ev.exchange": "{name}と{target}が手札を全交換。",
        "getgem.ev.peep": "{name}が{target}の手札を見て1枚ドロー。",
        "getgem.ev.peeked": "{target}の手札:{cards}",
        "getgem.ev.dig": "{name}が捨て札から{card}を発掘。",
        "getgem.ev.discard_arm": "{name}が{cards}を捨てた。",
        "getgem.ev.discard_limit": "{name}が{cards}を捨てた(手札上限)。",
        "getgem.ev.push": "{name}が{target}にカードを押しつけた。",
        "getgem.ev.pushed": "{name}が{target}に{card}を渡した。",
        "getgem.ev.declare": "📣 {name}が{cards}で勝利宣言!",
        "getgem.ev.takeback": "{name}が{card}を戻した(残り{left}枚)。",
        "getgem.ev.reveal_win": "{name}の手札公開:{cards} — 3種揃った!",
        "getgem.ev.reveal_fail": "{name}の手札公開:{cards} — 揃っていない。",
        "getgem.ev.win": "🏆 {name}の勝利!",
        "getgem.ev.win_match": "🏆 {name}がこのゲームに勝利:+{points}点(虹{rainbows}枚)、合計{total}点。",
        "getgem.ev.win_match_over": "🏆 {name}がこのゲームに勝利(+{points}点)、合計{total}点でマッチ優勝!",
        "getgem.error.finish_first": "先に今の選択を終えてください(またはキャンセル)。",
        "getgem.error.not_in_hand": "そのカードは手札にありません。",
        "getgem.error.peep_used": "ピーピングドローは1ターンに1回しか使えません。",
        "getgem.error.curse_discard": "呪いの宝玉は捨てられません。",
        "getgem.error.cannot_declare": "そのカードでは勝利宣言できません(炎・水・雷が必要)。",
        "getgem.error.already_declared": "すでに勝利宣言中です。",
        "getgem.error.need_pair": "同じ種類の宝玉(炎・水・雷)が2枚必要です。虹は使えません。",
        "getgem.error.bad_target": "そのプレイヤーは選べません。",
        "getgem.error.no_barrier": "バリアのカードを持っていません。",
        "getgem.option.count_fire": "炎の宝玉の枚数",
        "getgem.option.count_water": "水の宝玉の枚数",
        "getgem.option.count_thunder": "雷の宝玉の枚数",
        "getgem.option.count_rainbow": "虹の宝玉の枚数",
        "getgem.option.count_curse": "呪いの宝玉の枚数",
        "getgem.option.count_steal": "スティールの枚数",
        "getgem.option.count_exchange": "全交換の枚数",
        "getgem.option.count_arm": "発掘アームの枚数",
        "getgem.option.count_push_peep": "スティール&押しつけ×ピーピングドローの枚数",
        "getgem.option.count_push_barrier": "スティール&押しつけ×バリアの枚数",
        "getgem.option.barrier_timeout_s": "バリア確認の制限時間(秒)",
        "getgem.option.max_turns": "ターン上限(超えると引き分け)",
        "getgem.option.match_play": "複数回プレイ(目標点先取)",
        "getgem.option.match_target": "優勝に必要な点数",
    },
}
