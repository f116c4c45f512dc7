"""Shared Discord UI: custom-id templates, embeds and button layouts for every game."""
