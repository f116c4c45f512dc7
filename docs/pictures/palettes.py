"""Train each game's PNG palette on its seeded pictures: ``cogs/<game>/palette.png``.

Run from the repository root after changing a game picture's colours:
``.venv/bin/python docs/pictures/palettes.py`` (a few seconds; the same files
every time).  tests/pictures/test_encoding.py fails when a stored palette no
longer fits its game's pictures.

Training set: every position of ``samples.positions`` for seeds 0..SEEDS-1
(every table size, early / middle / finished), in English with short names
and in Japanese with long ones, boards and one seat's hand (``seed % seats``).  The odd seeds
above SEEDS are what the test checks against, so the palette is judged on
pictures it was not trained on.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from bot import gamefacts, i18n  # noqa: E402
from bot.pictures import encoding, samples  # noqa: E402

SEEDS = 16


GAMES = samples.GAMES
"""The games with a trained palette: every sampled picture game (each draws on its declared table)."""


def pictures(game: str, seeds: range) -> list[Image.Image]:
    """The RGB images (before encoding) of ``game``'s boards and hands at the seeded positions."""
    i18n.register(importlib.import_module(f"cogs.{game}.strings").STRINGS)
    pic = importlib.import_module(f"cogs.{game}.picture")
    engine = samples.rules(game)
    drawn: list[Image.Image] = []
    real = encoding.encode

    def keep(image: Image.Image, scheme: str | None = None) -> bytes:
        drawn.append(image.convert("RGB"))
        return b""

    encoding.encode = keep  # type: ignore[assignment]
    try:
        for seed in seeds:
            for locale, pool in (("en", samples.SHORT_NAMES), ("ja", samples.LONG_NAMES)):
                tr = i18n.translator(locale)
                for _label, state in samples.positions(game, seed):
                    n = samples.seats_at(game, seed)
                    names = list(pool[:n])
                    pic.board(engine.view(state, None), names, tr)
                    if hasattr(pic, "hand"):  # one seat's hand a position: every seat over the seeds
                        seat = seed % n
                        pic.hand(engine.view(state, seat), seat, names, tr)
    finally:
        encoding.encode = real  # type: ignore[assignment]
    return drawn


def main() -> int:
    for game in GAMES:
        swatch: Any = encoding.train(pictures(game, range(SEEDS)))
        path = gamefacts.facts_of(game).palette_file
        assert path is not None
        swatch.save(path, format="PNG", optimize=False)
        encoding.palette.cache_clear()
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
