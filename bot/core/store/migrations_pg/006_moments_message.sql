-- Twin of SQLite's 008: the one message below a game's board that its moments share, kept across restarts.
ALTER TABLE sessions ADD COLUMN moments_message_id BIGINT;
