"""The promotion pictures."""
