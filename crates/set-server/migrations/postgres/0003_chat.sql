-- Each room's chat, numbered in the room, kept with its log.
CREATE TABLE chat (
    room TEXT NOT NULL REFERENCES rooms (id),
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (room, n)
);
