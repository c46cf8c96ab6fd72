-- Issue 53: the warehouse as of a time. Type-2 history of plays and boxscore lines kept by the game's
-- load (mlb.record_game_history, in its transaction), the week's scoring changes, and the season's
-- batting and standings as they stood at any time, as SQL functions a BI tool can call with a
-- parameter (a view with a session setting needs a SET before the query, which most BI tools cannot send).
CREATE FUNCTION mlb.record_game_history(p_game_pk integer, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
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
  -- By column name: the current table's columns are not in the history's order (later migrations added some).
  INSERT INTO mlb.plays_history
  SELECT (jsonb_populate_record(null::mlb.plays_history, to_jsonb(c) || jsonb_build_object('valid_from', v_at))).*
  FROM mlb.plays c
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.plays_history h WHERE h.game_pk = c.game_pk AND h.at_bat_index = c.at_bat_index AND h.valid_to IS NULL);

  UPDATE mlb.batting_lines_history h SET valid_to = v_at
  WHERE h.game_pk = p_game_pk AND h.valid_to IS NULL AND NOT EXISTS (
    SELECT 1 FROM mlb.batting_lines c
    WHERE c.game_pk = h.game_pk AND c.team_id = h.team_id AND c.person_id = h.person_id
      AND to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to');
  DELETE FROM mlb.batting_lines_history WHERE game_pk = p_game_pk AND valid_from = valid_to;
  -- By column name: the current table's columns are not in the history's order (later migrations added some).
  INSERT INTO mlb.batting_lines_history
  SELECT (jsonb_populate_record(null::mlb.batting_lines_history, to_jsonb(c) || jsonb_build_object('valid_from', v_at))).*
  FROM mlb.batting_lines c
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.batting_lines_history h
    WHERE h.game_pk = c.game_pk AND h.team_id = c.team_id AND h.person_id = c.person_id AND h.valid_to IS NULL);

  UPDATE mlb.pitching_lines_history h SET valid_to = v_at
  WHERE h.game_pk = p_game_pk AND h.valid_to IS NULL AND NOT EXISTS (
    SELECT 1 FROM mlb.pitching_lines c
    WHERE c.game_pk = h.game_pk AND c.team_id = h.team_id AND c.person_id = h.person_id
      AND to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to');
  DELETE FROM mlb.pitching_lines_history WHERE game_pk = p_game_pk AND valid_from = valid_to;
  -- By column name: the current table's columns are not in the history's order (later migrations added some).
  INSERT INTO mlb.pitching_lines_history
  SELECT (jsonb_populate_record(null::mlb.pitching_lines_history, to_jsonb(c) || jsonb_build_object('valid_from', v_at))).*
  FROM mlb.pitching_lines c
  WHERE c.game_pk = p_game_pk AND NOT EXISTS (
    SELECT 1 FROM mlb.pitching_lines_history h
    WHERE h.game_pk = c.game_pk AND h.team_id = c.team_id AND h.person_id = c.person_id AND h.valid_to IS NULL);
END $$;
--> statement-breakpoint
COMMENT ON FUNCTION mlb.record_game_history(integer, timestamptz) IS 'Called by a game''s final load in its transaction, after its rows are replaced: closes (valid_to) the versions of mlb.plays, batting_lines and pitching_lines rows that changed or went, and opens (valid_from) versions of the new and changed rows.';
--> statement-breakpoint
COMMENT ON TABLE mlb.plays_history IS 'Grain: one row per version of an mlb.plays row (game_pk, at_bat_index, valid_from), type 2: valid_from is when the revision that made it was fetched, valid_to when a later revision changed or removed it (null: current). As of T: valid_from <= T AND (valid_to IS NULL OR valid_to > T). Final loads only (a game in progress has no history).';
--> statement-breakpoint
COMMENT ON TABLE mlb.batting_lines_history IS 'Grain: one row per version of an mlb.batting_lines row (game_pk, team_id, person_id, valid_from), type 2 as mlb.plays_history.';
--> statement-breakpoint
COMMENT ON TABLE mlb.pitching_lines_history IS 'Grain: one row per version of an mlb.pitching_lines row (game_pk, team_id, person_id, valid_from), type 2 as mlb.plays_history.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays_history.valid_from IS 'When the revision that made this version was fetched (raw.game_revisions.fetched_at).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays_history.valid_to IS 'When a later revision changed or removed the row; null while current.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines_history.valid_from IS 'When the revision that made this version was fetched (raw.game_revisions.fetched_at).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines_history.valid_to IS 'When a later revision changed or removed the row; null while current.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines_history.valid_from IS 'When the revision that made this version was fetched (raw.game_revisions.fetched_at).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines_history.valid_to IS 'When a later revision changed or removed the row; null while current.';
--> statement-breakpoint
COMMENT ON TABLE mlb.scoring_changes IS 'Grain: one row per fact a later revision of a game body changed (game_pk, kind, after_revision, fact, at_bat_index, person_id, team_id): a play''s event_type or rbi, the credits of a fielder on a play, a runner''s earned run or RBI, a batting or pitching line''s counting stat or decision; before and after as text, with when each revision was fetched.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.fact IS 'play.event_type, play.rbi, play.fielder_credits, runner.earned, runner.rbi, batting.<stat>, pitching.<stat> (pitching.decision: W, L, S, H…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.kind IS 'The body kind whose revisions differ: boxscore (lines) or playByPlay (plays, credits, runners).';
--> statement-breakpoint
CREATE VIEW analytics.scoring_changes_weekly AS
SELECT g.season, (date_trunc('week', c.after_fetched_at AT TIME ZONE 'UTC'))::date AS week_start, c.fact,
       count(*)::int AS changes, count(DISTINCT c.game_pk)::int AS games,
       count(DISTINCT c.person_id)::int AS players
FROM mlb.scoring_changes c
JOIN mlb.games g ON g.game_pk = c.game_pk
GROUP BY g.season, 2, c.fact;
--> statement-breakpoint
COMMENT ON VIEW analytics.scoring_changes_weekly IS 'Grain: one row per season, week (Monday, UTC, of when the change was fetched) and fact: how many scoring changes the league made that week, on how many games and players. The changes themselves: mlb.scoring_changes.';
--> statement-breakpoint
CREATE FUNCTION analytics.season_batting_as_of(p_at timestamptz)
RETURNS TABLE (person_id integer, full_name text, team_id integer, season integer, game_type text, games integer,
               pa integer, ab integer, r integer, h integer, doubles integer, triples integer, hr integer, rbi integer,
               bb integer, hbp integer, sf integer, so integer, sb integer, tb integer,
               avg numeric, obp numeric, slg numeric, ops numeric)
LANGUAGE sql STABLE AS $$
  SELECT b.person_id, max(p.full_name), b.team_id, b.season, b.game_type,
         count(DISTINCT b.game_pk)::int,
         sum(b.plate_appearances)::int, sum(b.at_bats)::int, sum(b.runs)::int, sum(b.hits)::int,
         sum(b.doubles)::int, sum(b.triples)::int, sum(b.home_runs)::int, sum(b.rbi)::int,
         sum(b.base_on_balls)::int, sum(b.hit_by_pitch)::int, sum(b.sac_flies)::int,
         sum(b.strike_outs)::int, sum(b.stolen_bases)::int, sum(b.total_bases)::int,
         round(sum(b.hits)::numeric / nullif(sum(b.at_bats), 0), 3),
         round((sum(b.hits) + sum(b.base_on_balls) + sum(b.hit_by_pitch))::numeric
               / nullif(sum(b.at_bats) + sum(b.base_on_balls) + sum(b.hit_by_pitch) + sum(b.sac_flies), 0), 3),
         round(sum(b.total_bases)::numeric / nullif(sum(b.at_bats), 0), 3),
         round((sum(b.hits) + sum(b.base_on_balls) + sum(b.hit_by_pitch))::numeric
               / nullif(sum(b.at_bats) + sum(b.base_on_balls) + sum(b.hit_by_pitch) + sum(b.sac_flies), 0)
               + sum(b.total_bases)::numeric / nullif(sum(b.at_bats), 0), 3)
  FROM mlb.batting_lines_history b
  LEFT JOIN mlb.people p ON p.person_id = b.person_id
  WHERE b.valid_from <= p_at AND (b.valid_to IS NULL OR b.valid_to > p_at)
  GROUP BY b.person_id, b.team_id, b.season, b.game_type
$$;
--> statement-breakpoint
COMMENT ON FUNCTION analytics.season_batting_as_of(timestamptz) IS 'analytics.season_batting as the warehouse stood at p_at: the batting lines of the final games loaded by then, each as its revision of that time said (mlb.batting_lines_history). SELECT * FROM analytics.season_batting_as_of(''2025-06-03 12:00+00'').';
--> statement-breakpoint
CREATE FUNCTION analytics.standings_as_of(p_at timestamptz)
RETURNS TABLE (season integer, team_id integer, team_name text, team_abbreviation text, league_id integer,
               league_name text, division_id integer, division_name text, games integer, wins integer, losses integer,
               pct numeric, games_back numeric, through_date date)
LANGUAGE sql STABLE AS $$
  WITH known AS (
    -- The final games the warehouse had loaded at p_at: those with a batting line version from then.
    SELECT game_pk FROM mlb.batting_lines_history WHERE valid_from <= p_at GROUP BY game_pk
  ), r AS (
    SELECT t.season, t.team_id, count(*)::int AS games, count(*) FILTER (WHERE t.is_win)::int AS wins,
           count(*) FILTER (WHERE t.is_loss)::int AS losses, max(t.official_date) AS through_date
    FROM analytics.team_game_results t JOIN known k ON k.game_pk = t.game_pk
    WHERE t.game_type = 'R'
    GROUP BY t.season, t.team_id
  ), named AS (
    SELECT r.*, coalesce(ts.name, tm.name) AS team_name, coalesce(ts.abbreviation, tm.abbreviation) AS team_abbreviation,
           coalesce(ts.league_id, tm.league_id) AS league_id, coalesce(ts.league_name, tm.league_name) AS league_name,
           coalesce(ts.division_id, tm.division_id) AS division_id, coalesce(ts.division_name, tm.division_name) AS division_name
    FROM r
    LEFT JOIN mlb.team_seasons ts ON ts.team_id = r.team_id AND ts.season = r.season
    LEFT JOIN mlb.teams tm ON tm.team_id = r.team_id
  )
  SELECT season, team_id, team_name, team_abbreviation, league_id, league_name, division_id, division_name,
         games, wins, losses, round(wins::numeric / nullif(wins + losses, 0), 3),
         round(((max(wins - losses) OVER (PARTITION BY season, division_id)) - (wins - losses))::numeric / 2, 1),
         through_date
  FROM named
$$;
--> statement-breakpoint
COMMENT ON FUNCTION analytics.standings_as_of(timestamptz) IS 'Regular-season standings as the warehouse stood at p_at (one row per season and club): the final games whose bodies were loaded by then (a batting line version from then in mlb.batting_lines_history), with the score of mlb.games (a scoring change never changes a score). SELECT * FROM analytics.standings_as_of(''2025-06-03 12:00+00'').';
--> statement-breakpoint
-- The history tables' columns say what their current table's columns say.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.relname, a.attname, col_description(c.oid, a.attnum) AS d
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'mlb' AND c.relname IN ('plays', 'batting_lines', 'pitching_lines')
      AND a.attnum > 0 AND NOT a.attisdropped AND col_description(c.oid, a.attnum) IS NOT NULL
  LOOP
    EXECUTE format('COMMENT ON COLUMN mlb.%I.%I IS %L', r.relname || '_history', r.attname, r.d);
  END LOOP;
END $$;
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.before_revision IS 'The revision before the change (raw.game_revisions.revision of this game and kind).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.after_revision IS 'The revision that made the change.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.at_bat_index IS 'The play (mlb.plays.at_bat_index) for play., runner. and fielder facts; null for a line.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.person_id IS 'The player: the batter of a play, the fielder credited, the runner, or the line''s player.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.team_id IS 'The club of a line; null for play facts.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.before IS 'The value before, as text (null: none, e.g. no decision or no such credit).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.after IS 'The value after, as text.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.before_fetched_at IS 'When the revision before was fetched.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.scoring_changes.after_fetched_at IS 'When the revision that made the change was fetched: the warehouse knew it from then.';
--> statement-breakpoint
COMMENT ON TABLE raw.game_revisions IS 'Grain: one row per distinct body of a game and kind (game_pk, kind, revision): revision 1 the canonical content whole, each later one the RFC 6902 JSON Patch from the one before. Distinct by the SHA-256 of the canonical content (sorted keys; no copyright, metaData, or boxscore seasonStats). Written in the game''s load transaction; never updated. See docs/history.md.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.kind IS 'boxscore, playByPlay or winProbability (with the feed source: liveData.boxscore and liveData.plays).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.revision IS '1, 2, … per game and kind, in the order they were fetched.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.content_sha256 IS 'SHA-256 hex of the canonical content''s JSON text: the revision''s name.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.source IS 'boxscore (the /boxscore and /playByPlay requests) or feed (one v1.1 feed/live).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.fetched_at IS 'When the body was fetched (the pass''s clock; never before the revision it follows).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.reason IS 'new_final (the first), correction (a later load found it changed) or repoll (a re-poll found it changed).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.encoding IS 'whole (body is the content) or patch (body is the JSON Patch from the previous revision''s content).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.body IS 'The content or the patch, as JSON text.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.body_chars IS 'Characters of body''s text (storage measures).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_revisions.run_id IS 'The run that fetched it (ingest.runs); null for a revision 1 made from a body stored before revisions were kept.';
--> statement-breakpoint
COMMENT ON TABLE raw.game_checks IS 'Grain: one row per game (game_pk): when its final bodies were last fetched and compared, changed or not. A re-poll is due DUGOUT_REPOLL_DAYS after the game''s end while no fetch was made since.';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_checks.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN raw.game_checks.checked_at IS 'When its final bodies were last fetched (the pass''s clock).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.scoring_changes_weekly.season IS 'The season of the games changed (mlb.games.season).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.scoring_changes_weekly.week_start IS 'Monday (UTC) of the week the change was fetched: when the warehouse learned it.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.scoring_changes_weekly.fact IS 'The fact changed (mlb.scoring_changes.fact).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.scoring_changes_weekly.changes IS 'Changes of that fact that week.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.scoring_changes_weekly.games IS 'Games with such a change.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.scoring_changes_weekly.players IS 'Players with such a change.';
