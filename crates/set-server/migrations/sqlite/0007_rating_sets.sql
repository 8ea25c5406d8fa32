-- Each player's sets found in rated games, per way to play, for profiles:
-- counted in the transaction that keeps each rated game's results, and
-- here from the results already kept.
ALTER TABLE ratings ADD COLUMN sets INTEGER NOT NULL DEFAULT 0;
UPDATE ratings SET sets = (
    SELECT COALESCE(SUM(results.sets), 0) FROM results
    WHERE results.player = ratings.player AND results.mode = ratings.mode
);
