-- A game keeps the server's turn timer it started with (/game settings timer).
ALTER TABLE sessions ADD COLUMN turn_timeout REAL;
