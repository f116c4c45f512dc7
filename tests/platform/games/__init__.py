"""The game contract of bot/ (engine.py, gamefacts.py, gameui.py): what every game declares and obeys."""
