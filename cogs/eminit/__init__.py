"""Eminit's Treasure (エミニットの秘宝, BLUE HOUR GAMES): the pure game package.

``rules`` is the engine (docs/rules/eminit.md §4), ``render`` turns its views into words,
``strings`` holds the catalogues, ``ai`` the normal-level heuristic.  Nothing
here imports Discord; the lead's cog wires it to the platform.
"""
