"""The pictures' CPU per move when many games share one picture worker: ``bench.clicks.openloop``'s mix, interleaved.

Run: ``.venv/bin/python -m bench.picture_mix [--tables 500] [--moves 9000]``

``bench.pictures --moves`` plays one game after another, so every piece and
text mask a board needs was drawn for the same game's previous board.  In a
running bot (and in ``bench.clicks.openloop``) hundreds of games take turns: between
two moves of one game the worker draws hundreds of other boards, and
whatever its caches cannot hold for that long is drawn again.  This replays
that: ``--tables`` tables in ``bench.clicks.openloop``'s mix (60 % PORTAS, 15 %
GETGEM, 15 % Eminit, 10 % Promotion), every player with a name of their own,
one random legal move of a random table at a time, and after each move what
the presenter builds (the board payload, and in a DM game every seat's DM
payload) through the picture cache.  A finished game starts again.  The first
third of the moves warms the caches and is not counted.  Prints the CPU per
move by game and for the mix, and how often a piece was found on the
shelves of :mod:`bot.pictures.tiles` (and what each shelf holds).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from typing import Any

from bench.pictures import build_after_move, table_record
from tests import gamekit

MIX = tuple((game, share) for game, _seats, share in gamekit.load_mix())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench.picture_mix", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=9000, help="moves in all, the first third uncounted")
    args = parser.parse_args(argv)

    from bot import i18n
    from bot.core import games
    from bot.pictures import samples, tiles

    for game, _share in MIX:
        i18n.register(importlib.import_module(f"cogs.{game}.strings").STRINGS)
    tr = i18n.translator("en")
    found = [0, 0]
    look = tiles.get

    def counted(key: Any, shelf: str | None = None) -> Any:
        piece = look(key, shelf)
        if shelf is None:
            found[piece is None] += 1
        return piece

    tiles.get = counted  # type: ignore[assignment]
    rng = random.Random(1)
    tables: list[dict[str, Any]] = []
    for game, share in MIX:
        spec = games.get(game)
        for _ in range(round(args.tables * share)):
            n = len(tables) + 1
            seats = rng.choice(samples.SEATS.get(game) or (spec.min_seats,))
            tables.append({"spec": spec, "id": n, "seats": seats, "version": 0,
                           "state": spec.rules.new(seats, n, spec.resolve_options({}))})
    warm = args.moves // 3
    cpu: dict[str, float] = {}
    moves: dict[str, int] = {}
    for step in range(args.moves):
        if step == warm:
            found[:] = [0, 0]
        table = rng.choice(tables)
        spec, seats = table["spec"], table["seats"]
        names = [f"Player {table['id']}-{seat}" for seat in range(seats)]
        record = table_record(spec, table["id"], table["state"], table["version"], names)
        start = time.thread_time()
        build_after_move(record, spec, tr)
        if step >= warm:
            cpu[spec.id] = cpu.get(spec.id, 0.0) + time.thread_time() - start
            moves[spec.id] = moves.get(spec.id, 0) + 1
        acting = sorted(spec.rules.to_act(table["state"]))
        if not acting:
            table["state"] = spec.rules.new(seats, rng.randrange(1 << 30), spec.resolve_options({}))
            table["version"] = 0
            continue
        seat = rng.choice(acting)
        move = rng.choice(spec.rules.legal(table["state"], seat))
        table["state"] = spec.rules.apply(table["state"], seat, move).state
        table["version"] += 1
    print(f"{args.tables} tables interleaved, {args.moves - warm} moves counted after {warm} to warm the caches")
    mix = 0.0
    for game, share in MIX:
        per_move = cpu[game] / moves[game] * 1000
        mix += share * per_move
        print(f"  {game:<10} {moves[game]:>6} moves  {per_move:6.2f} ms of CPU a move")
    held = ", ".join(f"{name} {size / 2**20:.1f} MB" for name, size in tiles.held().items())
    print(f"bench.clicks.openloop's mix: {mix:.2f} ms a move; pieces found kept {found[0] / max(1, sum(found)):.0%}; "
          f"shelves hold {held}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
