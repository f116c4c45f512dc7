"""What a contest did to each player (their DM line) and why the game ended so, merged into the package's ``STRINGS``.

Kept apart from the big catalogue: these are the sentences of
:mod:`cogs.eminit.render.outcome` and :mod:`cogs.eminit.render.reason`.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "eminit.out.nobody": "Nobody declared: {outcome}",
    "eminit.out.watched": "You did not declare. {outcome}",
    "eminit.out.nullified": "Your {decl} did nothing: {who}'s Nullify came before you in resolution order. {outcome}",
    "eminit.out.overridden": "Your {decl} was overridden: {who}'s {by} came after you in resolution order. {outcome}",
    "eminit.out.decided": "Your {decl} had the last word. {outcome}",
    "eminit.out.nullify": "Your Nullify stopped every declaration after it. {outcome}",
    "eminit.out.false_info": "Your False Info: #{slot} is flipped next, with a contest of its own. {outcome}",
    "eminit.out.no_target": "Your False Info had no field card to point at: no effect. {outcome}",
    "eminit.out.bluff": "Your {decl} was a bluff: no effect. {outcome}",
    "eminit.out.gets": "{who} gets **{card}**{gain}.",
    "eminit.out.you_get": "You get **{card}**{gain}.",
    "eminit.out.gain.scored": " (+{points})",
    "eminit.out.gain.hand": " into hand",
    "eminit.out.gain.time_skip": ": its receiver's next turn is skipped",
    "eminit.out.gain.supply": ": its receiver discards {discard}",
    "eminit.out.gain.big_release": ": its receiver names an interrupt and discards every copy in hand",
    "eminit.board.resolution_order": "-# Below in resolution order, clockwise from the flipper: "
    "a later declaration can override an earlier one.",
    "eminit.reason.line": "**Points by card**: {players}",
    "eminit.reason.cap": "**Points by card** (turn limit: a draw): {players}",
    "eminit.reason.player": "{who}: {detail} = {score}",
    "eminit.reason.plus": " + ",
    "eminit.reason.kind": "{card} ×{n} ({points})",
    "eminit.reason.kind_one": "{card} ({points})",
    "eminit.reason.none": "no treasure",
}

JA: dict[str, str] = {
    "eminit.out.nobody": "誰も宣言しませんでした。{outcome}",
    "eminit.out.watched": "あなたは宣言しませんでした。{outcome}",
    "eminit.out.nullified": "あなたの{decl}は効果がありませんでした。"
    "解決順で先の{who}が無効化を使ったためです。{outcome}",
    "eminit.out.overridden": "あなたの{decl}は上書きされました。解決順で後の{who}が{by}を使ったためです。{outcome}",
    "eminit.out.decided": "あなたの{decl}で行き先が決まりました。{outcome}",
    "eminit.out.nullify": "あなたの無効化で、後の宣言はすべて効果がなくなりました。{outcome}",
    "eminit.out.false_info": "あなたの偽情報：次に#{slot}をめくり、そのカードも争奪します。{outcome}",
    "eminit.out.no_target": "あなたの偽情報は指定できる場のカードがなく、効果がありませんでした。{outcome}",
    "eminit.out.bluff": "あなたの{decl}はブラフで、効果はありませんでした。{outcome}",
    "eminit.out.gets": "{who}が**{card}**を受け取りました{gain}。",
    "eminit.out.you_get": "あなたが**{card}**を受け取りました{gain}。",
    "eminit.out.gain.scored": "（+{points}点）",
    "eminit.out.gain.hand": "（手札へ）",
    "eminit.out.gain.time_skip": "（受け取った人の次の番は休み）",
    "eminit.out.gain.supply": "（受け取った人が{discard}枚捨てる）",
    "eminit.out.gain.big_release": "（受け取った人が割込カードを1種類選び、手札のその札をすべて捨てる）",
    "eminit.board.resolution_order": "-# 以下は解決順（めくった人から時計回り）です。"
    "後の宣言が先の宣言を上書きできます。",
    "eminit.reason.line": "**カード別の得点**：{players}",
    "eminit.reason.cap": "**カード別の得点**（ターン上限のため引き分け）：{players}",
    "eminit.reason.player": "{who}：{detail}＝{score}点",
    "eminit.reason.plus": "＋",
    "eminit.reason.kind": "{card}{n}枚（{points}点）",
    "eminit.reason.kind_one": "{card}（{points}点）",
    "eminit.reason.none": "宝なし",
}
EN["eminit.reason.score"] = "{who} {score}"
JA["eminit.reason.score"] = "{who}（{score}点）"
