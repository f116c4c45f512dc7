-- The one message below a game's board that its moments share (issue 37, bot/frontend/presenting/board_position.py).
--
-- Why stored: kept in memory only, a restart made the next moment post a second message below the
-- board, so a restored game could have one message more than the three it allows below its board.
ALTER TABLE sessions ADD COLUMN moments_message_id INTEGER;
