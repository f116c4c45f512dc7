"""The emulator's own tests: it behaves as Discord documents."""
