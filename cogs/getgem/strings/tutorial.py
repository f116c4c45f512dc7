"""GETGEM's guided first game (``/getgem learn``): its step lines in English and Japanese.

One short line each, said in the learner's DM (GETGEM is played there).  ``{seat}`` is filled
with the player's name by the platform.  A card kind's line is also its recap at the end, so it
is worded for any moment.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "Welcome to GETGEM! You play against **{seat}**. Collect fire 🔥, water 💧 and thunder ⚡, declare "
            "victory, then keep your declaration until your check. You each hold 4 hidden cards (yours are "
            "here); the rest is the deck. The three element cards start in the centre: whoever holds one "
            "counts its gem. In a real game a random player starts; here you do."
        ),
        f"{ID}.learn.turn": (
            "Your turn: you drew 1 card. Now act as often as you like, in any order (or not at all), then press "
            "**{end_label}**: your end phase follows."
        ),
        f"{ID}.learn.gems": (
            "🔥💧⚡ (and 🌈, 💀) are gem cards: you collect them in your hand. Don't mix them up with the three "
            "element cards in the centre: they never enter a hand or the deck, and whoever holds one counts its "
            "gem at every check."
        ),
        f"{ID}.learn.card.rainbow": (
            "🌈 Rainbow is a gem card that counts as any one gem, unless you also hold a 💀 Curse."
        ),
        f"{ID}.learn.card.curse": (
            "💀 Curse: while you hold one, your rainbows are not wild, and it can never be discarded "
            "(it can be stolen or pushed onto someone)."
        ),
        f"{ID}.learn.card.steal": "✋ Steal: take a random card from a player's hand.",
        f"{ID}.learn.card.exchange": "🔄 Full Exchange: swap your whole hand with a player's.",
        f"{ID}.learn.card.arm": (
            "⛏️ Excavation Arm: take the card you choose from the discard pile, then discard a card."
        ),
        f"{ID}.learn.card.push_peep": (
            "This card has two uses; you pick one when you play it. 🫴 Steal & Push: take a random card from a "
            "player, then give them one of yours. 👁️ Peeping Draw: look at a player's hand, then draw 1 (once "
            "a turn)."
        ),
        f"{ID}.learn.card.push_barrier": (
            "This card has two uses. Play it as 🫴 Steal & Push (take a random card, give one back), or keep it "
            "as a 🛡️ Barrier: it cancels an action card someone aims at you."
        ),
        f"{ID}.learn.barrier_ask": (
            "An action card is aimed at you. With a 🛡️ Barrier you may cancel it. Everyone is asked this, "
            "Barrier or not, so the question gives nothing away."
        ),
        f"{ID}.learn.barrier_ask.recap": (
            "When an action card is aimed at you, you are asked whether to cancel it with a 🛡️ Barrier "
            "(everyone is asked, Barrier or not)."
        ),
        f"{ID}.learn.gem3": "You may discard 3 gems (never a curse) to take a random card from a player.",
        f"{ID}.learn.element": (
            "You may discard 2 of one gem (🔥🔥, 💧💧 or ⚡⚡; a rainbow can't help) to take that element card, "
            "from the centre or from whoever holds it."
        ),
        f"{ID}.learn.declare": (
            "You can declare victory: put 3 hand cards face up that show 🔥💧⚡ together with your element "
            "cards. Then hold on: your whole hand is checked when your last declaration card comes back."
        ),
        f"{ID}.learn.takeback": (
            "In each other player's end phase, every declarer takes one declaration card back into their hand. "
            "Whoever takes back their last one shows their hand."
        ),
        f"{ID}.learn.limit": "At the end of your turn, with 7 or more cards you discard down to 6 (never a curse).",
        f"{ID}.learn.reveal": (
            "Victory check: the last declaration card came back, so the whole hand is shown. If hand and "
            "element cards show 🔥💧⚡, that player wins; if not, play goes on."
        ),
        f"{ID}.learn.end": "Game over. (A game still going after {turns} turns would be a draw.)",
    },
    "ja": {
        f"{ID}.help.learn": f"**{{cmd.{ID}.learn}}**",
        f"{ID}.learn.welcome": (
            "ゲットジェムへようこそ！相手は**{seat}**です。炎🔥、水💧、雷⚡の宝玉を集めて勝利宣言し、"
            "勝利確認まで宣言を守り抜きましょう。手札は4枚ずつで非公開（あなたの手札はここに出ます）、残りは山札です。"
            "3枚のエレメントカードは中央から始まり、持っている人はその宝玉を持っているものとして数えます。"
            "本来の先手はランダムですが、今回はあなたからです。"
        ),
        f"{ID}.learn.turn": (
            "あなたの番です。1枚引きました。アクションは好きな順に何回でもでき、しなくてもかまいません。"
            "終わったら「{end_label}」を押すと、エンドフェイズに進みます。"
        ),
        f"{ID}.learn.gems": (
            "🔥💧⚡（と🌈、💀）は宝玉カードで、手札に集めます。中央の3枚のエレメントカードとは別物です。"
            "エレメントカードは手札にも山札にも入らず、持っている人は勝利確認のたびにその宝玉1つとして数えます。"
        ),
        f"{ID}.learn.card.rainbow": (
            "🌈虹の宝玉は、どの宝玉の代わりにもなります。ただし💀呪いの宝玉を持っているときはなりません。"
        ),
        f"{ID}.learn.card.curse": (
            "💀呪いの宝玉：持っている間は虹が代わりになりません。捨てることはできません"
            "（取られたり、押しつけたりはできます）。"
        ),
        f"{ID}.learn.card.steal": "✋スティール：1人の手札からランダムに1枚取ります。",
        f"{ID}.learn.card.exchange": "🔄全交換：自分の手札すべてを、1人の手札すべてと入れ替えます。",
        f"{ID}.learn.card.arm": "⛏️発掘アーム：捨て札から好きな1枚を取り、そのあと手札を1枚捨てます。",
        f"{ID}.learn.card.push_peep": (
            "このカードは使い方が2つあり、使うときに選びます。🫴スティール&押しつけ：1人からランダムに1枚取り、"
            "自分の手札を1枚渡します。👁️ピーピングドロー：1人の手札を見てから1枚引きます（1ターンに1回）。"
        ),
        f"{ID}.learn.card.push_barrier": (
            "このカードは使い方が2つあります。🫴スティール&押しつけとして使う（ランダムに1枚取り、1枚渡す）か、"
            "🛡️バリアとして持っておき、自分に向けられたアクションカードを無効にします。"
        ),
        f"{ID}.learn.barrier_ask": (
            "アクションカードがあなたに向けられました。🛡️バリアがあれば無効にできます。"
            "バリアの有無にかかわらず全員に聞くので、この質問から手札はわかりません。"
        ),
        f"{ID}.learn.barrier_ask.recap": (
            "アクションカードを向けられると、🛡️バリアで無効にするかを聞かれます（バリアの有無にかかわらず全員に聞きます）。"
        ),
        f"{ID}.learn.gem3": "宝玉3枚を捨てると（呪いは不可）、1人の手札からランダムに1枚取れます。",
        f"{ID}.learn.element": (
            "同じ宝玉2枚（🔥🔥、💧💧、⚡⚡。虹は使えません）を捨てると、そのエレメントカードを中央か持ち主から取れます。"
        ),
        f"{ID}.learn.declare": (
            "勝利宣言できます。エレメントカードと合わせて🔥💧⚡が揃う手札3枚を表向きに置きます。"
            "そのあとは守り抜きましょう。最後の宣言カードが手札に戻ったとき、手札全体を確認します。"
        ),
        f"{ID}.learn.takeback": (
            "自分以外の人のエンドフェイズごとに、宣言中の人は宣言カードを1枚手札に戻します。"
            "最後の1枚を戻した人は手札を公開します。"
        ),
        f"{ID}.learn.limit": "手番の終わりに手札が7枚以上あれば、6枚まで捨てます（呪いは捨てられません）。",
        f"{ID}.learn.reveal": (
            "勝利確認です。最後の宣言カードが戻ったので手札をすべて公開します。手札とエレメントカードで🔥💧⚡が"
            "揃っていればその人の勝ち、揃っていなければゲームは続きます。"
        ),
        f"{ID}.learn.end": "終了です（{turns}ターンで決着しなければ引き分けになります）。",
    },
}
