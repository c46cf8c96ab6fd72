-- The live feeds compress like the other stored bodies (0001, 0008, 0017): lz4 where the server has
-- it, which this table missed. A feed is replaced at every change of a game followed live, and pglz
-- costs the server several times lz4's CPU for each. Values stored before keep pglz and stay
-- readable; a server without lz4 (the embedded PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE raw.live_feeds ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
