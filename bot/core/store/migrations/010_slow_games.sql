-- Games that last days (bot/core/pace.py, docs/slow-games.md).
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
