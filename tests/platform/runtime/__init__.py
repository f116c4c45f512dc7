"""bot/runtime: start-up, workers, metrics, logs."""
