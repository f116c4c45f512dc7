"""The strong AI's workers: the process pool, its hung and dead workers, the click gate and think time."""
