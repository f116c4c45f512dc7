"""Eminit's Treasure's facts for the platform, found by scanning ``cogs`` (:mod:`bot.gamefacts` reads these).

The platform names no game: what it must know before a first move -- where
Eminit is listed, its seats, that hands and declarations are private, the
declaration's rule-defined timer, its colours and sample positions -- is
declared here.
"""

ID = "eminit"
ORDER = 40
SEATS = (3, 5)  # (fewest, most) players; the engine's MIN_SEATS, MAX_SEATS
PUBLIC_CONTROLS = False  # face-down cards and hidden interrupts: each player's buttons are in their DM
REACTION_TIMEOUT_OPTION = "declare_timeout_s"  # a contest's declaration timer (docs/rules/eminit.md [decision])
ACCENT = 0xD4A23A  # treasure gold: the bar of Eminit lobbies, boards and DMs
PALETTE = {
    "background": (20, 32, 28),
    "panel": (30, 46, 40),
    "panel_edge": (50, 74, 64),
    "card_face": (244, 238, 222),
    "card_ink": (40, 34, 26),
    "card_back": (96, 58, 40),
    "card_back_mark": (138, 90, 60),
    "accent": (247, 190, 64),  # bot.pictures.palette.GOLD
}
SAMPLE_SEATS = (3, 4, 5)
SAMPLE_MOVES = (3, 60, 5000)
