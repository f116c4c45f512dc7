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

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: its tests/ hold each game's position

from bot import i18n
from bot.core import games
from bot.pictures import samples
from tests import gamekit

OUT = Path(__file__).resolve().parent
TABLES = {e.game: e.readme_picture for e in gamekit.every() if games.get(e.game).picture is not None}
"""game -> (seats, seed, moves played before the picture is taken): its ``README_PICTURE``."""
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
    japanese = [game for game in TABLES if gamekit.expectations(game).readme_japanese]
    for game in japanese:
        (OUT / f"{game}-ja.png").write_bytes(draw(game, "ja"))
    print(f"wrote {len(TABLES) + len(japanese)} pictures to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
