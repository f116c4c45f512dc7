-- Post-game reviews (bot/core/review, docs/ai.md "Reviews"): one per finished game and seat that asked.
--
-- status 'pending' from the request until the review is stored, then 'done' with the review as JSON in data.
-- A request still pending when the bot stops is resumed at the next start (ReviewRunner.resume), so a
-- restart loses none.  A review is the moves' companion: retention deletes it with the moves
-- (Store.prune_history, HISTORY_DAYS), and it goes with its session.
CREATE TABLE reviews (
    session_id   INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    status       TEXT    NOT NULL,
    requested_at REAL    NOT NULL,
    done_at      REAL,
    data         TEXT,
    PRIMARY KEY (session_id, seat)
);
-- Only the few pending requests are read at start: a partial index keeps that read off the done rows.
CREATE INDEX reviews_pending ON reviews (session_id) WHERE status = 'pending'
