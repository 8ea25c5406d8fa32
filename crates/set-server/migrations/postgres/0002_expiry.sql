-- When a finished game ended, as Unix time (ms), so that it can be deleted
-- after the days it is kept; and the index the sweep for old rooms reads.
ALTER TABLE rooms ADD COLUMN ended_at BIGINT;
CREATE INDEX rooms_by_age ON rooms (status, created_at);
