-- Each player's sets found in rated games, per way to play, for profiles.
ALTER TABLE ratings ADD COLUMN sets BIGINT NOT NULL DEFAULT 0;
UPDATE ratings SET sets = (
    SELECT COALESCE(SUM(results.sets), 0) FROM results
    WHERE results.player = ratings.player AND results.mode = ratings.mode
);
