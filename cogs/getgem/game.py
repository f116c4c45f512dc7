"""GETGEM's facts for the platform, found by scanning ``cogs`` (:mod:`bot.gamefacts` reads these constants).

The platform names no game: what it must know before a first move -- where
GETGEM is listed, its seats, that hands and Barrier answers are private, the
Barrier prompt's rule-defined timer, its colours and sample positions -- is
declared here.
"""

ID = "getgem"
ORDER = 20
SEATS = (2, 5)  # (fewest, most) players; the engine's MIN_SEATS, MAX_SEATS
PUBLIC_CONTROLS = False  # hidden hands: each player's buttons are in their DM
REACTION_TIMEOUT_OPTION = "barrier_timeout_s"  # the Barrier prompt's timer (docs/rules/getgem.md [decision])
ACCENT = 0xA77BFF  # gem violet: the bar of GETGEM lobbies, boards and DMs
PALETTE = {
    "background": (24, 22, 36),
    "panel": (36, 33, 54),
    "panel_edge": (60, 55, 88),
    "card_face": (238, 236, 246),
    "card_ink": (34, 30, 48),
    "card_back": (72, 50, 120),
    "card_back_mark": (104, 78, 160),
    "accent": (190, 150, 255),
}
SAMPLE_SEATS = (2, 3, 4, 5)
SAMPLE_MOVES = (3, 60, 5000)
