
"""What a contest did to each player (their DM line) and why the game ended so, merged into the package's ``STRINGS``.

Kept apart from the big catalogue: these are the sentences of
:mod:`..render.outcome` and :mod:`..render.reason`.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.outcome.nobody": "Nobody declared: {outcome}",
        f"{ID}.outcome.watched": "You did not declare. {outcome}",
        f"{ID}.outcome.nullified": "Your {decl} did nothing: {who}'s Nullify came before you in resolution order. {outcome}",
        f"{ID}.outcome.overridden": "Your {decl} was overridden: {who}'s {by} came after you in resolution order. {outcome}",
        f"{ID}.outcome.decided": "Your {decl} had the last word. {outcome}",
        f"{ID}.outcome.nullify": "Your Nullify stopped every declaration after it. {outcome}",
        f"{ID}.outcome.false_info": "Your False Info: #{slot} is flipped next, with a contest of its own. {outcome}",
        f"{ID}.outcome.no_target": "Your False Info had no field card to point at: no effect. {outcome}",
        f"{ID}.outcome.bluff": "Your {decl} was a bluff: no effect. {outcome}",
        f"{ID}.outcome.gets": "{who} gets **{card}**{gain}.",
        f"{ID}.outcome.you_get": "You get **{card}**{gain}.",
        f"{ID}.outcome.gain.scored": " (+{points})",
        f"{ID}.outcome.gain.hand": " into hand",
        f"{ID}.outcome.gain.time_skip": ": its receiver's next turn is skipped",
        f"{ID}.outcome.gain.supply": ": its receiver discards {discard}",
        f"{ID}.outcome.gain.big_release": ": its receiver names an interrupt and discards every copy in hand",
        f"{ID}.board.resolution_order": "-# Below in resolution order, clockwise from the flipper: "
        "a later declaration can override an earlier one.",
        f"{ID}.reason.line": "**Points by card**: {players}",
        f"{ID}.reason.cap": "**Points by card** (turn limit: a draw): {players}",
        f"{ID}.reason.player": "{who}: {detail} = {score}",
        f"{ID}.reason.plus": " + ",
        f"{ID}.reason.kind": "{card} ×{n} ({points})",
        f"{ID}.reason.kind_one": "{card} ({points})",
        f"{ID}.reason.none": "no treasure",
        f"{ID}.reason.score": "{who} {score}",
    },

    "ja": {
        f"{ID}.outcome.nobody": "誰も宣言しませんでした。{outcome}",
        f"{ID}.outcome.watched": "あなたは宣言しませんでした。{outcome}",
        f"{ID}.outcome.nullified": "あなたの{decl}は効果がありませんでした。"
        "解決順で先の{who}が無効化を使ったためです。{outcome}",
        f"{ID}.outcome.overridden": "あなたの{decl}は上書きされました。解決順で後の{who}が{by}を使ったためです。{outcome}",
        f"{ID}.outcome.decided": "あなたの{decl}で行き先が決まりました。{outcome}",
        f"{ID}.outcome.nullify": "あなたの無効化で、後の宣言はすべて効果がなくなりました。{outcome}",
        f"{ID}.outcome.false_info": "あなたの偽情報：次に#{slot}をめくり、そのカードも争奪します。{outcome}",
        f"{ID}.outcome.no_target": "あなたの偽情報は指定できる場のカードがなく、効果がありませんでした。{outcome}",
        f"{ID}.outcome.bluff": "あなたの{decl}はブラフで、効果はありませんでした。{outcome}",
        f"{ID}.outcome.gets": "{who}が**{card}**を受け取りました{gain}。",
        f"{ID}.outcome.you_get": "あなたが**{card}**を受け取りました{gain}。",
        f"{ID}.outcome.gain.scored": "（+{points}点）",
        f"{ID}.outcome.gain.hand": "（手札へ）",
        f"{ID}.outcome.gain.time_skip": "（受け取った人の次の番は休み）",
        f"{ID}.outcome.gain.supply": "（受け取った人が{discard}枚捨てる）",
        f"{ID}.outcome.gain.big_release": "（受け取った人が割込カードを1種類選び、手札のその札をすべて捨てる）",
        f"{ID}.board.resolution_order": "-# 以下は解決順（めくった人から時計回り）です。"
        "後の宣言が先の宣言を上書きできます。",
        f"{ID}.reason.line": "**カード別の得点**：{players}",
        f"{ID}.reason.cap": "**カード別の得点**（ターン上限のため引き分け）：{players}",
        f"{ID}.reason.player": "{who}：{detail}＝{score}点",
        f"{ID}.reason.plus": "＋",
        f"{ID}.reason.kind": "{card}{n}枚（{points}点）",
        f"{ID}.reason.kind_one": "{card}（{points}点）",
        f"{ID}.reason.none": "宝なし",
        f"{ID}.reason.score": "{who}（{score}点）",
    },
}
