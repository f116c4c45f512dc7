"""Benchmarks of a click's path at load: latency, the open loop, endurance, and where a click waits."""
