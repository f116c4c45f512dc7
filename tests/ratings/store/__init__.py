"""The store's side of ratings (bot/core/store/topics/ratings.py, rating_standing.py), on every backend."""
