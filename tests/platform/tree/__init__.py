"""Checks of the whole tree: import layers, references that resolve, no list of the games."""
