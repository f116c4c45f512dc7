"""Benchmarks of what is stored: commits, restore, history, shards on PostgreSQL, crash soak."""
