-- Quick play starts by itself (issue 56): a room quick play made (and its
-- rematches) counts down to its start once two or more of its players are
-- here, where a room made by hand waits for its host (docs/online.md).
ALTER TABLE rooms ADD COLUMN quick INTEGER NOT NULL DEFAULT 0;
