-- Watchers chat too (issue 39): a watcher's line has no seat of its own
-- (seat is -1, which no seat is) and names the player and the name they
-- watched under; a seat's line leaves both empty.
ALTER TABLE chat ADD COLUMN watcher TEXT;
ALTER TABLE chat ADD COLUMN watcher_name TEXT;
