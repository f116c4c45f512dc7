"""Eminit's Treasure (エミニットの秘宝, BLUE HOUR GAMES)."""
