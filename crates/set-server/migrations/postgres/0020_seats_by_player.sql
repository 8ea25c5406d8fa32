-- Every player who has played has a profile (issue 56): a profile reads
-- the player's finished games, rated or not, from their seats, by player.
CREATE INDEX seats_by_player ON seats (player);
