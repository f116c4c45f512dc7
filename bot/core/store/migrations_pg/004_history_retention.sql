-- Twin of SQLite's 006: when retention (HISTORY_DAYS) dropped a finished game's moves and replay columns.
ALTER TABLE sessions ADD COLUMN pruned_at DOUBLE PRECISION;

CREATE INDEX sessions_unpruned ON sessions (id)
    WHERE pruned_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned');
