-- Each node's lease (docs/operating.md, "Several servers"): a node renews
-- its row every second while it runs, and deletes it as it stops. A room
-- whose owner's lease is live is taken by another node only for a socket
-- routed by that room (the proxy's choice), never because any client asked
-- another node; a room whose owner's lease ran out is anyone's.
CREATE TABLE nodes (
    name TEXT PRIMARY KEY,
    lease_until INTEGER NOT NULL
);
