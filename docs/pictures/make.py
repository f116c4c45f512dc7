"""Draw the pictures README shows near its top: each game's table in the middle of a seeded game.

Run from the repository root: ``.venv/bin/python docs/pictures/make.py``. It
writes ``docs/pictures/<game>.png`` (and one Japanese table), the same bytes
every time: a seeded game played with random legal moves, drawn from the
spectator view exactly as the bot draws a channel's board.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from bot import i18n
from bot.core import games
from bot.pictures import samples

OUT = Path(__file__).resolve().parent
# game -> (seats, seed, moves played before the picture is taken)
TABLES = {"portas": (2, 5, 14), "getgem": (4, 3, 45), "promotion": (4, 7, 40), "eminit": (4, 2, 70)}
NAMES = ("Aki", "Ben", "ちはる", "Dee", "Emi")


def draw(game: str, locale: str) -> bytes:
    seats, seed, moves = TABLES[game]
    state = samples.play(game, seats, seed, moves)
    view = games.get(game).rules.view(state, None)
    picture = importlib.import_module(f"cogs.{game}.picture")
    return picture.board(view, list(NAMES[:seats]), i18n.translator(locale))


def main() -> int:
    for game in TABLES:
        (OUT / f"{game}.png").write_bytes(draw(game, "en"))
    (OUT / "getgem-ja.png").write_bytes(draw("getgem", "ja"))
    print(f"wrote {len(TABLES) + 1} pictures to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
