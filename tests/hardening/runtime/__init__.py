"""Hardening of the process (bot/runtime, start-up and stop): game directories, metrics, outages, workers."""
