-- The game revisions compress like the other stored bodies (0001, 0008, 0017, 0041): lz4 where the
-- server has it; a server without lz4 (the embedded PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE raw.game_revisions ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
