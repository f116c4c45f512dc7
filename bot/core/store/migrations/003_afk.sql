-- Turn timers and AFK handling: consecutive timeouts per seat, reminder sent, last human action.
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN last_human_at REAL;
