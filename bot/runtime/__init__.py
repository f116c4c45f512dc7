"""The process itself: nothing of Discord, nothing of any game.

Worker processes (``workers``: the AI's pool; ``pipe_pool``: the pictures'), the optional
Prometheus endpoint (``metrics``), log redaction of tokens (``logredact``) and fresh task contexts
for timers (``detached``).

May import: the standard library and third-party packages only — it is the bottom layer, and
everything above may use it.
"""
