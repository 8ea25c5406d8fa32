-- Moderation (docs/operating.md, "Moderation"): players' reports, the
-- operator's sanctions (a mute or ban of an identity, a ban of an address
-- prefix), chat lines hidden, and a log of every operator action, kept.
CREATE TABLE reports (
    id BIGSERIAL PRIMARY KEY,
    reporter TEXT NOT NULL,
    player TEXT NOT NULL,
    why TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX reports_by_reporter ON reports (reporter, at);

CREATE TABLE sanctions (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban', 'ban_prefix')),
    target TEXT NOT NULL,
    note TEXT NOT NULL,
    at BIGINT NOT NULL,
    lifted_at BIGINT
);

CREATE TABLE moderation_log (
    id BIGSERIAL PRIMARY KEY,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    note TEXT NOT NULL,
    at BIGINT NOT NULL
);

ALTER TABLE chat ADD COLUMN hidden BIGINT NOT NULL DEFAULT 0;
