"""PORTAS (ポータス): a 2-player port-and-take treasure game (docs/rules/portas.md §1)."""
