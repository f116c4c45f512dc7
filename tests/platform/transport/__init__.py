"""bot/transport: acknowledgements, edits, followups, the wire."""
