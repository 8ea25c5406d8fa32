-- The "no set" call (issue 40): a room's extra cards come by themselves
-- ('auto') or when a player calls ('called'); a call is a move of kind
-- 'call' with no cards. SQLite cannot change a CHECK in place, so the
-- moves table is rebuilt with the wider one and its rows copied over.
ALTER TABLE rooms ADD COLUMN dealing TEXT NOT NULL DEFAULT 'auto' CHECK (dealing IN ('auto', 'called'));

CREATE TABLE moves_with_calls (
    room TEXT NOT NULL REFERENCES rooms (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('claim', 'hint', 'call')),
    cards TEXT NOT NULL,
    PRIMARY KEY (room, seq)
);
INSERT INTO moves_with_calls (room, seq, seat, at_ms, kind, cards)
    SELECT room, seq, seat, at_ms, kind, cards FROM moves;
DROP TABLE moves;
ALTER TABLE moves_with_calls RENAME TO moves;
