-- Ratings per player and way to play (crates/set-server/src/ratings.rs), and
-- each rated game's result per seat: both written in the transaction that
-- appends the game's last move, so a restart never keeps one without the other.
CREATE TABLE ratings (
    player TEXT NOT NULL,
    mode TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (player, mode)
);

CREATE TABLE results (
    room TEXT NOT NULL REFERENCES rooms (id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    mode TEXT NOT NULL,
    place INTEGER NOT NULL,
    sets INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE INDEX results_by_player ON results (player, mode);
