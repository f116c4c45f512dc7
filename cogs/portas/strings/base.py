"""PORTAS's own messages in English and Japanese (``str.format`` templates, keys ``portas.*``).

Registered with :func:`bot.i18n.register` by the platform when the game
loads; ``tests/portas/render/test_render.py`` checks both catalogues have every key
the renderer uses.  ``portas.error.*`` texts take no fields: the platform
looks them up by code alone.  ``portas.option.<name>`` and
``portas.option.<name>.<value>`` label every rule option for a settings menu
(the board's footer lists the non-default ones); ``portas.option.<name>.doc``
says what it does.
"""

from __future__ import annotations

from ..game import ID

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.name": "PORTAS",
        # its slash group (the package name: platform command texts write {cmd.portas.new}) and its /game help line
        f"cmd.{ID}": "portas",
        f"{ID}.help": f"**{{cmd.{ID}.new}}**",
        f"{ID}.rules": (
            "**PORTAS** — 2 players, about 10 minutes (design: 祭 / 星空祭, Game Market 2016 autumn). "
            "**Goal:** score more by completing treasures with your own cards."
        ),
        f"{ID}.teach.ours": " *(our reading)*.",
        f"{ID}.teach.setup": (
            "**Set-up.** 5 treasures worth 11–15; 2 lie open. Each player has an own deck of 14 port cards "
            "(1 bucket ×3, 2 bag ×3, 3 satchel, 4 crate, 5 barrel, 6 cart ×2 each) and a face-up hand of 4. "
            "Everything but deck order is public."
        ),
        f"{ID}.teach.first_player.random": " A random player starts",
        f"{ID}.teach.first_player.seat0": " The first seat starts",
        f"{ID}.teach.turn": "**Your turn.** Draw back to 4, then **port** one hand card onto an open treasure.",
        f"{ID}.teach.overshoot.illegal": " A port may not push a treasure past its value",
        f"{ID}.teach.overshoot.allowed": " A port may push a treasure past its value; it can then never be taken",
        f"{ID}.teach.pass_rule.forced": " With no port that fits, you pass",
        f"{ID}.teach.pass_rule.voluntary": " You may pass instead",
        f"{ID}.teach.take": (
            "When a treasure's total hits its value exactly, whoever ported last takes it and scores the sum of "
            "**their own** cards on it; the opponent's cards there score nothing. Then a new treasure is revealed."
        ),
        f"{ID}.teach.end": (
            "**The end.** When all 5 treasures are taken or neither player can port. Cards on unfinished "
            "treasures score nothing. Higher score wins."
        ),
        f"{ID}.teach.tiebreak.treasures_then_last": " On a tie, more treasures wins, then whoever took the last one",
        f"{ID}.teach.tiebreak.treasures": " On a tie, more treasures wins",
        f"{ID}.teach.tiebreak.last_taker": " On a tie, whoever took the last treasure wins",
        f"{ID}.teach.tiebreak.none": " A tie is a draw",
        f"{ID}.teach.more": "Why we read it so: **Readings and options** below.",
        f"{ID}.rules.more_button": "Readings and options",
        f"{ID}.rules.readings": "**Our readings** (where the rules are silent; this server's settings now):",
        f"{ID}.reading.first_player.random": "• The first player is drawn at random (the rules only say to decide).",
        f"{ID}.reading.first_player.seat0": "• The first seated player starts.",
        f"{ID}.reading.overshoot.illegal": (
            "• A port may not push a treasure past its value — that is what makes “both players can no "
            "longer port” possible."
        ),
        f"{ID}.reading.overshoot.allowed": (
            "• A port may push a treasure past its value; an overshot treasure can never be taken, and the "
            "game ends when both players are out of cards."
        ),
        f"{ID}.reading.pass_rule.forced": "• You must port if you can; with no legal port you pass (automatically).",
        f"{ID}.reading.pass_rule.voluntary": "• You may pass even when a port is possible.",
        f"{ID}.reading.tiebreak.treasures_then_last": "• Tie: more treasures taken wins, then whoever took the last treasure; else a draw.",
        f"{ID}.reading.tiebreak.treasures": "• Tie: more treasures taken wins; else a draw.",
        f"{ID}.reading.tiebreak.last_taker": "• Tie: whoever took the last treasure wins; else a draw.",
        f"{ID}.reading.tiebreak.none": "• Tie: a draw.",
        f"{ID}.card.1": "bucket",
        f"{ID}.card.2": "bag",
        f"{ID}.card.3": "satchel",
        f"{ID}.card.4": "crate",
        f"{ID}.card.5": "barrel",
        f"{ID}.card.6": "cart",
        f"{ID}.board.title": "PORTAS — {a} vs {b}",
        f"{ID}.board.turn": "▶ **{name}** to port",
        f"{ID}.board.won": "🏆 **{name}** wins, {score_a}–{score_b}",
        f"{ID}.board.draw": "Draw, {score_a}–{score_b}",
        f"{ID}.board.ended.all_taken": "all treasures taken",
        f"{ID}.board.ended.both_passed": "both players passed",
        f"{ID}.board.decided.score": "on points",
        f"{ID}.board.decided.treasures": "tie-break: more treasures",
        f"{ID}.board.decided.last_taker": "tie-break: took the last treasure",
        f"{ID}.board.decided.draw": "no tie-break applies",
        f"{ID}.board.over_line": "{outcome} ({reason}; {decided})",
        f"{ID}.board.treasures_left": "Treasure deck: {n} left",
        f"{ID}.summary.scores": "Score: **{a}** {sa} · **{b}** {sb}",
        f"{ID}.summary.last": "Last: {line}",
        f"{ID}.summary.sep": " · ",
        f"{ID}.summary.legend": "{name}'s buttons: `{label}` = port {card} onto {treasure}, making it {total}/{treasure}.",
        f"{ID}.summary.legend_take": "{name}'s buttons: `{label}` = port {card} onto {treasure} and take it.",
        f"{ID}.board.treasure_field": "💎 Treasure {value} — {total}/{value}",
        f"{ID}.board.treasure_ports": "**{name}**: {cards}",
        f"{ID}.board.treasure_empty": "*nothing ported yet*",
        f"{ID}.board.none": "—",
        f"{ID}.board.sep": ", ",
        f"{ID}.board.player_field": "{marker}{name} — score {score}",
        f"{ID}.board.player_hand": "Hand: {cards}",
        f"{ID}.board.player_deck": "Deck: {n}",
        f"{ID}.board.player_taken": "Taken: {list}",
        f"{ID}.board.taken_item": "{value} (+{points})",
        f"{ID}.board.last_moves": "**Last moves**",
        f"{ID}.board.options": "House rules: {list}",
        f"{ID}.board.options.item": "{label}: {value}",
        f"{ID}.board.options.sep": "; ",
        f"{ID}.option.first_player": "First player",
        f"{ID}.option.first_player.random": "random",
        f"{ID}.option.first_player.seat0": "the first seat",
        f"{ID}.option.overshoot": "Overshooting a treasure",
        f"{ID}.option.overshoot.illegal": "not allowed",
        f"{ID}.option.overshoot.allowed": "allowed",
        f"{ID}.option.pass_rule": "Passing",
        f"{ID}.option.pass_rule.forced": "only when no port fits",
        f"{ID}.option.pass_rule.voluntary": "any time",
        f"{ID}.option.tiebreak": "Tie-break",
        f"{ID}.option.tiebreak.treasures_then_last": "more treasures, then the last treasure",
        f"{ID}.option.tiebreak.treasures": "more treasures only",
        f"{ID}.option.tiebreak.last_taker": "the last treasure only",
        f"{ID}.option.tiebreak.none": "none (a draw)",
        f"{ID}.option.first_player.doc": "Who moves first. The rules only say to decide it; we draw at random. “First seat starts” lets the first seated player begin.",
        f"{ID}.option.overshoot.doc": "Whether a port may push a treasure past its value. Not allowed (default): this is what makes the rules' “both players can no longer port” ending possible. Allowed: any card goes on any open treasure; an overshot treasure can never be taken, and the game then ends when both players are out of cards.",
        f"{ID}.option.pass_rule.doc": "Forced (default): you must port if you can, and pass (automatically) only if you cannot. Voluntary: you may also pass while a port is possible.",
        f"{ID}.option.tiebreak.doc": "Equal scores: more treasures taken wins, then whoever took the last treasure (default); or only one of those two steps; or no tie-break at all (a draw).",
        f"{ID}.board.footer": "Complete a treasure exactly to take it — only your own ports score.",
        f"{ID}.private.all_public": "PORTAS has no hidden cards: both hands are on the board. Yours: {cards}",
        f"{ID}.control.port": "{card} → {treasure} ({total}/{treasure})",
        f"{ID}.control.take": "{card} → {treasure}: take (+{points})",
        f"{ID}.control.pass": "Pass",
        f"{ID}.event.ported": "{name} ports {card} ({card_name}) onto {treasure} → {total}/{treasure}",
        f"{ID}.event.took": "{name} takes treasure {treasure} and scores {points}",
        f"{ID}.event.took_lost": (
            "{name} takes treasure {treasure} and scores {points} (the opponent's ports on it, worth {lost}, score nothing)"
        ),
        f"{ID}.event.revealed": "Treasure {treasure} is revealed",
        f"{ID}.event.passed": "{name} passes",
        f"{ID}.event.passed_forced": "{name} has no legal port and passes",
        f"{ID}.event.game_over": "Game over — {outcome} ({reason})",
        f"{ID}.error.bad_action": "That is not a PORTAS move.",
        f"{ID}.error.card_not_in_hand": "That card is not in your hand.",
        f"{ID}.error.no_such_treasure": "That treasure is not open (any more).",
        f"{ID}.error.overshoot": "That card would push the treasure past its value.",
        f"{ID}.error.must_port": "You can port, so you must: passing is only for when no port fits.",
    },
    "ja": {
        f"{ID}.name": "ポータス",
        f"cmd.{ID}": "ポータス",
        f"{ID}.help": f"**{{cmd.{ID}.new}}**",
        f"{ID}.rules": (
            "**ポータス（PORTAS）**：2人用、約10分（作：祭／星空祭、ゲームマーケット2016秋）。"
            "**目的**：自分のカードで宝を完成させ、相手より多く得点すること。"
        ),
        f"{ID}.teach.ours": "（Kadoの解釈）。",
        f"{ID}.teach.setup": (
            "**準備** 宝は11〜15の5枚で、うち2枚を公開します。各プレイヤーは自分専用のポートカード14枚の山札"
            "（1 バケツ、2 袋が各3枚、3 かばん、4 木箱、5 樽、6 荷車が各2枚）と、表向きの手札4枚を持ちます。"
            "山札の順番以外はすべて公開情報です。"
        ),
        f"{ID}.teach.first_player.random": "先手はランダムです",
        f"{ID}.teach.first_player.seat0": "最初の席のプレイヤーが先手です",
        f"{ID}.teach.turn": "**手番** 手札を4枚まで引き直し、手札1枚を公開中の宝に**ポート**します。",
        f"{ID}.teach.overshoot.illegal": "宝の数を超えるポートはできません",
        f"{ID}.teach.overshoot.allowed": "宝の数を超えるポートもでき、超えた宝は獲得できなくなります",
        f"{ID}.teach.pass_rule.forced": "ポートできるカードがなければパスします",
        f"{ID}.teach.pass_rule.voluntary": "ポートせずにパスしてもかまいません",
        f"{ID}.teach.take": (
            "宝にポートされた合計がその数とぴったり同じになったら、最後にポートしたプレイヤーがその宝を獲得し、"
            "**自分が**ポートしたカードの合計を得点します。相手のカードは得点になりません。その後、新しい宝を1枚公開します。"
        ),
        f"{ID}.teach.end": (
            "**終わり方** 宝がすべて獲得されるか、両者ともポートできなくなったら終了です。"
            "獲得されなかった宝の上のカードは得点になりません。得点の多いプレイヤーの勝ちです。"
        ),
        f"{ID}.teach.tiebreak.treasures_then_last": "同点なら獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ちです",
        f"{ID}.teach.tiebreak.treasures": "同点なら獲得した宝の多い方の勝ちです",
        f"{ID}.teach.tiebreak.last_taker": "同点なら最後の宝を獲得した方の勝ちです",
        f"{ID}.teach.tiebreak.none": "同点は引き分けです",
        f"{ID}.teach.more": "Kadoがそう読む理由は「解釈と設定」ボタンから。",
        f"{ID}.rules.more_button": "解釈と設定",
        f"{ID}.rules.readings": "**Kadoでの解釈**（ルールブックに定めがない部分。このサーバーの現在の設定）：",
        f"{ID}.reading.first_player.random": "・先手はランダムに決めます（ルールブックには「決める」とだけあります）。",
        f"{ID}.reading.first_player.seat0": "・最初の席のプレイヤーが先手です。",
        f"{ID}.reading.overshoot.illegal": (
            "・宝の数を超えるポートはできません。これにより「両者ともポートできなくなる」終わり方が起こりえます。"
        ),
        f"{ID}.reading.overshoot.allowed": (
            "・宝の数を超えるポートもできます。超えた宝は獲得できず、両者の手札が尽きたらゲーム終了です。"
        ),
        f"{ID}.reading.pass_rule.forced": "・ポートできるなら必ずポートします。できなければ自動でパスします。",
        f"{ID}.reading.pass_rule.voluntary": "・ポートできるときでもパスできます。",
        f"{ID}.reading.tiebreak.treasures_then_last": "・同点なら獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ち。それでも決まらなければ引き分け。",
        f"{ID}.reading.tiebreak.treasures": "・同点なら獲得した宝の多い方の勝ち。同じなら引き分け。",
        f"{ID}.reading.tiebreak.last_taker": "・同点なら最後の宝を獲得した方の勝ち。決まらなければ引き分け。",
        f"{ID}.reading.tiebreak.none": "・同点は引き分けです。",
        f"{ID}.card.1": "バケツ",
        f"{ID}.card.2": "袋",
        f"{ID}.card.3": "かばん",
        f"{ID}.card.4": "木箱",
        f"{ID}.card.5": "樽",
        f"{ID}.card.6": "荷車",
        f"{ID}.board.title": "ポータス — {a} 対 {b}",
        f"{ID}.board.turn": "▶ **{name}**がポートする番です",
        f"{ID}.board.won": "🏆 **{name}**の勝ち、{score_a}対{score_b}",
        f"{ID}.board.draw": "引き分け、{score_a}対{score_b}",
        f"{ID}.board.ended.all_taken": "宝がすべて獲得された",
        f"{ID}.board.ended.both_passed": "両者がパスした",
        f"{ID}.board.decided.score": "得点で決着",
        f"{ID}.board.decided.treasures": "同点のため宝の数で決着",
        f"{ID}.board.decided.last_taker": "同点のため最後に宝を獲得した方の勝ち",
        f"{ID}.board.decided.draw": "同点で決着つかず",
        f"{ID}.board.over_line": "{outcome}（{reason}、{decided}）",
        f"{ID}.board.treasures_left": "宝の山札：残り{n}枚",
        f"{ID}.board.treasure_field": "💎 宝{value} — {total}/{value}",
        f"{ID}.summary.scores": "得点：**{a}** {sa}点・**{b}** {sb}点",
        f"{ID}.summary.last": "直前：{line}",
        f"{ID}.summary.sep": "／",
        f"{ID}.summary.legend": "{name}のボタン：`{label}`は、{card}を宝{treasure}にポートして{total}/{treasure}にする手です。",
        f"{ID}.summary.legend_take": "{name}のボタン：`{label}`は、{card}を宝{treasure}にポートして獲得する手です。",
        f"{ID}.board.treasure_ports": "**{name}**:{cards}",
        f"{ID}.board.treasure_empty": "*まだポートされていません*",
        f"{ID}.board.none": "—",
        f"{ID}.board.sep": "、",
        f"{ID}.board.player_field": "{marker}{name} — {score}点",
        f"{ID}.board.player_hand": "手札：{cards}",
        f"{ID}.board.player_deck": "山札：{n}枚",
        f"{ID}.board.player_taken": "獲得：{list}",
        f"{ID}.board.taken_item": "{value}（+{points}）",
        f"{ID}.board.last_moves": "**直前の手**",
        f"{ID}.board.options": "ハウスルール：{list}",
        f"{ID}.board.options.item": "{label}：{value}",
        f"{ID}.board.options.sep": "、",
        f"{ID}.option.first_player": "先手",
        f"{ID}.option.first_player.random": "ランダム",
        f"{ID}.option.first_player.seat0": "最初の席",
        f"{ID}.option.overshoot": "宝の数を超えるポート",
        f"{ID}.option.overshoot.illegal": "できない",
        f"{ID}.option.overshoot.allowed": "できる",
        f"{ID}.option.pass_rule": "パス",
        f"{ID}.option.pass_rule.forced": "ポートできないときだけ",
        f"{ID}.option.pass_rule.voluntary": "いつでも",
        f"{ID}.option.tiebreak": "同点時の扱い",
        f"{ID}.option.tiebreak.treasures_then_last": "宝の数、次に最後の宝",
        f"{ID}.option.tiebreak.treasures": "宝の数のみ",
        f"{ID}.option.tiebreak.last_taker": "最後の宝のみ",
        f"{ID}.option.tiebreak.none": "なし（引き分け）",
        f"{ID}.option.first_player.doc": "先手の決め方。ルールブックには「決める」としか書かれていないため、Kadoではランダムに決めます。「先手は最初の席」にすると、最初に座ったプレイヤーから始めます。",
        f"{ID}.option.overshoot.doc": "宝の数を超えるポートを認めるかどうか。認めない（既定）：ルールブックの「両者ともポートできなくなったら終了」が起こりうるのはこのためです。認める：どのカードもどの公開中の宝にもポートでき、数を超えた宝は獲得できなくなります。その場合、両者のカードが尽きたらゲーム終了です。",
        f"{ID}.option.pass_rule.doc": "強制（既定）：ポートできるなら必ずポートし、できないときだけ自動でパスします。任意：ポートできるときでもパスできます。",
        f"{ID}.option.tiebreak.doc": "同点のとき：獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ち（既定）。どちらか一方だけで決めることも、決めずに引き分けにすることもできます。",
        f"{ID}.board.footer": "宝の数ぴったりで獲得。得点になるのは自分のポートだけ。",
        f"{ID}.private.all_public": "ポータスに非公開の情報はありません。両者の手札は盤面に出ています。あなたの手札：{cards}",
        f"{ID}.control.port": "{card} → {treasure}({total}/{treasure})",
        f"{ID}.control.take": "{card} → {treasure}：獲得（+{points}）",
        f"{ID}.control.pass": "パス",
        f"{ID}.event.ported": "{name}が{card}（{card_name}）を宝{treasure}にポート → {total}/{treasure}",
        f"{ID}.event.took": "{name}が宝{treasure}を獲得、{points}点",
        f"{ID}.event.took_lost": "{name}が宝{treasure}を獲得、{points}点（相手がポートした{lost}点分は得点になりません）",
        f"{ID}.event.revealed": "宝{treasure}が公開されました",
        f"{ID}.event.passed": "{name}はパスしました",
        f"{ID}.event.passed_forced": "{name}はポートできないのでパスしました",
        f"{ID}.event.game_over": "ゲーム終了 — {outcome}（{reason}）",
        f"{ID}.error.bad_action": "ポータスの手ではありません。",
        f"{ID}.error.card_not_in_hand": "そのカードは手札にありません。",
        f"{ID}.error.no_such_treasure": "その宝は公開されていません（すでに獲得されました）。",
        f"{ID}.error.overshoot": "そのカードをポートすると宝の数を超えてしまいます。",
        f"{ID}.error.must_port": "ポートできる手があるので、パスはできません。",
    },
}
