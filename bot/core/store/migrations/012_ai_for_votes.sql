-- Votes of /game ai-for (bot/core/sessions/absence.py): the other players of a game let the normal AI play
-- an away player's seat; kept so that a restart forgets no vote.  One row per voter; the rows of a seat go
-- once it is handed to the AI, and with their session.
CREATE TABLE IF NOT EXISTS ai_votes (
    session_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    voter_id INTEGER NOT NULL,
    PRIMARY KEY (session_id, seat, voter_id)
);
