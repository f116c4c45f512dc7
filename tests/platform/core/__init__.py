"""bot/core without Discord: store, turns, notices, retention."""
