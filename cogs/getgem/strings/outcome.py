"""What a steal, Barrier, swap or check did to each player (their DM lines), and why a game ended.

The sentences of :mod:`cogs.getgem.render.outcome`, merged into :mod:`.strings`.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.outcome.barrier_mine": "🛡️ Your Barrier cancelled {name}'s {effect}: it did nothing to you.",
        f"{ID}.outcome.barrier_theirs": "🛡️ {name}'s Barrier cancelled your {effect}: it did nothing.",
        f"{ID}.outcome.exchange": "{name} swapped whole hands with you: their old hand is now yours.",
        f"{ID}.outcome.element": "{name} discarded {cards} and took your {elem} element card.",
        f"{ID}.outcome.steal_none": "{name} tried to take a card from you, but your hand was empty: nothing was taken.",
        f"{ID}.outcome.takeback": "You took back {card}: {left} more to take back before your victory check.",
        f"{ID}.outcome.check_passed": "Your victory check: {cards} — fire, water and thunder are all there!",
        f"{ID}.outcome.check_failed": "Your victory check: {cards} — not all three gems. "
        "Your hand is hidden again (everyone has seen it) and play goes on.",
        f"{ID}.reason.first": "**Why**: {name} declared victory first, so their victory check came first; "
        "still waiting: {others}.",
        f"{ID}.reason.left": "{name} (still {left} to take back)",
        f"{ID}.reason.alone": "**Why**: {name} declared victory and still held fire, water and thunder "
        "when their last declaration card came back (the victory check).",
        f"{ID}.reason.shared": "**Why**: {names} passed their victory checks in the same end phase, so they share "
        "the win.",
        f"{ID}.reason.match": "**Why**: {name} reached {target} match points first.",
        f"{ID}.reason.turn_cap": "**Why**: the turn limit was reached before anyone passed a victory check.",
    },
    "ja": {
        f"{ID}.outcome.barrier_mine": "🛡️ あなたのバリアで{name}の{effect}を無効にしました。",
        f"{ID}.outcome.barrier_theirs": "🛡️ {name}のバリアで、あなたの{effect}は無効になりました。",
        f"{ID}.outcome.exchange": "{name}があなたと手札をまるごと交換しました。{name}の手札があなたのものになりました。",
        f"{ID}.outcome.element": "{name}が{cards}を捨てて、あなたの{elem}エレメントカードを取りました。",
        f"{ID}.outcome.steal_none": "{name}があなたの手札から取ろうとしましたが、"
        "手札がなかったため何も取られませんでした。",
        f"{ID}.outcome.takeback": "{card}を手札に戻しました。勝利確認まで宣言カードはあと{left}枚です。",
        f"{ID}.outcome.check_passed": "あなたの勝利確認：{cards} — 炎・水・雷がすべて揃いました！",
        f"{ID}.outcome.check_failed": "あなたの勝利確認：{cards} — 3種類は揃いませんでした。"
        "手札は再び非公開になり（全員が見ました）、ゲームは続きます。",
        f"{ID}.reason.first": "**決め手**：{name}が先に勝利宣言したため、先に勝利確認を迎えました。"
        "確認を待っていた人：{others}。",
        f"{ID}.reason.left": "{name}（宣言カード残り{left}枚）",
        f"{ID}.reason.alone": "**決め手**：{name}が勝利宣言し、最後の宣言カードが戻ったとき（勝利確認）も"
        "炎・水・雷が揃っていました。",
        f"{ID}.reason.shared": "**決め手**：{names}が同じエンドフェイズで勝利確認を通ったため、全員の勝ちです。",
        f"{ID}.reason.match": "**決め手**：{name}が先にマッチの{target}点に達しました。",
        f"{ID}.reason.turn_cap": "**決め手**：誰も勝利確認を通らないままターン上限に達しました。",
    },
}
