"""SIGKILL at random moments while users play: nothing they saw is lost (crashkit and its tests)."""
