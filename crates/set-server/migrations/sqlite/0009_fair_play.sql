-- Fair play (docs/fair-play.md): each rating's distinct opponents and when
-- its last rated game ended, for the leaderboards' rule of who is listed;
-- counted here from the results already kept. And the players marked for
-- the operator: a claim faster than a person, with the room and its event.
ALTER TABLE ratings ADD COLUMN opponents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN played_at INTEGER NOT NULL DEFAULT 0;
UPDATE ratings SET
    opponents = (
        SELECT COUNT(DISTINCT others.player) FROM results AS mine
        JOIN results AS others ON others.room = mine.room AND others.player <> mine.player
        WHERE mine.player = ratings.player AND mine.mode = ratings.mode
    ),
    played_at = COALESCE((
        SELECT MAX(rooms.ended_at) FROM results JOIN rooms ON rooms.id = results.room
        WHERE results.player = ratings.player AND results.mode = ratings.mode
    ), 0);
CREATE INDEX ratings_listed ON ratings (mode, mu);

CREATE TABLE flags (
    player TEXT NOT NULL,
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    looked_ms INTEGER NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX flags_by_player ON flags (player);
