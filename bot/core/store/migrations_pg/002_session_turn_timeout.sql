-- Twin of SQLite's 004: a game keeps the server's turn timer it started with (/game settings timer).
ALTER TABLE sessions ADD COLUMN turn_timeout DOUBLE PRECISION
