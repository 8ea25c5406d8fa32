-- One way into a room (docs/online.md, "Nodes"): a node no longer takes a
-- room from a live owner because a socket arrived. A node the proxy
-- routes a room's players to asks for it here (`wanted_by`), and the
-- owner lets it go (owner '') once it has held the room a while; the
-- owner looks for such asks each second, by this index.
ALTER TABLE rooms ADD COLUMN wanted_by TEXT NOT NULL DEFAULT '';
CREATE INDEX rooms_wanted ON rooms (owner) WHERE wanted_by <> '';
