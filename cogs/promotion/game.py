"""Promotion's facts for the platform, found by scanning ``cogs`` (:mod:`bot.gamefacts` reads these constants).

The platform names no game: what it must know before a first move -- where
Promotion is listed, its four seats, that the row picks are secret and its
colours and sample seats -- is declared here.
"""

ID = "promotion"
ORDER = 30
SEATS = (4, 4)  # (fewest, most) players; the engine's MIN_SEATS, MAX_SEATS
PUBLIC_CONTROLS = False  # secret row picks: each player's buttons are in their DM
ACCENT = 0xE8743B  # postcard orange: the bar of Promotion lobbies, boards and DMs
SAMPLE_SEATS = (4,)
PALETTE = {
    "background": (38, 71, 58),  # the green baize the postcard lies on
    "panel": (251, 250, 246),
    "panel_edge": (31, 59, 48),  # the supply piles' tray
    "card_face": (251, 250, 246),
    "card_ink": (30, 30, 30),
    "card_back": (31, 59, 48),
    "card_back_mark": (119, 119, 119),  # muted text: the row numbers
    "accent": (255, 213, 74),  # the picked row, the ring of whoever must choose
}
