-- The refresh after a season's first load took minutes at 100% CPU: right after the load the
-- planner still had the empty tables' statistics, estimated one row for each CTE and joined
-- 190,000 plays with 40,000 half-innings in a nested loop. Now the run expectancy needs no join
-- (the half-inning's final score is a window), the standings aggregate the games per team and day
-- before joining, and the tables a refresh reads are analyzed first when much of them changed.
CREATE OR REPLACE FUNCTION analytics.refresh_season(p_season integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics.standings_daily WHERE season = p_season;
  INSERT INTO analytics.standings_daily (season, as_of_date, team_id, team_name, team_abbreviation, league_id, league_name,
                                         division_id, division_name, wins, losses, pct, games_back)
  WITH r AS (
    SELECT official_date, team_id, count(*) FILTER (WHERE is_win) AS w, count(*) FILTER (WHERE is_loss) AS l
    FROM analytics.team_game_results
    WHERE season = p_season AND game_type = 'R'
    GROUP BY official_date, team_id
  ), days AS (SELECT DISTINCT official_date FROM r
  ), clubs AS (SELECT DISTINCT team_id FROM r
  ), daily AS (
    SELECT d.official_date, c.team_id, coalesce(r.w, 0) AS w, coalesce(r.l, 0) AS l
    FROM days d CROSS JOIN clubs c
    LEFT JOIN r ON r.team_id = c.team_id AND r.official_date = d.official_date
  ), cumulative AS (
    SELECT official_date, team_id,
           sum(w) OVER (PARTITION BY team_id ORDER BY official_date)::int AS wins,
           sum(l) OVER (PARTITION BY team_id ORDER BY official_date)::int AS losses
    FROM daily
  ), named AS (
    SELECT c.*, coalesce(ts.name, t.name) AS team_name, coalesce(ts.abbreviation, t.abbreviation) AS team_abbreviation,
           coalesce(ts.league_id, t.league_id) AS league_id, coalesce(ts.league_name, t.league_name) AS league_name,
           coalesce(ts.division_id, t.division_id) AS division_id, coalesce(ts.division_name, t.division_name) AS division_name
    FROM cumulative c
    LEFT JOIN mlb.team_seasons ts ON ts.team_id = c.team_id AND ts.season = p_season
    LEFT JOIN mlb.teams t ON t.team_id = c.team_id
  )
  SELECT p_season, official_date, team_id, team_name, team_abbreviation, league_id, league_name, division_id, division_name,
         wins, losses, round(wins::numeric / nullif(wins + losses, 0), 3),
         round(((max(wins - losses) OVER (PARTITION BY official_date, division_id)) - (wins - losses))::numeric / 2, 1)
  FROM named;
  DELETE FROM analytics.run_expectancy WHERE season = p_season;
  INSERT INTO analytics.run_expectancy (season, outs_before, base_state, plays, runs_to_end_of_inning, expected_runs)
  WITH p AS (
    SELECT pl.outs_before,
           (CASE WHEN pl.on_1b_before IS NULL THEN '_' ELSE '1' END) || (CASE WHEN pl.on_2b_before IS NULL THEN '_' ELSE '2' END)
             || (CASE WHEN pl.on_3b_before IS NULL THEN '_' ELSE '3' END) AS base_state,
           CASE WHEN pl.half_inning = 'top' THEN pl.away_score_before ELSE pl.home_score_before END AS before,
           max(CASE WHEN pl.half_inning = 'top' THEN pl.away_score ELSE pl.home_score END)
             OVER (PARTITION BY pl.game_pk, pl.inning, pl.half_inning) AS final
    FROM mlb.plays pl
    JOIN mlb.games g ON g.game_pk = pl.game_pk
    WHERE g.season = p_season AND g.game_type = 'R' AND g.coded_game_state IN ('F', 'O')
      AND pl.is_complete AND pl.outs_before BETWEEN 0 AND 2
      AND NOT (pl.half_inning = 'bottom' AND pl.inning >= 9)
  )
  SELECT p_season, outs_before, base_state, count(*)::int, sum(final - before)::int, round(avg(final - before), 3)
  FROM p
  WHERE before IS NOT NULL AND final IS NOT NULL
  GROUP BY outs_before, base_state;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics.refresh_stale_seasons() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  seasons integer[];
  s integer;
  t text;
BEGIN
  -- One refresher at a time across processes; marks appended meanwhile wait for the next call.
  PERFORM pg_advisory_xact_lock(hashtext('dugout.analytics.refresh'));
  WITH taken AS (DELETE FROM analytics.stale_seasons RETURNING season)
  SELECT array_agg(DISTINCT season ORDER BY season) INTO seasons FROM taken;
  IF seasons IS NULL THEN
    RETURN 0;
  END IF;
  -- Fresh statistics for what the refresh reads when a tenth of it changed since the last ANALYZE
  -- (autovacuum may not have come by yet after a big load).
  FOR t IN
    SELECT format('%I.%I', schemaname, relname) FROM pg_stat_user_tables
    WHERE (schemaname, relname) IN (('mlb', 'games'), ('mlb', 'plays'), ('mlb', 'team_seasons'), ('mlb', 'teams'))
      AND n_mod_since_analyze > greatest(500, n_live_tup / 10)
  LOOP
    EXECUTE 'ANALYZE ' || t;
  END LOOP;
  FOREACH s IN ARRAY seasons LOOP
    PERFORM analytics.refresh_season(s);
  END LOOP;
  RETURN cardinality(seasons);
END
$$;
