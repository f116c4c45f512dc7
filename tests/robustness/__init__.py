"""Robustness tests: crashes, Discord faults, hidden-card leaks, bad input."""
