-- Twin of SQLite's 010: a game's pace, and each person's notification choices (bot/core/pace.py).
ALTER TABLE sessions ADD COLUMN pace TEXT;
CREATE TABLE IF NOT EXISTS notify_prefs (
    user_id BIGINT PRIMARY KEY,
    own TEXT,
    other TEXT
);
