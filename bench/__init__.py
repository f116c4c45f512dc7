"""Benchmark scripts: each prints figures; none is a timed unit test."""
