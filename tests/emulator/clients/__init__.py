"""Clients of the emulator that are not the real bot: a sample bot and a raw-HTTP speaker."""
