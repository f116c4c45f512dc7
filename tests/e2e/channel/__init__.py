"""End to end, in the channel: the board, its notices and moments, the screens, commands."""
