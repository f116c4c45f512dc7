-- Skill ratings per server, game and player (issue 39; bot/core/ratings, docs/ratings.md).
--
-- ratings: each player's current rating (openskill's mu and sigma) in one server's game, with the
-- games it rests on and their latest name (the leaderboard's).  rating_changes: what each rated game
-- did to each rated player, before and after: the result post's "1,512 -> 1,538", the trend of
-- /game stats, and the mark that a session was rated (never twice).  Both are written in the
-- transaction that records the result (Store._write_result).  AI levels are not stored here: their
-- ratings are fixed (bot/core/ratings/ai_levels.json).  A forgotten player's rows keep a negative
-- anonymous number instead of their id (Store.forget_user).
CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_user ON ratings (user_id);

CREATE TABLE rating_changes (
    session_id   BIGINT  NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    user_id      BIGINT  NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    games_before INTEGER NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    at           DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX rating_changes_trend ON rating_changes (guild_id, game, user_id, at);
CREATE INDEX rating_changes_user ON rating_changes (user_id);

-- A player who left a game of three or more seats (their seat went to the AI) still places last in it:
-- the seat keeps who left (left_by) until the game's result names them (bot/core/ratings/rate.py).
ALTER TABLE seats ADD COLUMN left_by BIGINT;

-- The games finished before this migration are rated once, in the order they ended, by the store at its
-- next start (Store.backfill_ratings: Python, which SQL migrations cannot run); 0 until that is done.
CREATE TABLE ratings_backfill (done INTEGER NOT NULL);
INSERT INTO ratings_backfill (done) VALUES (0)
