"""The portas texts: render, DMs, moments and rules pages, without a bot."""
