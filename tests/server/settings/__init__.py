"""/game settings: the declaration, stored values, the commands and the posts they choose, through the real bot."""
