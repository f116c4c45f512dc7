-- Votes of /game ai-for (bot/core/sessions/absence.py): the other players of a game let the normal AI play
-- an away player's seat; kept so that a restart forgets no vote.  One row per voter; the rows of a seat go
-- once it is handed to the AI, and with their session.
CREATE TABLE IF NOT EXISTS ai_votes (
    session_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    voter_id INTEGER NOT NULL,
    PRIMARY KEY (session_id, seat, voter_id)
);
-- sessions.pace_turn: the turn length the lobby's host picked at a slow pace (seconds: 4, 12 or 24 hours
-- relaxed; 1, 3 or 7 days correspondence; bot/core/pace.py); NULL: the pace's default.
ALTER TABLE sessions ADD COLUMN pace_turn REAL;
