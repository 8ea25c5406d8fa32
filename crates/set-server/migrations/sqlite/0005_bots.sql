-- A room's computer opponents, by level ("hard,easy"), seated after its
-- people when the game starts; their claims are moves of the log like any.
ALTER TABLE rooms ADD COLUMN bots TEXT NOT NULL DEFAULT '';
