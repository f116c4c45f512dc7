"""What the emulator remembers: the world, messages and their components, results, forgetting."""
