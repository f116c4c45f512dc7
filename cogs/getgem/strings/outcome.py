"""What a steal, Barrier, swap or check did to each player (their DM lines), and why a game ended.

The sentences of :mod:`cogs.getgem.render.outcome`, merged into :mod:`.strings`.
"""

from __future__ import annotations

OUTCOME_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "getgem.out.barrier_mine": "🛡️ Your Barrier cancelled {name}'s {effect}: it did nothing to you.",
        "getgem.out.barrier_theirs": "🛡️ {name}'s Barrier cancelled your {effect}: it did nothing.",
        "getgem.out.exchange": "{name} swapped whole hands with you: their old hand is now yours.",
        "getgem.out.element": "{name} discarded {cards} and took your {elem} element card.",
        "getgem.out.steal_none": "{name} tried to take a card from you, but your hand was empty: nothing was taken.",
        "getgem.out.takeback": "You took back {card}: {left} more to take back before your victory check.",
        "getgem.out.check_passed": "Your victory check: {cards} — fire, water and thunder are all there!",
        "getgem.out.check_failed": "Your victory check: {cards} — not all three gems. "
        "Your hand is hidden again (everyone has seen it) and play goes on.",
        "getgem.reason.first": "**Why**: {name} declared victory first, so their victory check came first; "
        "still waiting: {others}.",
        "getgem.reason.left": "{name} (still {left} to take back)",
        "getgem.reason.alone": "**Why**: {name} declared victory and still held fire, water and thunder "
        "when their last declaration card came back (the victory check).",
        "getgem.reason.shared": "**Why**: {names} passed their victory checks in the same end phase, so they share "
        "the win.",
        "getgem.reason.match": "**Why**: {name} reached {target} match points first.",
        "getgem.reason.turn_cap": "**Why**: the turn limit was reached before anyone passed a victory check.",
    },
    "ja": {
        "getgem.out.barrier_mine": "🛡️ あなたのバリアで{name}の{effect}を無効にしました。",
        "getgem.out.barrier_theirs": "🛡️ {name}のバリアで、あなたの{effect}は無効になりました。",
        "getgem.out.exchange": "{name}があなたと手札をまるごと交換しました。{name}の手札があなたのものになりました。",
        "getgem.out.element": "{name}が{cards}を捨てて、あなたの{elem}エレメントカードを取りました。",
        "getgem.out.steal_none": "{name}があなたの手札から取ろうとしましたが、"
        "手札がなかったため何も取られませんでした。",
        "getgem.out.takeback": "{card}を手札に戻しました。勝利確認まで宣言カードはあと{left}枚です。",
        "getgem.out.check_passed": "あなたの勝利確認：{cards} — 炎・水・雷がすべて揃いました！",
        "getgem.out.check_failed": "あなたの勝利確認：{cards} — 3種類は揃いませんでした。"
        "手札は再び非公開になり（全員が見ました）、ゲームは続きます。",
        "getgem.reason.first": "**決め手**：{name}が先に勝利宣言したため、先に勝利確認を迎えました。"
        "確認を待っていた人：{others}。",
        "getgem.reason.left": "{name}（宣言カード残り{left}枚）",
        "getgem.reason.alone": "**決め手**：{name}が勝利宣言し、最後の宣言カードが戻ったとき（勝利確認）も"
        "炎・水・雷が揃っていました。",
        "getgem.reason.shared": "**決め手**：{names}が同じエンドフェイズで勝利確認を通ったため、全員の勝ちです。",
        "getgem.reason.match": "**決め手**：{name}が先にマッチの{target}点に達しました。",
        "getgem.reason.turn_cap": "**決め手**：誰も勝利確認を通らないままターン上限に達しました。",
    },
}
