"""PORTAS's facts for the platform, found by scanning ``cogs`` (:mod:`bot.gamefacts` reads these constants).

The platform names no game: what it must know before a first move -- where
PORTAS is listed, its seats, that its controls are on the public board, its
colours and the positions its pictures are checked on -- is declared here.
"""

ID = "portas"
ORDER = 10
SEATS = (2, 2)  # (fewest, most) players; the engine's MIN_SEATS, MAX_SEATS
PUBLIC_CONTROLS = True  # PORTAS hides nothing but the deck's order: every button is on the channel board
ACCENT = 0x3E8ED0  # sea blue: the bar of PORTAS lobbies, boards and DMs
PALETTE = {
    "background": (22, 30, 40),
    "panel": (32, 44, 58),
    "panel_edge": (52, 68, 88),
    "card_face": (246, 238, 220),
    "card_ink": (52, 40, 28),
    "card_back": (44, 92, 132),
    "card_back_mark": (70, 124, 168),
    "accent": (247, 190, 64),  # bot.pictures.palette.GOLD
}
SAMPLE_SEATS = (2,)
SAMPLE_MOVES = (3, 12, 5000)  # a 2-player game is half over after a dozen moves
