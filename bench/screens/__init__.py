"""What a player sees on a screen: the messages below the board, decisions shown where they are made, the
smallest text of a picture on a phone."""
