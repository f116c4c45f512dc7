-- Twin of SQLite's 012: the votes of /game ai-for, kept across restarts (bot/core/sessions/absence.py).
CREATE TABLE IF NOT EXISTS ai_votes (
    session_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    voter_id BIGINT NOT NULL,
    PRIMARY KEY (session_id, seat, voter_id)
);
-- sessions.pace_turn: the turn length the lobby's host picked at a slow pace (bot/core/pace.py); NULL: the default.
ALTER TABLE sessions ADD COLUMN pace_turn DOUBLE PRECISION;
