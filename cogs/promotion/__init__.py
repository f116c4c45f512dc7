"""Promotion (プロモーション): tomo000's 4-player postcard game."""
