-- Ratings on one basis for players and AI levels, with a ceiling over the beaten (docs/ratings.md,
-- bot/core/ratings/ceiling.py), and hints (bot/core/ai/hints.py).
--
-- The stored ratings were computed under the old rules (wins over far weaker opponents counted in full):
-- every stored result is rated again, in the order the games ended, by the store at its next start
-- (Store.backfill_ratings, the same pass that rated the games from before ratings existed).
UPDATE ratings_backfill SET done = 0;

-- A seat whose player asked for a hint: the game does not change that player's rating (bot/core/ratings/rate.py).
ALTER TABLE seats ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0
