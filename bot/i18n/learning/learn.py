"""The guided first game's platform texts (``/<game> learn``): the command, its thread, its end.

Each game's own step lines are in its ``cogs/<game>/strings/tutorial.py``.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "cmd.learn": "learn",
        "cmd.learn.desc": "Learn this game: a guided first game against the AI, with a line on each rule as it comes",
        "learn.thread_name": "{game} tutorial · {name}",
        "learn.ready": (
            "Your {game} tutorial is ready in {thread}. Play it there: a short line {where} explains each rule "
            "the first time it matters. It is unrated and not in your stats."
        ),
        "learn.here": (
            "Kado can't start a thread here, so your {game} tutorial is in this channel. A short line {where} "
            "explains each rule the first time it matters. It is unrated and not in your stats."
        ),
        "learn.help": "New to a game? Learn it in a guided first game against the AI, in a thread of its own: {games}.",
        "learn.where.board": "below the board",
        "learn.where.dm": "in your DM (or under **My hand** if your DMs are closed)",
        "learn.tip": "💡 {line}",
        "learn.you": "you",
        "learn.done": "🎓 You finished the {game} tutorial (unrated, not in your stats). Ready for a real game?",
        "learn.play_real": "Play a real game",
        "learn.done_dm": "🎓 Tutorial complete! **Play a real game** is on [the board]({link}).",
        "learn.lobby_opened": "Your {game} lobby is open in {channel}: {link}",
        "error.no_tutorial": "This game has no tutorial yet: try {cmd.game.rules}, then a game against the AI.",
    },
    "ja": {
        "cmd.learn": "チュートリアル",
        "cmd.learn.desc": "AIを相手に、ルールが出てくるたびに説明がつく最初の1ゲームで、このゲームを覚えます",
        "learn.thread_name": "{game}チュートリアル：{name}",
        "learn.ready": (
            "{game}のチュートリアルを {thread} に用意しました。そちらで遊んでください。"
            "ルールが初めて関わる場面で、{where}に短い説明が出ます。レーティングや戦績には数えません。"
        ),
        "learn.here": (
            "ここではスレッドを作れないため、{game}のチュートリアルはこのチャンネルで始めます。"
            "ルールが初めて関わる場面で、{where}に短い説明が出ます。レーティングや戦績には数えません。"
        ),
        "learn.help": "初めてのゲームは、AIを相手に説明つきの1ゲームで覚えられます（専用のスレッドで）：{games}",
        "learn.where.board": "盤面の下",
        "learn.where.dm": "DM（DMを受け取れない場合は「自分の手札」）",
        "learn.tip": "💡 {line}",
        "learn.you": "あなた",
        "learn.done": (
            "🎓 {game}のチュートリアルを終えました（レーティング・戦績には数えません）。"
            "本番のゲームを遊んでみましょう！"
        ),
        "learn.play_real": "本番のゲームを遊ぶ",
        "learn.done_dm": "🎓 チュートリアル完了です！[盤面]({link})の「本番のゲームを遊ぶ」から始められます。",
        "learn.lobby_opened": "{channel}に{game}のロビーを開きました：{link}",
        "error.no_tutorial": (
            "このゲームにはまだチュートリアルがありません。{cmd.game.rules} を読んでから、AIと対戦してみてください。"
        ),
    },
}
