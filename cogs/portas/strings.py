"""PORTAS messages in English and Japanese (``str.format`` templates, keys ``portas.*``).

Registered with :func:`bot.i18n.register` by the platform when the game
loads; ``tests/portas/render/test_render.py`` checks both catalogues have every key
the renderer uses.  ``portas.error.*`` texts take no fields: the platform
looks them up by code alone.  ``portas.option.<name>`` and
``portas.option.<name>.<value>`` label every rule option for a settings menu
(the board's footer lists the non-default ones); ``portas.option.<name>.doc``
says what it does.
"""

from __future__ import annotations

from cogs.portas.strings_legend import LEGEND_STRINGS
from cogs.portas.strings_outcome import OUTCOME_STRINGS

from . import strings_reveal

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "portas.name": "PORTAS",
        # its slash group (the package name: platform command texts write {cmd.portas.new}) and its /game help line
        "cmd.portas": "portas",
        "portas.help": "**{cmd.portas.new}**",
        "portas.rules": (
            "**PORTAS** — 2 players, about 10 minutes (design: 祭 / 星空祭, Game Market 2016 autumn). "
            "**Goal:** score more by completing treasures with your own cards."
        ),
        "portas.teach.ours": " *(our reading)*.",
        "portas.teach.setup": (
            "**Set-up.** 5 treasures worth 11–15; 2 lie open. Each player has an own deck of 14 port cards "
            "(1 bucket ×3, 2 bag ×3, 3 satchel, 4 crate, 5 barrel, 6 cart ×2 each) and a face-up hand of 4. "
            "Everything but deck order is public."
        ),
        "portas.teach.first_player.random": " A random player starts",
        "portas.teach.first_player.seat0": " The first seat starts",
        "portas.teach.turn": "**Your turn.** Draw back to 4, then **port** one hand card onto an open treasure.",
        "portas.teach.overshoot.illegal": " A port may not push a treasure past its value",
        "portas.teach.overshoot.allowed": " A port may push a treasure past its value; it can then never be taken",
        "portas.teach.pass_rule.forced": " With no port that fits, you pass",
        "portas.teach.pass_rule.voluntary": " You may pass instead",
        "portas.teach.take": (
            "When a treasure's total hits its value exactly, whoever ported last takes it and scores the sum of "
            "**their own** cards on it; the opponent's cards there score nothing. Then a new treasure is revealed."
        ),
        "portas.teach.end": (
            "**The end.** When all 5 treasures are taken or neither player can port. Cards on unfinished "
            "treasures score nothing. Higher score wins."
        ),
        "portas.teach.tiebreak.treasures_then_last": " On a tie, more treasures wins, then whoever took the last one",
        "portas.teach.tiebreak.treasures": " On a tie, more treasures wins",
        "portas.teach.tiebreak.last_taker": " On a tie, whoever took the last treasure wins",
        "portas.teach.tiebreak.none": " A tie is a draw",
        "portas.teach.more": "Why we read it so: **Readings and options** below.",
        "portas.rules.more_button": "Readings and options",
        "portas.rules.readings": "**Our readings** (where the rules are silent; this server's settings now):",
        "portas.reading.first_player.random": "• The first player is drawn at random (the rules only say to decide).",
        "portas.reading.first_player.seat0": "• The first seated player starts.",
        "portas.reading.overshoot.illegal": (
            "• A port may not push a treasure past its value — that is what makes “both players can no "
            "longer port” possible."
        ),
        "portas.reading.overshoot.allowed": (
            "• A port may push a treasure past its value; an overshot treasure can never be taken, and the "
            "game ends when both players are out of cards."
        ),
        "portas.reading.pass_rule.forced": "• You must port if you can; with no legal port you pass (automatically).",
        "portas.reading.pass_rule.voluntary": "• You may pass even when a port is possible.",
        "portas.reading.tiebreak.treasures_then_last": "• Tie: more treasures taken wins, then whoever took the last treasure; else a draw.",
        "portas.reading.tiebreak.treasures": "• Tie: more treasures taken wins; else a draw.",
        "portas.reading.tiebreak.last_taker": "• Tie: whoever took the last treasure wins; else a draw.",
        "portas.reading.tiebreak.none": "• Tie: a draw.",
        "portas.card.1": "bucket",
        "portas.card.2": "bag",
        "portas.card.3": "satchel",
        "portas.card.4": "crate",
        "portas.card.5": "barrel",
        "portas.card.6": "cart",
        "portas.title": "PORTAS — {a} vs {b}",
        "portas.turn": "▶ **{name}** to port",
        "portas.won": "🏆 **{name}** wins, {score_a}–{score_b}",
        "portas.draw": "Draw, {score_a}–{score_b}",
        "portas.reason.all_taken": "all treasures taken",
        "portas.reason.both_passed": "both players passed",
        "portas.decided.score": "on points",
        "portas.decided.treasures": "tie-break: more treasures",
        "portas.decided.last_taker": "tie-break: took the last treasure",
        "portas.decided.draw": "no tie-break applies",
        "portas.over_line": "{outcome} ({reason}; {decided})",
        "portas.treasures_left": "Treasure deck: {n} left",
        "portas.summary.scores": "Score: **{a}** {sa} · **{b}** {sb}",
        "portas.summary.last": "Last: {line}",
        "portas.summary.sep": " · ",
        "portas.summary.legend": "{name}'s buttons: `{label}` = port {card} onto {treasure}, making it {total}/{treasure}.",
        "portas.summary.legend_take": "{name}'s buttons: `{label}` = port {card} onto {treasure} and take it.",
        "portas.treasure_field": "💎 Treasure {value} — {total}/{value}",
        "portas.treasure_ports": "**{name}**: {cards}",
        "portas.treasure_empty": "*nothing ported yet*",
        "portas.none": "—",
        "portas.sep": ", ",
        "portas.player_field": "{marker}{name} — score {score}",
        "portas.player_hand": "Hand: {cards}",
        "portas.player_deck": "Deck: {n}",
        "portas.player_taken": "Taken: {list}",
        "portas.taken_item": "{value} (+{points})",
        "portas.last_moves": "**Last moves**",
        "portas.options": "House rules: {list}",
        "portas.options.item": "{label}: {value}",
        "portas.options.sep": "; ",
        "portas.option.first_player": "First player",
        "portas.option.first_player.random": "random",
        "portas.option.first_player.seat0": "the first seat",
        "portas.option.overshoot": "Overshooting a treasure",
        "portas.option.overshoot.illegal": "not allowed",
        "portas.option.overshoot.allowed": "allowed",
        "portas.option.pass_rule": "Passing",
        "portas.option.pass_rule.forced": "only when no port fits",
        "portas.option.pass_rule.voluntary": "any time",
        "portas.option.tiebreak": "Tie-break",
        "portas.option.tiebreak.treasures_then_last": "more treasures, then the last treasure",
        "portas.option.tiebreak.treasures": "more treasures only",
        "portas.option.tiebreak.last_taker": "the last treasure only",
        "portas.option.tiebreak.none": "none (a draw)",
        "portas.option.first_player.doc": "Who moves first. The rules only say to decide it; we draw at random. “First seat starts” lets the first seated player begin.",
        "portas.option.overshoot.doc": "Whether a port may push a treasure past its value. Not allowed (default): this is what makes the rules' “both players can no longer port” ending possible. Allowed: any card goes on any open treasure; an overshot treasure can never be taken, and the game then ends when both players are out of cards.",
        "portas.option.pass_rule.doc": "Forced (default): you must port if you can, and pass (automatically) only if you cannot. Voluntary: you may also pass while a port is possible.",
        "portas.option.tiebreak.doc": "Equal scores: more treasures taken wins, then whoever took the last treasure (default); or only one of those two steps; or no tie-break at all (a draw).",
        "portas.footer": "Complete a treasure exactly to take it — only your own ports score.",
        "portas.private": "PORTAS has no hidden cards: both hands are on the board. Yours: {cards}",
        "portas.control.port": "{card} → {treasure} ({total}/{treasure})",
        "portas.control.take": "{card} → {treasure}: take (+{points})",
        "portas.control.pass": "Pass",
        "portas.event.ported": "{name} ports {card} ({card_name}) onto {treasure} → {total}/{treasure}",
        "portas.event.took": "{name} takes treasure {treasure} and scores {points}",
        "portas.event.took_lost": (
            "{name} takes treasure {treasure} and scores {points} (the opponent's ports on it, worth {lost}, score nothing)"
        ),
        "portas.event.revealed": "Treasure {treasure} is revealed",
        "portas.event.passed": "{name} passes",
        "portas.event.passed_forced": "{name} has no legal port and passes",
        "portas.event.game_over": "Game over — {outcome} ({reason})",
        "portas.error.bad_action": "That is not a PORTAS move.",
        "portas.error.card_not_in_hand": "That card is not in your hand.",
        "portas.error.no_such_treasure": "That treasure is not open (any more).",
        "portas.error.overshoot": "That card would push the treasure past its value.",
        "portas.error.must_port": "You can port, so you must: passing is only for when no port fits.",
    },
    "ja": {
        "portas.name": "ポータス",
        "cmd.portas": "ポータス",
        "portas.help": "**{cmd.portas.new}**",
        "portas.rules": (
            "**ポータス（PORTAS）**：2人用、約10分（作：祭／星空祭、ゲームマーケット2016秋）。"
            "**目的**：自分のカードで宝を完成させ、相手より多く得点すること。"
        ),
        "portas.teach.ours": "（Kadoの解釈）。",
        "portas.teach.setup": (
            "**準備** 宝は11〜15の5枚で、うち2枚を公開します。各プレイヤーは自分専用のポートカード14枚の山札"
            "（1 バケツ、2 袋が各3枚、3 かばん、4 木箱、5 樽、6 荷車が各2枚）と、表向きの手札4枚を持ちます。"
            "山札の順番以外はすべて公開情報です。"
        ),
        "portas.teach.first_player.random": "先手はランダムです",
        "portas.teach.first_player.seat0": "最初の席のプレイヤーが先手です",
        "portas.teach.turn": "**手番** 手札を4枚まで引き直し、手札1枚を公開中の宝に**ポート**します。",
        "portas.teach.overshoot.illegal": "宝の数を超えるポートはできません",
        "portas.teach.overshoot.allowed": "宝の数を超えるポートもでき、超えた宝は獲得できなくなります",
        "portas.teach.pass_rule.forced": "ポートできるカードがなければパスします",
        "portas.teach.pass_rule.voluntary": "ポートせずにパスしてもかまいません",
        "portas.teach.take": (
            "宝にポートされた合計がその数とぴったり同じになったら、最後にポートしたプレイヤーがその宝を獲得し、"
            "**自分が**ポートしたカードの合計を得点します。相手のカードは得点になりません。その後、新しい宝を1枚公開します。"
        ),
        "portas.teach.end": (
            "**終わり方** 宝がすべて獲得されるか、両者ともポートできなくなったら終了です。"
            "獲得されなかった宝の上のカードは得点になりません。得点の多いプレイヤーの勝ちです。"
        ),
        "portas.teach.tiebreak.treasures_then_last": "同点なら獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ちです",
        "portas.teach.tiebreak.treasures": "同点なら獲得した宝の多い方の勝ちです",
        "portas.teach.tiebreak.last_taker": "同点なら最後の宝を獲得した方の勝ちです",
        "portas.teach.tiebreak.none": "同点は引き分けです",
        "portas.teach.more": "Kadoがそう読む理由は「解釈と設定」ボタンから。",
        "portas.rules.more_button": "解釈と設定",
        "portas.rules.readings": "**Kadoでの解釈**（ルールブックに定めがない部分。このサーバーの現在の設定）：",
        "portas.reading.first_player.random": "・先手はランダムに決めます（ルールブックには「決める」とだけあります）。",
        "portas.reading.first_player.seat0": "・最初の席のプレイヤーが先手です。",
        "portas.reading.overshoot.illegal": (
            "・宝の数を超えるポートはできません。これにより「両者ともポートできなくなる」終わり方が起こりえます。"
        ),
        "portas.reading.overshoot.allowed": (
            "・宝の数を超えるポートもできます。超えた宝は獲得できず、両者の手札が尽きたらゲーム終了です。"
        ),
        "portas.reading.pass_rule.forced": "・ポートできるなら必ずポートします。できなければ自動でパスします。",
        "portas.reading.pass_rule.voluntary": "・ポートできるときでもパスできます。",
        "portas.reading.tiebreak.treasures_then_last": "・同点なら獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ち。それでも決まらなければ引き分け。",
        "portas.reading.tiebreak.treasures": "・同点なら獲得した宝の多い方の勝ち。同じなら引き分け。",
        "portas.reading.tiebreak.last_taker": "・同点なら最後の宝を獲得した方の勝ち。決まらなければ引き分け。",
        "portas.reading.tiebreak.none": "・同点は引き分けです。",
        "portas.card.1": "バケツ",
        "portas.card.2": "袋",
        "portas.card.3": "かばん",
        "portas.card.4": "木箱",
        "portas.card.5": "樽",
        "portas.card.6": "荷車",
        "portas.title": "ポータス — {a} 対 {b}",
        "portas.turn": "▶ **{name}**がポートする番です",
        "portas.won": "🏆 **{name}**の勝ち、{score_a}対{score_b}",
        "portas.draw": "引き分け、{score_a}対{score_b}",
        "portas.reason.all_taken": "宝がすべて獲得された",
        "portas.reason.both_passed": "両者がパスした",
        "portas.decided.score": "得点で決着",
        "portas.decided.treasures": "同点のため宝の数で決着",
        "portas.decided.last_taker": "同点のため最後に宝を獲得した方の勝ち",
        "portas.decided.draw": "同点で決着つかず",
        "portas.over_line": "{outcome}（{reason}、{decided}）",
        "portas.treasures_left": "宝の山札：残り{n}枚",
        "portas.treasure_field": "💎 宝{value} — {total}/{value}",
        "portas.summary.scores": "得点：**{a}** {sa}点・**{b}** {sb}点",
        "portas.summary.last": "直前：{line}",
        "portas.summary.sep": "／",
        "portas.summary.legend": "{name}のボタン：`{label}`は、{card}を宝{treasure}にポートして{total}/{treasure}にする手です。",
        "portas.summary.legend_take": "{name}のボタン：`{label}`は、{card}を宝{treasure}にポートして獲得する手です。",
        "portas.treasure_ports": "**{name}**:{cards}",
        "portas.treasure_empty": "*まだポートされていません*",
        "portas.none": "—",
        "portas.sep": "、",
        "portas.player_field": "{marker}{name} — {score}点",
        "portas.player_hand": "手札：{cards}",
        "portas.player_deck": "山札：{n}枚",
        "portas.player_taken": "獲得：{list}",
        "portas.taken_item": "{value}（+{points}）",
        "portas.last_moves": "**直前の手**",
        "portas.options": "ハウスルール：{list}",
        "portas.options.item": "{label}：{value}",
        "portas.options.sep": "、",
        "portas.option.first_player": "先手",
        "portas.option.first_player.random": "ランダム",
        "portas.option.first_player.seat0": "最初の席",
        "portas.option.overshoot": "宝の数を超えるポート",
        "portas.option.overshoot.illegal": "できない",
        "portas.option.overshoot.allowed": "できる",
        "portas.option.pass_rule": "パス",
        "portas.option.pass_rule.forced": "ポートできないときだけ",
        "portas.option.pass_rule.voluntary": "いつでも",
        "portas.option.tiebreak": "同点時の扱い",
        "portas.option.tiebreak.treasures_then_last": "宝の数、次に最後の宝",
        "portas.option.tiebreak.treasures": "宝の数のみ",
        "portas.option.tiebreak.last_taker": "最後の宝のみ",
        "portas.option.tiebreak.none": "なし（引き分け）",
        "portas.option.first_player.doc": "先手の決め方。ルールブックには「決める」としか書かれていないため、Kadoではランダムに決めます。「先手は最初の席」にすると、最初に座ったプレイヤーから始めます。",
        "portas.option.overshoot.doc": "宝の数を超えるポートを認めるかどうか。認めない（既定）：ルールブックの「両者ともポートできなくなったら終了」が起こりうるのはこのためです。認める：どのカードもどの公開中の宝にもポートでき、数を超えた宝は獲得できなくなります。その場合、両者のカードが尽きたらゲーム終了です。",
        "portas.option.pass_rule.doc": "強制（既定）：ポートできるなら必ずポートし、できないときだけ自動でパスします。任意：ポートできるときでもパスできます。",
        "portas.option.tiebreak.doc": "同点のとき：獲得した宝の多い方、それも同じなら最後の宝を獲得した方の勝ち（既定）。どちらか一方だけで決めることも、決めずに引き分けにすることもできます。",
        "portas.footer": "宝の数ぴったりで獲得。得点になるのは自分のポートだけ。",
        "portas.private": "ポータスに非公開の情報はありません。両者の手札は盤面に出ています。あなたの手札：{cards}",
        "portas.control.port": "{card} → {treasure}({total}/{treasure})",
        "portas.control.take": "{card} → {treasure}：獲得（+{points}）",
        "portas.control.pass": "パス",
        "portas.event.ported": "{name}が{card}（{card_name}）を宝{treasure}にポート → {total}/{treasure}",
        "portas.event.took": "{name}が宝{treasure}を獲得、{points}点",
        "portas.event.took_lost": "{name}が宝{treasure}を獲得、{points}点（相手がポートした{lost}点分は得点になりません）",
        "portas.event.revealed": "宝{treasure}が公開されました",
        "portas.event.passed": "{name}はパスしました",
        "portas.event.passed_forced": "{name}はポートできないのでパスしました",
        "portas.event.game_over": "ゲーム終了 — {outcome}（{reason}）",
        "portas.error.bad_action": "ポータスの手ではありません。",
        "portas.error.card_not_in_hand": "そのカードは手札にありません。",
        "portas.error.no_such_treasure": "その宝は公開されていません（すでに獲得されました）。",
        "portas.error.overshoot": "そのカードをポートすると宝の数を超えてしまいます。",
        "portas.error.must_port": "ポートできる手があるので、パスはできません。",
    },
}

for _extra in (OUTCOME_STRINGS, LEGEND_STRINGS):
    for _locale, _texts in _extra.items():
        STRINGS[_locale].update(_texts)
STRINGS["en"].update(strings_reveal.EN)
STRINGS["ja"].update(strings_reveal.JA)
