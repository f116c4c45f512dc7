"""Benchmark scripts (issue 8): each prints figures; none is a timed unit test."""
