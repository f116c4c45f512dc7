"""GETGEM (ゲットジェム): collect fire, water and thunder, declare, and survive three turns.

Pure rules in :mod:`.rules` (card catalogue and gem arithmetic in :mod:`.cards`),
words in :mod:`.render` / :mod:`.strings`, the normal AI in :mod:`.ai`.
Nothing here imports Discord; the platform drives it through ``bot.engine``.
"""
