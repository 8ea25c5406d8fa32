-- A public room is listed in the lobby; a private one (the default, as every
-- room made before this column) is reached by its link only.
ALTER TABLE rooms ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
