"""PORTAS (ポータス): a 2-player port-and-take treasure game (RULES.md §1)."""
