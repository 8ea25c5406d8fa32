-- Whether a room is listed in the lobby (1) or reached by its link only (0).
ALTER TABLE rooms ADD COLUMN public BIGINT NOT NULL DEFAULT 0;
