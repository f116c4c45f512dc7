"""Promotion's facts for the platform, found by scanning ``cogs`` (:mod:`bot.gamefacts` reads these constants).

The platform names no game: what it must know before a first move -- where
Promotion is listed, its four seats, that the row picks are secret and its
colour and sample seats -- is declared here.  Its postcard picture draws with
colours of its own (no table ``PALETTE``).
"""

ID = "promotion"
ORDER = 30
SEATS = (4, 4)  # (fewest, most) players; the engine's MIN_SEATS, MAX_SEATS
PUBLIC_CONTROLS = False  # secret row picks: each player's buttons are in their DM
ACCENT = 0xE8743B  # postcard orange: the bar of Promotion lobbies, boards and DMs
SAMPLE_SEATS = (4,)
