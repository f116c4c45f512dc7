"""Benchmark scripts: each prints figures; none is a timed unit test.

``ai/`` measures the AIs, ``clicks/`` a click's path at load, ``store/`` what is stored (commits, restore,
shards, the crash soak); engines, pictures, requests and what players see of a game are at the top."""
