"""The portas games end to end: a real bot process against the Discord emulator."""
