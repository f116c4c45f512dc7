"""The portas pictures."""
