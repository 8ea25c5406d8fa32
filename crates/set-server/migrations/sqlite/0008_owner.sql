-- Which node owns a room now, and the room's epoch: a node takes a room by
-- raising its epoch, and every append it makes carries the epoch it took;
-- an append from a node whose epoch was raised since keeps nothing
-- (docs/online.md, "One writer per room"). One SQLite file has one server,
-- whose epoch only it raises.
ALTER TABLE rooms ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
