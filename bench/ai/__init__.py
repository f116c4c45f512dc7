"""Benchmarks of the AIs: strength and ratings, think time under load, hints and reviews."""
