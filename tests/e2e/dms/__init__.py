"""End to end, in the players' DMs: prompts, hands, outcomes, DM channels, sharded DM clicks."""
