"""Promotion (プロモーション): tomo000's 4-player postcard game, as a pure engine plus its renderer.

``rules`` is the engine (see :mod:`bot.engine`), ``postcard`` the card's layout as
data, ``render``/``strings`` turn views and events into words and a picture, and
``ai`` is the normal-level heuristic player.  Nothing here imports Discord.
"""
