"""The games: one package per game, ``cogs/<game>/``, each declaring itself in its ``game.py``.

The platform finds them by scanning this package's path (:mod:`bot.gamefacts`).
``KADO_GAME_DIRS`` (directories separated by ``os.pathsep``) adds directories
to that path: a game package kept in one of them (``<dir>/<game>/``) joins
``cogs`` as if it were here -- imported as ``cogs.<game>``, found, loaded and
played alike.  Why: a game developed outside the tree, or the tests' copy of a
game in a temporary directory, is then a game like the others without any edit
here.
"""

import os

__path__ += [d for d in os.environ.get("KADO_GAME_DIRS", "").split(os.pathsep) if d]
