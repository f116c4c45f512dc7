"""Platform words that say it once and say it right, en and ja, and the list joiner they need.

Kept apart from :mod:`bot.i18n.core` (which other work is trimming) so these
texts can change on their own; registered at start-up like the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # the board's status line while AIs move: the verb agrees with the number of names
        "words.thinking.one": "{names} is thinking…",
        "words.thinking.other": "{names} are thinking…",
        "words.and": " and ",
        # between short clauses on one line; Japanese keeps one middle dot (・, in lists) and uses ／ here
        "words.dot": " · ",
        "words.option_line": "{label}: {value}",
        "words.num_sep": " ",
        "words.times": "{card} ×{n}",
        # /game spectate: a private copy of the board, as it was when asked
        "words.snapshot": "📸 The board at <t:{ts}:T>; this copy does not change.",
        "words.snapshot.follow": (
            "📸 The board at <t:{ts}:T>; this copy does not change. [The channel's board]({link}) follows the game."
        ),
    },
    "ja": {
        "words.thinking.one": "{names}が考えています…",
        "words.thinking.other": "{names}が考えています…",
        "words.and": "と",
        "words.dot": "／",
        "words.option_line": "{label}：{value}",
        "words.num_sep": "・",
        "words.times": "{card}{n}枚",
        "words.snapshot": "📸 <t:{ts}:T>時点の盤面です。この表示は更新されません。",
        "words.snapshot.follow": (
            "📸 <t:{ts}:T>時点の盤面です。この表示は更新されません。"
            "ゲームの続きは[チャンネルの盤面]({link})で見られます。"
        ),
    },
}


def and_list(items: Sequence[str], tr: Callable[..., str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (ja: ``aとb``, ``a、bとc``): names listed as a sentence says them.

    ``tr`` is a :class:`bot.i18n.Tr` (typed loosely: this module is loaded by :mod:`bot.i18n` itself).
    """
    if len(items) < 2:
        return "".join(items)
    return tr("list.sep").join(items[:-1]) + tr("words.and") + items[-1]
