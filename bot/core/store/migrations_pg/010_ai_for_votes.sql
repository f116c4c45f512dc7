-- Twin of SQLite's 012: the votes of /game ai-for, kept across restarts (bot/core/sessions/absence.py).
CREATE TABLE IF NOT EXISTS ai_votes (
    session_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    voter_id BIGINT NOT NULL,
    PRIMARY KEY (session_id, seat, voter_id)
);
