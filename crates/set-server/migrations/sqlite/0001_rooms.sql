-- The rooms, who sits in them, and each room's log of moves: the truth a
-- room is rebuilt from. Moves are only ever appended.
CREATE TABLE secrets (
    id INTEGER PRIMARY KEY,
    key BLOB NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    hints INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    salt TEXT NOT NULL,
    commitment TEXT NOT NULL,
    host TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    ended_at_ms INTEGER,
    next_room TEXT
);

CREATE TABLE seats (
    room TEXT NOT NULL REFERENCES rooms (id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (room, seat),
    UNIQUE (room, player)
);

CREATE TABLE moves (
    room TEXT NOT NULL REFERENCES rooms (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('claim', 'hint')),
    cards TEXT NOT NULL,
    PRIMARY KEY (room, seq)
);
