-- Games that last days (bot/core/slow/pace.py, docs/slow-games.md).
--
-- sessions.pace: the pace the lobby's host picked (live, relaxed, correspondence); NULL reads as live.
-- notify_prefs: how each person wants to hear that a choice waits on them, per kind (their own turn,
-- a choice in another's turn): 'channel', 'dm', 'both' or 'none'; one row per user, for every server.
ALTER TABLE sessions ADD COLUMN pace TEXT;
CREATE TABLE IF NOT EXISTS notify_prefs (
    user_id INTEGER PRIMARY KEY,
    own TEXT,
    other TEXT
);
-- dm_notices: the DM messages that told someone a choice waits on them, deleted once they have acted;
-- kept so that a restart neither re-sends them (a second phone notification) nor leaves them behind.
CREATE TABLE IF NOT EXISTS dm_notices (
    message_id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL
);
-- absences: who said they are away (/game away), until when: their own turns wait meanwhile.
CREATE TABLE IF NOT EXISTS absences (
    user_id INTEGER PRIMARY KEY,
    until REAL NOT NULL
);
