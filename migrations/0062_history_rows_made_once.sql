-- Issue 48: a season's backfill spent most of its database time here. `SELECT (jsonb_populate_record(...)).*`
-- expands to one call of the function per column of the history table (about forty for plays), for every
-- row; in FROM (LATERAL) it is called once a row. Same rows, same order of statements.
CREATE OR REPLACE FUNCTION mlb.record_game_history(p_game_pk integer, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz;
BEGIN
  -- Never dated before the game's last version: the history does not move back.
  SELECT greatest(p_at, max(valid_from)) INTO v_at FROM (
    SELECT max(valid_from) AS valid_from FROM mlb.plays_history WHERE game_pk = p_game_pk
    UNION ALL SELECT max(valid_from) FROM mlb.batting_lines_history WHERE game_pk = p_game_pk
    UNION ALL SELECT max(valid_from) FROM mlb.pitching_lines_history WHERE game_pk = p_game_pk) m;
  v_at := coalesce(v_at, p_at);
  -- A current version no current row equals any more is closed; a current row no open version equals opens one.
  UPDATE mlb.plays_history h SET valid_to = v_at
  WHERE h.game_pk = p_game_pk AND h.valid_to IS NULL AND NOT EXISTS (
    SELECT 1 FROM mlb.plays c WHERE c.game_pk = h.game_pk AND c.at_bat_index = h.at_bat_index
      AND to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to');
  DELETE FROM mlb.plays_history WHERE game_pk = p_game_pk AND valid_from = valid_to;
  -- By column name (the current table's columns are not in the history's order), one record a row (in FROM: `(f(c)).*` calls f once a column).
  INSERT INTO mlb.plays_history
  SELECT v.*
  FROM mlb.plays c, LATERAL jsonb_populate_record(null::mlb.plays_history, to_jsonb(c) || jsonb_build_object('valid_from', v_at)) v
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.plays_history h WHERE h.game_pk = c.game_pk AND h.at_bat_index = c.at_bat_index AND h.valid_to IS NULL);

  UPDATE mlb.batting_lines_history h SET valid_to = v_at
  WHERE h.game_pk = p_game_pk AND h.valid_to IS NULL AND NOT EXISTS (
    SELECT 1 FROM mlb.batting_lines c
    WHERE c.game_pk = h.game_pk AND c.team_id = h.team_id AND c.person_id = h.person_id
      AND to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to');
  DELETE FROM mlb.batting_lines_history WHERE game_pk = p_game_pk AND valid_from = valid_to;
  INSERT INTO mlb.batting_lines_history
  SELECT v.*
  FROM mlb.batting_lines c, LATERAL jsonb_populate_record(null::mlb.batting_lines_history, to_jsonb(c) || jsonb_build_object('valid_from', v_at)) v
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.batting_lines_history h
    WHERE h.game_pk = c.game_pk AND h.team_id = c.team_id AND h.person_id = c.person_id AND h.valid_to IS NULL);

  UPDATE mlb.pitching_lines_history h SET valid_to = v_at
  WHERE h.game_pk = p_game_pk AND h.valid_to IS NULL AND NOT EXISTS (
    SELECT 1 FROM mlb.pitching_lines c
    WHERE c.game_pk = h.game_pk AND c.team_id = h.team_id AND c.person_id = h.person_id
      AND to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to');
  DELETE FROM mlb.pitching_lines_history WHERE game_pk = p_game_pk AND valid_from = valid_to;
  INSERT INTO mlb.pitching_lines_history
  SELECT v.*
  FROM mlb.pitching_lines c, LATERAL jsonb_populate_record(null::mlb.pitching_lines_history, to_jsonb(c) || jsonb_build_object('valid_from', v_at)) v
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.pitching_lines_history h
    WHERE h.game_pk = c.game_pk AND h.team_id = c.team_id AND h.person_id = c.person_id AND h.valid_to IS NULL);
END $$;
