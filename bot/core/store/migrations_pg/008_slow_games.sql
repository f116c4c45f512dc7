-- Twin of SQLite's 010: a game's pace, and each person's notification choices (bot/core/slow/pace.py).
ALTER TABLE sessions ADD COLUMN pace TEXT;
CREATE TABLE IF NOT EXISTS notify_prefs (
    user_id BIGINT PRIMARY KEY,
    own TEXT,
    other TEXT
);
-- dm_notices: the DM messages that told someone a choice waits on them, deleted once they have acted;
-- kept so that a restart neither re-sends them (a second phone notification) nor leaves them behind.
CREATE TABLE IF NOT EXISTS dm_notices (
    message_id BIGINT PRIMARY KEY,
    session_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL
);
-- absences: who said they are away (/game away), until when: their own turns wait meanwhile.
CREATE TABLE IF NOT EXISTS absences (
    user_id BIGINT PRIMARY KEY,
    until DOUBLE PRECISION NOT NULL
);
