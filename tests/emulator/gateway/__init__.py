"""The emulator's gateway side: the websocket session, and users acting through interactions."""
