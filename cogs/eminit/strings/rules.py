
"""Eminit's Treasure: the rules text, and the one-line card help a player's DM shows, en + ja.

The card help (``help.*``, ``render.private``) is one line per card kind a hand holds: a magic card's
cast effect and what happens to whoever receives it, an interrupt's effect, a treasure's points, with
the table's option values.  The rules text has two pages (see
``render.rules_text``): the first page, which teaches in a minute (its statements
are :mod:`.first`, one key each; under 1,500 characters) and marks what is our
reconstruction, then what the rulebook says and our readings.  Both show the
table's *current* option values through the ``{…}`` placeholders.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.rules": "**Eminit's Treasure** — 3–5 players, about 25 minutes. **Goal:** hold the most treasure points when the deck and the field are empty.",
        f"{ID}.rules.more_button": "Readings and options",
        f"{ID}.rules.source": (
            "**From the rulebook** (BLUE HOUR GAMES; rules エンドーケンタ, art みら): its second half — how interrupts "
            "resolve, supplementary rules, card notes and the card list.\n"
            "• 60 cards: 24 magic (6 kinds × 4, among them Time Skip, Switch, Big Release), 23 interrupts "
            "(Suck ×8, Reflect ×8, Nullify ×4, False Info ×3), 13 treasures (Gold Coin ×7, Ancient Treasure ×4, "
            "Eminit's Treasure ×2).\n"
            "• Declarations take effect clockwise from the flipper, each overriding the last: if ②, ③ and ④ all "
            "declare Suck on ①'s flip, ④ gets the card. The flipper's right-hand neighbour is best placed.\n"
            "• Nullify stops every later declaration of that turn, a second Nullify and False Info included. False "
            "Info: after the turn the flipper also flips the chosen card, with declarations as usual; several take "
            "effect clockwise, and ones made during an extra flip come after those already waiting.\n"
            "• A bluff can make others waste their interrupts or hesitate to use them. Mind *when* you declare.\n"
            "• An interrupt that a magic effect would put face down from hand or deck goes to the discard pile; one "
            "flipped from the field by mistake is discarded and another card is flipped.\n"
            "• An effect you cannot carry out in full is done as far as possible (told to discard 2 with 1 in hand: "
            "discard 1); if nothing is possible, it is ignored.\n"
            "• Time Skip: a skipped player loses the turn even if the scramble comes first (they flip nothing); "
            "extra flips from False Info are never skipped; two at once skip one turn.\n"
            "• Switch: look at a face-down card, then you must exchange it; it cannot be used without a card to "
            "exchange.\n"
            "• Big Release: cast in a gathering it can overshoot the field's quota (the scramble then starts with "
            "the next player). Received in a scramble: choose one of Suck, Reflect, Nullify, False Info in your "
            "hand and discard every card of that name from your hand.\n"
            "• Making two players' treasure points equal can bring the game to a draw."
        ),
        f"{ID}.rules.readings": (
            "**Our readings** — the rest is not in our source, so it is our reconstruction (the title too). "
            "This table's settings are in bold.\n"
            "• Set-up: **{hand_size}** cards each; first player: **{first_player}**.\n"
            "• Gathering: draw **{draw_per_turn}**; never place an interrupt (with nothing to place, you pass). "
            "Hand limit **{hand_limit}**. Quota: players + **{quota_extra}**.\n"
            "• One card per player per contest: the rulebook's examples never show two, and a second card would "
            "make every bluff free.\n"
            "• Declarations: **{declarations}**. **{declare_timeout_s}** s to decide, then no declaration.\n"
            '• Reflect: the rulebook names it without its text; we read it as "the card goes to the player you '
            "name\" (anyone, yourself included). Reflect's player and False Info's card are named when declaring "
            "(the rulebook does not say when; naming them later would show who holds which card).\n"
            "• Acquired effects: Time Skip — your next turn is skipped; Big Release — as above; Supply — discard "
            "**{supply_discard}**.\n"
            "• Time Skip cast: choose any player, yourself included. Big Release cast: **{big_release}**.\n"
            "• The rulebook names three magic kinds; we made up the other three: Clairvoyance — look at "
            "**{clairvoyance_looks}** face-down card(s); Supply — draw **{supply_draw}**; Drop — the top "
            "**{drop_count}** deck card(s) go face down on the field (the caster sees them: **{drop_seen}**).\n"
            "• Points (the rulebook gives none): Gold Coin **{points_gold}**, Ancient Treasure **{points_ancient}**, "
            "Eminit's Treasure **{points_eminit}**. Safety cap: **{max_turns}** turns, then a draw.\n"
            "• Every choice is asked of its player, even with one possible answer, so nothing about a hand shows."
        ),
        f"{ID}.reading.declarations.live": "live — each face-down declaration is shown as it is made (who, never "
        "which card); declare or press Done; a new declaration re-opens those who were Done",
        f"{ID}.reading.declarations.sealed": "sealed — hidden and simultaneous, revealed together",
        f"{ID}.reading.big_release.chosen": "place the cards you choose from hand (interrupts go to the discard pile)",
        f"{ID}.reading.big_release.whole_hand": "your whole hand (interrupts go to the discard pile)",
        f"{ID}.reading.first_player.random": "chosen at random",
        f"{ID}.reading.first_player.host": "the host (seat ①)",
        f"{ID}.reading.on": "yes",
        f"{ID}.reading.off": "no",
        f"{ID}.help.time_skip": "**Time Skip** — cast: a player you choose loses their next turn · received: you lose yours",
        f"{ID}.help.switch": "**Switch** — cast: look at a face-down field card and swap it with one from your hand · received: to your hand",
        f"{ID}.help.big_release.chosen": "**Big Release** — cast: place the hand cards you choose face down · received: name an interrupt, discard all of it from your hand",
        f"{ID}.help.big_release.whole_hand": "**Big Release** — cast: place your whole hand face down · received: name an interrupt, discard all of it from your hand",
        f"{ID}.help.clairvoyance": "**Clairvoyance** — cast: look at {looks} face-down field card(s) · received: to your hand",
        f"{ID}.help.supply": "**Supply** — cast: draw {draw} · received: discard {discard}",
        f"{ID}.help.drop": "**Drop** — cast: the top {count} deck card(s) go face down on the field · received: to your hand",
        f"{ID}.help.suck": "**Suck** (interrupt) — the flipped card becomes yours",
        f"{ID}.help.reflect": "**Reflect** (interrupt) — the flipped card goes to the player you name",
        f"{ID}.help.nullify": "**Nullify** (interrupt) — no declaration after it in this contest takes effect",
        f"{ID}.help.false_info": "**False Info** (interrupt) — after this contest the flipper also flips the field card you choose",
        f"{ID}.help.gold": "**Gold Coin** — place it face down; worth {points} point(s) to whoever receives it",
        f"{ID}.help.ancient": "**Ancient Treasure** — place it face down; worth {points} point(s) to whoever receives it",
        f"{ID}.help.eminit": "**Eminit's Treasure** — place it face down; worth {points} point(s) to whoever receives it",
        f"{ID}.private.result_win": "🏆 You win with {score} points!",
        f"{ID}.private.result_lost": "{who} wins with {top} points. You scored {score}: place {place} of {n}.",
        f"{ID}.private.result_draw": "The top score {top} is shared: a draw. You scored {score}: place {place} of {n}.",
        f"{ID}.private.result_cap": "The turn limit was reached: a draw. You scored {score}: place {place} of {n}.",
    },

    "ja": {
        f"{ID}.rules": "**エミニットの秘宝**：3〜5人、約25分。**目的**：山札と場が空になったとき、宝ポイントをいちばん多く持っていること。",
        f"{ID}.rules.more_button": "解釈と設定",
        f"{ID}.rules.source": (
            "**ルールブックより**（BLUE HOUR GAMES／ルールデザイン：エンドーケンタ、イラスト：みら）：後半の、"
            "割込カードの処理、補足ルール、処理に注意が必要なカード、カードの内訳。\n"
            "・全60枚：魔法カード24枚（6種類を各4枚。時間飛ばし、すり替え、大放出を含む）、割込カード23枚"
            "（吸引8枚、反射8枚、無効化4枚、偽情報3枚）、宝カード13枚（金貨7枚、古代の財宝4枚、エミニットの秘宝2枚）。\n"
            "・宣言はめくったプレイヤーから時計回りに効果を発揮し、後の効果が前の効果を上書きします。①がめくった"
            "カードに②③④が吸引を宣言したら、最後の④が取得します。めくったプレイヤーの右隣がいちばん有利です。\n"
            "・無効化：その争奪で、それより後の宣言はすべて効果を発揮しません（2枚目の無効化や偽情報も）。"
            "偽情報：その争奪の後、めくったプレイヤーが指定されたカードもめくり、通常どおり宣言を行います。"
            "複数あれば解決した順に、追加でめくる間に宣言されたものは待っているものの後に処理します。\n"
            "・ブラフの宣言は、相手の割込カードを無駄遣いさせたり、使用をためらわせたりできます。"
            "宣言するタイミングにも気をつけましょう。\n"
            "・魔法の効果で手札や山札から割込カードを伏せることになったら、伏せずに捨て札にします。間違えて伏せられ、"
            "争奪戦でめくられた割込カードは捨て札にし、もう1枚めくります。\n"
            "・効果を実行できないときは、数を減らしてできる範囲で行い（手札1枚で2枚捨てる指示なら1枚）、それでも不可能なら"
            "無視します。\n"
            "・時間飛ばし：飛ばされる前に争奪戦が始まっても手番は飛びます（カードはめくれません）。偽情報による追加の"
            "手番は飛ばしません。2枚続けて受け取っても、飛ぶのは1回だけです。\n"
            "・すり替え：伏せたカードを見たら必ず交換します。交換できるカードがないと使えません。\n"
            "・大放出：宝集め中に使うと規定枚数を超えることがあり、そのまま次のプレイヤーから争奪戦を始めます。"
            "争奪戦中に取得したら、吸引、反射、無効化、偽情報のうち手札にあるものを1つ選び、同名のカードを手札から"
            "すべて捨て札にします。\n"
            "・勝てそうにないときも、2人のプレイヤーの宝ポイントを同じにすれば、引き分けに持ち込めます。"
        ),
        f"{ID}.rules.readings": (
            "**Kadoでの解釈**：ここから先はルールブックの手元にない部分で、Kadoによる再構成です（ゲーム名も含みます）。"
            "太字はこのゲームの設定です。\n"
            "・準備：手札は各自**{hand_size}**枚。最初のプレイヤー：**{first_player}**。\n"
            "・宝集め：**{draw_per_turn}**枚引きます。割込カードは伏せられません（伏せられるカードがなければパス）。"
            "手札上限**{hand_limit}**枚。規定枚数：人数＋**{quota_extra}**枚。\n"
            "・宣言は1回の争奪につき1人1枚です。ルールブックの例に2枚出す場面はなく、2枚目を認めるとブラフに"
            "代償がなくなるためです。\n"
            "・宣言の方式：**{declarations}**。考える時間は**{declare_timeout_s}**秒で、過ぎると宣言なしになります。\n"
            "・反射：ルールブックにはカード名しかなく、「指名したプレイヤーにカードが渡る」と解釈しています（自分も指名可）。"
            "反射のプレイヤーと偽情報のカードは宣言時に指定します。いつ指定するかはルールブックになく、後で指定すると"
            "誰がどのカードを出したかが分かってしまうためです。\n"
            "・取得時の効果：時間飛ばし＝次の手番が飛ぶ、大放出＝上記のとおり、補充＝**{supply_discard}**枚捨てる。\n"
            "・時間飛ばしを使う：誰でも（自分も）選べます。大放出を使う：**{big_release}**。\n"
            "・ルールブックにある魔法カードは3種類だけで、残り3種類はKadoによる創作です："
            "透視＝伏せたカードを**{clairvoyance_looks}**枚見る、補充＝**{supply_draw}**枚引く、"
            "投下＝山札の上から**{drop_count}**枚を場に伏せる（使った人が見られる：**{drop_seen}**）。\n"
            "・点数（ルールブックに記載なし）：金貨**{points_gold}**点、古代の財宝**{points_ancient}**点、"
            "エミニットの秘宝**{points_eminit}**点。安全のための上限は**{max_turns}**ターンで、達したら引き分けです。\n"
            "・選べる答えが1つしかなくても、選択は必ず本人に尋ねます。手札の中身が他の人に伝わらないようにするためです。"
        ),
        f"{ID}.reading.declarations.live": "公開（live）：伏せた宣言はその場で全員に見えます（見えるのは誰が出したかだけで、"
        "カードは見えません）。宣言するか「完了」を押し、新しい宣言があれば「完了」した人も選び直せます",
        f"{ID}.reading.declarations.sealed": "非公開（sealed）：全員が秘密で同時に宣言し、まとめて公開します",
        f"{ID}.reading.big_release.chosen": "手札から選んだカードを伏せる（割込カードは捨て札へ）",
        f"{ID}.reading.big_release.whole_hand": "手札をすべて伏せる（割込カードは捨て札へ）",
        f"{ID}.reading.first_player.random": "ランダム",
        f"{ID}.reading.first_player.host": "ホスト（席①）",
        f"{ID}.reading.on": "はい",
        f"{ID}.reading.off": "いいえ",
        f"{ID}.help.time_skip": "**時間飛ばし**：使用で選んだプレイヤーの次の番を飛ばす／取得すると自分の次の番が飛ばされる",
        f"{ID}.help.switch": "**すり替え**：使用で場の伏せ札1枚を見て、手札の1枚と交換する／取得すると手札に入る",
        f"{ID}.help.big_release.chosen": "**大放出**：使用で手札から選んだカードを場に伏せる／取得すると割込カードを1種類選び、手札のその名前のカードをすべて捨てる",
        f"{ID}.help.big_release.whole_hand": "**大放出**：使用で手札をすべて場に伏せる／取得すると割込カードを1種類選び、手札のその名前のカードをすべて捨てる",
        f"{ID}.help.clairvoyance": "**透視**：使用で場の伏せ札を{looks}枚見る／取得すると手札に入る",
        f"{ID}.help.supply": "**補充**：使用で{draw}枚引く／取得すると手札を{discard}枚捨てる",
        f"{ID}.help.drop": "**投下**：使用で山札の上から{count}枚を場に伏せる／取得すると手札に入る",
        f"{ID}.help.suck": "**吸引**（割込）：めくられたカードを自分のものにする",
        f"{ID}.help.reflect": "**反射**（割込）：めくられたカードを指名したプレイヤーに渡す",
        f"{ID}.help.nullify": "**無効化**（割込）：この争奪で、これより後の宣言はすべて効果がない",
        f"{ID}.help.false_info": "**偽情報**（割込）：争奪の後、めくった人があなたの指定した場の札もめくる",
        f"{ID}.help.gold": "**金貨**：場に伏せる宝。取得した人に{points}点",
        f"{ID}.help.ancient": "**古代の財宝**：場に伏せる宝。取得した人に{points}点",
        f"{ID}.help.eminit": "**エミニットの秘宝**：場に伏せる宝。取得した人に{points}点",
        f"{ID}.private.result_win": "🏆 あなたの勝ちです！（{score}点）",
        f"{ID}.private.result_lost": "{who}の勝ち（{top}点）。あなたは{score}点で、{n}人中{place}位でした。",
        f"{ID}.private.result_draw": "最高点の{top}点が並んだため、引き分けです。あなたは{score}点で、{n}人中{place}位でした。",
        f"{ID}.private.result_cap": "ターン上限に達したため、引き分けです。あなたは{score}点で、{n}人中{place}位でした。",
    },
}
