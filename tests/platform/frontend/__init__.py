"""bot/frontend: clicks, screens, delivery, the board's messages."""
