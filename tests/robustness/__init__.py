"""Robustness tests (issue 7): crashes, Discord faults, hidden-card leaks, bad input."""
