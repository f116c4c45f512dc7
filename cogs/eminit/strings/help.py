# ruff: noqa: E501  (catalogue lines, like every strings.py)
"""Eminit's Treasure: the one-line card help and the finished game's result, as a player's DM shows them.

Split from ``strings`` by concern.  One line per card kind a hand holds
(``render.private``): a magic card's cast effect and what happens to whoever
receives it, an interrupt's effect, a treasure's points.  The numbers are the
table's options, so the line says what *this* game does.
"""

from __future__ import annotations

from ..game import ID

EN: dict[str, str] = {
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
}

JA: dict[str, str] = {
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
}
