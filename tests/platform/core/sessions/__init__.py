"""bot/core/sessions: locks, commits, prompts, timers, AI seats."""
