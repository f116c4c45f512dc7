"""Pictures off the click path (bot/frontend/ui): the picture cache, the worker pool, and the real bot using it."""
