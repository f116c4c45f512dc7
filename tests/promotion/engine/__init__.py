"""The promotion engine's tests: rules, options and AI, without a bot."""
