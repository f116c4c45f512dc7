
"""What every symbol of Promotion's picture means (the Details view's legend), merged into the package's ``STRINGS``.

``SYMBOLS`` is the picture's own list of what it draws: each symbol, with the
drawing calls of :mod:`..picture` (its :mod:`.shapes`) that make it.
The legend shows one line per symbol, in this order; ``tests/platform/games/test_legend.py``
fails when the picture calls a drawing that no symbol here names, or a symbol lacks its words.
"""

from __future__ import annotations

from ..game import ID

SYMBOLS: dict[str, tuple[str, ...]] = {
    "postcard": ("d.polygon",),
    "suit": ("suit_shape",),
    "panel": ("c.rounded",),
    "star": ("star",),
    "crown": ("crown",),
    "tick": ("tick",),
    "clash": ("clash_mark",),
    "move": ("move_mark",),
}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        f"{ID}.legend.postcard": "**Postcard** in the middle: four coloured triangles, each lettered A–D at the "
        "edge of the player it faces — the side whose rows that player uses.",
        f"{ID}.legend.suit": "**♠ ♥ ♦ ♣**: suits. In a player's rows, the suits that row raises; under them, the "
        "player's field cards; at the sides, the supply piles with every card left in each.",
        f"{ID}.legend.panel": "**Highlighted row**: the row that player picked. A **gold ring** round a panel: "
        "that player must choose now, or won.",
        f"{ID}.legend.star": "**Star** before a name: the parent of this round.",
        f"{ID}.legend.crown": "**Crown** before a name: the winner (a King).",
        f"{ID}.legend.tick": "**Tick** (or …) after a name: a row is chosen for this round (or not yet).",
        f"{ID}.legend.clash": "**✖** on a suit of the picked row: it clashed, nobody on that row got it.",
        f"{ID}.legend.move": "**▲** beside a field card: raised at the last reveal; **▼**: pushed down; "
        "**◀▶**: swapped by Change!.",
    },

    "ja": {
        f"{ID}.legend.postcard": "中央の**ポストカード**：色分けした4つの三角形で、各プレイヤーの側の辺にA〜Dの文字。"
        "そのプレイヤーが使う面です。",
        f"{ID}.legend.suit": "**♠ ♥ ♦ ♣**：マーク。各段ではその段で上がるマーク、その下はプレイヤーの場札、"
        "左右は各マークの場（残りのカードすべて）です。",
        f"{ID}.legend.panel": "**色の付いた段**：そのプレイヤーが選んだ段。パネルの**金色の枠**："
        "いま選ぶ番のプレイヤー、または勝者。",
        f"{ID}.legend.star": "名前の前の**星**：このラウンドの親。",
        f"{ID}.legend.crown": "名前の前の**王冠**：勝者（キングに到達）。",
        f"{ID}.legend.tick": "**チェック**（または…）：このラウンドの段を選び済み（まだ）。",
        f"{ID}.legend.clash": "選んだ段のマークの**✖**：被ったため、その段の誰も上がりません。",
        f"{ID}.legend.move": "場札の横の**▲**：直前の公開で上がった、**▼**：下がった、**◀▶**：Change!で交換した。",
    },
}
