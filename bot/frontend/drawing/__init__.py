"""Pictures, drawn off the click path: the worker pool, what one picture is drawn from, the cache, the stats chart.

Discord-free but for their callers: ``picture_pool`` draws ``picture_jobs`` in worker processes,
``picture_cache`` keeps what was drawn by its inputs, ``rating_chart`` draws ``/game stats``' trend.
The drawing itself is each game's ``picture`` module over :mod:`bot.pictures`.
"""
