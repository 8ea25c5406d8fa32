-- The rooms, who sits in them, and each room's log of moves: the truth a
-- room is rebuilt from. Moves are only ever appended. The Postgres
-- dialect of migrations/sqlite/0001_rooms.sql: the same tables, columns
-- and meanings (whole numbers are BIGINT, flags 0 or 1, as SQLite keeps them).
CREATE TABLE secrets (
    id BIGINT PRIMARY KEY,
    key BYTEA NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    hints BIGINT NOT NULL,
    seed BIGINT NOT NULL,
    salt TEXT NOT NULL,
    commitment TEXT NOT NULL,
    host TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    ended_at_ms BIGINT,
    next_room TEXT
);

CREATE TABLE seats (
    room TEXT NOT NULL REFERENCES rooms (id),
    seat BIGINT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (room, seat),
    UNIQUE (room, player)
);

CREATE TABLE moves (
    room TEXT NOT NULL REFERENCES rooms (id),
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('claim', 'hint')),
    cards TEXT NOT NULL,
    PRIMARY KEY (room, seq)
);
