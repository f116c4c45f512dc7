"""The emulator's REST side (tests/emulator/rest/): bodies, components, interaction responses, tokens, rate limits."""
