"""bot/core/sessions/parts/clock.py: turn timers, reaction windows, timeouts and AFK seats (a controlled clock)."""
