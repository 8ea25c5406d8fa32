-- Moderation (docs/operating.md, "Moderation"): players' reports, the
-- operator's sanctions (a mute or ban of an identity, a ban of an address
-- prefix), chat lines hidden, and a log of every operator action, kept.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter TEXT NOT NULL,
    player TEXT NOT NULL,
    why TEXT NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX reports_by_reporter ON reports (reporter, at);

CREATE TABLE sanctions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban', 'ban_prefix')),
    target TEXT NOT NULL,
    note TEXT NOT NULL,
    at INTEGER NOT NULL,
    lifted_at INTEGER
);

CREATE TABLE moderation_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    note TEXT NOT NULL,
    at INTEGER NOT NULL
);

ALTER TABLE chat ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
