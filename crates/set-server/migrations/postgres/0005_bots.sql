-- A room's computer opponents, by level: "hard,easy".
ALTER TABLE rooms ADD COLUMN bots TEXT NOT NULL DEFAULT '';
