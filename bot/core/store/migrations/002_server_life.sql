-- Server life: stats, leaderboards, history.
--
-- One row per *human* seat of every finished game that has a result, written
-- in the same transaction as the result (Store._write_result).  Stats and
-- leaderboards then are indexed GROUP BYs instead of parsing every results
-- JSON on each command, so they stay cheap as a server's history grows.
-- AI seats (no user_id) are never written here: they count for the humans'
-- records (as opponents) but can never reach a leaderboard.  A human whose
-- seat an AI finished after timeouts keeps the game on their record.
CREATE TABLE participants (
    session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    won         INTEGER NOT NULL DEFAULT 0,
    draw        INTEGER NOT NULL DEFAULT 0,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX participants_board ON participants (guild_id, game, user_id);
CREATE INDEX participants_user ON participants (user_id, guild_id, game);

-- /game history for a channel: newest sessions first.
CREATE INDEX sessions_channel ON sessions (channel_id, id);

-- Results stored before this migration: fill participants from their JSON.
INSERT OR IGNORE INTO participants (session_id, seat, user_id, name, guild_id, game, won, draw, finished_at)
SELECT r.session_id,
       CAST(s.key AS INTEGER),
       json_extract(s.value, '$.user_id'),
       COALESCE(json_extract(s.value, '$.name'), ''),
       r.guild_id,
       r.game,
       EXISTS (SELECT 1 FROM json_each(r.result, '$.winners') w WHERE w.value = CAST(s.key AS INTEGER)),
       json_array_length(r.result, '$.winners') = 0,
       r.finished_at
FROM results r, json_each(r.result, '$.seats') s
WHERE json_extract(s.value, '$.user_id') IS NOT NULL
