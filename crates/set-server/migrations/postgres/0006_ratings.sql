-- Ratings per player and way to play, and each rated game's result per
-- seat: both written in the transaction that appends the game's last move.
CREATE TABLE ratings (
    player TEXT NOT NULL,
    mode TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    PRIMARY KEY (player, mode)
);

CREATE TABLE results (
    room TEXT NOT NULL REFERENCES rooms (id),
    seat BIGINT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    mode TEXT NOT NULL,
    place BIGINT NOT NULL,
    sets BIGINT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE INDEX results_by_player ON results (player, mode);
