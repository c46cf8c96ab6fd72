-- Issue 48: the history rows were made by a round trip through jsonb (`to_jsonb(c)` then
-- `jsonb_populate_record`), which matched the current and history tables' columns by name at every
-- call, about 30 µs a row: most of a game's history recording. The columns are now matched once,
-- here, from the catalog: mlb.define_record_game_history() writes mlb.record_game_history with each
-- table's shared columns listed, so a version is made by a plain INSERT … SELECT. Same statements,
-- same rows. A migration that changes the columns of these tables calls it again (a test compares
-- every recorded version with its current row, column by column).
CREATE OR REPLACE FUNCTION mlb.define_record_game_history() RETURNS void LANGUAGE plpgsql AS $define$
DECLARE
  t text;
  k text[];
  cols text;
  c_cols text;
  keys text;
  body text := '';
BEGIN
  FOREACH t IN ARRAY ARRAY['plays', 'batting_lines', 'pitching_lines'] LOOP
    k := CASE t WHEN 'plays' THEN ARRAY['at_bat_index'] ELSE ARRAY['team_id', 'person_id'] END;
    SELECT string_agg(format('%I', c.attname), ', ' ORDER BY c.attnum),
           string_agg(format('c.%I', c.attname), ', ' ORDER BY c.attnum)
      INTO cols, c_cols
      FROM pg_attribute c
      JOIN pg_attribute h ON h.attrelid = format('mlb.%I', t || '_history')::regclass
        AND h.attname = c.attname AND h.attnum > 0 AND NOT h.attisdropped
     WHERE c.attrelid = format('mlb.%I', t)::regclass AND c.attnum > 0 AND NOT c.attisdropped;
    SELECT string_agg(format('c.%1$I = h.%1$I', x), ' AND ') INTO keys FROM unnest(k) x;
    body := body || format($step$
  -- mlb.%2$s: a current version no current row equals any more is closed; a current row no open version equals opens one.
  UPDATE mlb.%1$I h SET valid_to = v_at
  WHERE h.game_pk = p_game_pk AND h.valid_to IS NULL AND NOT EXISTS (
    SELECT 1 FROM mlb.%2$I c WHERE c.game_pk = h.game_pk AND %3$s
      AND to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to');
  DELETE FROM mlb.%1$I WHERE game_pk = p_game_pk AND valid_from = valid_to;
  INSERT INTO mlb.%1$I (%4$s, valid_from)
  SELECT %5$s, v_at FROM mlb.%2$I c
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.%1$I h WHERE h.game_pk = c.game_pk AND %3$s AND h.valid_to IS NULL);
$step$, t || '_history', t, keys, cols, c_cols);
  END LOOP;
  EXECUTE format($create$CREATE OR REPLACE FUNCTION mlb.record_game_history(p_game_pk integer, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS %L$create$, $head$
DECLARE
  v_at timestamptz;
BEGIN
  -- Never dated before the game's last version: the history does not move back.
  SELECT greatest(p_at, max(valid_from)) INTO v_at FROM (
    SELECT max(valid_from) AS valid_from FROM mlb.plays_history WHERE game_pk = p_game_pk
    UNION ALL SELECT max(valid_from) FROM mlb.batting_lines_history WHERE game_pk = p_game_pk
    UNION ALL SELECT max(valid_from) FROM mlb.pitching_lines_history WHERE game_pk = p_game_pk) m;
  v_at := coalesce(v_at, p_at);
$head$ || body || 'END');
END $define$;
--> statement-breakpoint
SELECT mlb.define_record_game_history();
