-- The "no set" call (issue 40): a room's extra cards come by themselves
-- ('auto') or when a player calls ('called'); a call is a move of kind
-- 'call' with no cards.
ALTER TABLE rooms ADD COLUMN dealing TEXT NOT NULL DEFAULT 'auto' CHECK (dealing IN ('auto', 'called'));
ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check CHECK (kind IN ('claim', 'hint', 'call'));
