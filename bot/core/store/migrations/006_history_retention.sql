-- History retention (HISTORY_DAYS, Store.prune_history): when a finished game's moves were dropped.
--
-- Why: the action log and a session's state/log/prompts are only needed to replay a game, yet
-- they are most of a finished game's bytes and were kept forever.  Pruning deletes the actions and
-- empties those columns but keeps the session row, seats, result and participants (history, stats
-- and leaderboards); this column says it happened, so /game replay can say why there is nothing.
ALTER TABLE sessions ADD COLUMN pruned_at REAL;

-- The hourly prune reads only ended sessions not pruned yet (those of the last HISTORY_DAYS days,
-- once the first prune is done).  Keyed on id and filtered on columns a move's UPDATE never writes
-- (sql.UPDATE_MOVE), like sessions_unannounced, so moves never touch it.
CREATE INDEX sessions_unpruned ON sessions (id)
    WHERE pruned_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned');
