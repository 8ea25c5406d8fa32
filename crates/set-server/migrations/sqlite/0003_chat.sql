-- A room's chat, kept with its log and deleted with it: line n of the room,
-- who said it (a seat), when in the game's time, and the text as checked.
CREATE TABLE chat (
    room TEXT NOT NULL REFERENCES rooms (id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (room, n)
) WITHOUT ROWID;
