
"""Promotion's guided first game (``/promotion learn``): its step lines in English and Japanese.

One short line each, said in the learner's DM (Promotion is played there).  A line that may also
be a recap at the end is worded for any moment.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "Welcome to Promotion! Four players: you and three AIs. Be the first to hold a King (13): your field "
            "cards climb towards it, one suit at a time."
        ),
        f"{ID}.learn.setup": (
            "Set-up: each player is dealt the 1–4 of one suit as row cards. Then each parent in turn names a suit, "
            "and everyone takes one of its 5–8 as a field card; the 5–13 left are the face-up supply."
        ),
        f"{ID}.learn.orient": (
            "Each round the parent lays the postcard any way round, and the player to their right may turn it "
            "180°. The side facing you is yours: its rows list the suits you may raise."
        ),
        f"{ID}.learn.pick": (
            "Pick a row 1–4 in secret. You may change your pick until all four have picked."
        ),
        f"{ID}.learn.reveal": (
            "All picks are revealed together. Row 1 goes first: its special, then rows 2–4 in order."
        ),
        f"{ID}.learn.spin": "SPIN90° (row 1): the postcard turns 90° clockwise, so everyone's side changes.",
        f"{ID}.learn.down": "Down! (row 1): every other player's highest field card goes down.",
        f"{ID}.learn.change": (
            "Change! (row 1): swap one of your field cards with another player's of the same suit."
        ),
        f"{ID}.learn.wild": "Wild! (row 1): raise one of your field cards, any suit.",
        f"{ID}.learn.raise": (
            "Rows 2–4: each suit listed on your row is raised: your field card of that suit goes up to the next "
            "card in the supply."
        ),
        f"{ID}.learn.clash": (
            "A suit listed for two or more players on the same row clashes: nobody raises it."
        ),
        f"{ID}.learn.end": (
            "Game over: whoever holds a 13 after any step wins, and Kings taken together share the win. "
            "(After {rounds} rounds without a King it would be a draw.)"
        ),
    },
    "ja": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "プロモーションへようこそ！あなたとAI3人の4人で遊びます。誰よりも早くK（13）を手に入れましょう。"
            "場札をマークごとに少しずつ上げていきます。"
        ),
        f"{ID}.learn.setup": (
            "準備です。各自に1つのマークの1〜4が段札として配られます。続いて親が順にマークを宣言し、全員がそのマークの5〜8から"
            "1枚ずつ取って場札にします。残った5〜13は表向きの場です。"
        ),
        f"{ID}.learn.orient": (
            "毎ラウンド、親がポストカードを好きな向きに置き、親の右隣は180°回転させてもかまいません。"
            "自分の方を向いた面が自分の面で、各段に上げられるマークが書いてあります。"
        ),
        f"{ID}.learn.pick": "1〜4段目のどれを使うかを秘密で選びます。全員が選び終えるまで変更できます。",
        f"{ID}.learn.reveal": (
            "全員の選択を一斉に公開しました。まず1段目の特殊効果、続いて2〜4段目を順に解決します。"
        ),
        f"{ID}.learn.spin": "SPIN90°（1段目）：ポストカードが時計回りに90°回転し、全員の面が変わります。",
        f"{ID}.learn.down": "Down!（1段目）：自分以外の全員の、いちばん大きい場札が下がります。",
        f"{ID}.learn.change": "Change!（1段目）：自分の場札1枚を、他の人の同じマークの場札と交換します。",
        f"{ID}.learn.wild": "Wild!（1段目）：自分の場札を1枚、どのマークでも1つ上げます。",
        f"{ID}.learn.raise": (
            "2〜4段目：選んだ段に書かれたマークが上がり、そのマークの場札を場の1つ大きいカードと交換します。"
        ),
        f"{ID}.learn.clash": "同じ段を選んだ2人以上に共通するマークは被り、誰も上げられません。",
        f"{ID}.learn.end": (
            "終了です。どの解決の後でも13を持っている人の勝ちで、同時に手に入れたら全員の勝ちです"
            "（{rounds}ラウンドでKが出なければ引き分けになります）。"
        ),
    },
}
