-- Sessions: one live (lobby or active) session per channel.
CREATE TABLE sessions (
    id              INTEGER PRIMARY KEY,
    game            TEXT    NOT NULL,
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
    options         TEXT    NOT NULL DEFAULT '{}',
    seed            INTEGER NOT NULL,
    state           TEXT,
    version         INTEGER NOT NULL DEFAULT 0,
    prompts         TEXT    NOT NULL DEFAULT '{}',
    log             TEXT    NOT NULL DEFAULT '[]',
    locale          TEXT    NOT NULL DEFAULT 'en',
    board_message_id INTEGER,
    deadline        REAL,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL,
    ended_at        REAL,
    ended_by        INTEGER,
    end_reason      TEXT
);
CREATE UNIQUE INDEX sessions_one_live_per_channel ON sessions (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX sessions_live ON sessions (status) WHERE status IN ('lobby', 'active');

-- Seats in join order; an AI seat has ai_level and no user_id.
CREATE TABLE seats (
    session_id    INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       INTEGER,
    ai_level      TEXT,
    name          TEXT    NOT NULL,
    locale        TEXT    NOT NULL DEFAULT 'en',
    dm_channel_id INTEGER,
    dm_message_id INTEGER,
    dm_closed     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

-- Append-only log of accepted actions: enough to replay any game from its seed.
CREATE TABLE actions (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    payload    TEXT    NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, version)
);

CREATE TABLE results (
    session_id  INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    game        TEXT    NOT NULL,
    guild_id    INTEGER,
    result      TEXT    NOT NULL,
    finished_at REAL    NOT NULL
);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    data     TEXT NOT NULL DEFAULT '{}'
);
