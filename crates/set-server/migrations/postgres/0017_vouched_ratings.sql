-- Fair play, round three (docs/fair-play.md): an identity is established
-- by established opponents (`vouched`: distinct ones, established when
-- first played) or by games on enough distinct days (`days`), and the
-- part of a rating that results against the rest moved (`unvouched`) is
-- kept within a cap. Ratings kept before start with no vouchers and the
-- days counted from the results already kept.
ALTER TABLE ratings ADD COLUMN vouched BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN days BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN unvouched DOUBLE PRECISION NOT NULL DEFAULT 0;
UPDATE ratings SET days = (
    SELECT COUNT(DISTINCT rooms.ended_at / 86400000) FROM results JOIN rooms ON rooms.id = results.room
    WHERE results.player = ratings.player AND results.mode = ratings.mode AND rooms.ended_at IS NOT NULL
);
