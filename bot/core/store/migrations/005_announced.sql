-- A session's end was shown: its final board (no live buttons) and its closing line were posted.
--
-- Why: the end of a game is committed before it is announced (bot/sessions.py), and a crash
-- between the two left the finished game's board with its old buttons and no result line:
-- unlike a live game, a finished one is not restored, so nothing re-showed it.  NULL here means
-- "ended but not announced yet"; at start-up the bot re-presents such sessions once
-- (SessionManager.announce_missed_endings) and the presenter sets the time when it is done.
ALTER TABLE sessions ADD COLUMN announced_at REAL;

-- Sessions that ended before this migration were announced by the bot that ended them (as far as
-- anyone can tell now): never post their results a second time.
UPDATE sessions SET announced_at = COALESCE(ended_at, updated_at) WHERE status NOT IN ('lobby', 'active');

-- The start-up query reads only the (normally empty) set of unannounced ends.  Keyed on id and
-- filtered on columns a move's UPDATE never writes (_UPDATE_MOVE), so moves never touch it.
CREATE INDEX sessions_unannounced ON sessions (id)
    WHERE announced_at IS NULL AND status IN ('finished', 'cancelled', 'abandoned');
