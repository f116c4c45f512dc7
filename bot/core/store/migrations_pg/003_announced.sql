-- Twin of SQLite's 005: a session's end was shown (final board and closing line posted).
-- NULL means "ended but not announced yet"; the bot re-presents such sessions once at start-up.
ALTER TABLE sessions ADD COLUMN announced_at DOUBLE PRECISION;

-- Ends stored before this migration were announced by the bot that ended them: never post them twice.
UPDATE sessions SET announced_at = COALESCE(ended_at, updated_at) WHERE status NOT IN ('lobby', 'active');

CREATE INDEX sessions_unannounced ON sessions (id)
    WHERE announced_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned');
