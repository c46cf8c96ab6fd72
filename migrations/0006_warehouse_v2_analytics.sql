-- Warehouse v2 analytics: comments on the play-level tables, precomputed standings and run
-- expectancy kept fresh per season, and views that name each club as it was that season.
COMMENT ON TABLE mlb.runners IS 'One row per entry of a play''s runners[] (game_pk, at_bat_index, runner_index), in the order the feed lists them: each movement of a runner on the play.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.origin_base IS 'The base the runner occupied when the play began (null = the batter).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.start_base IS 'Where this movement began: 1B, 2B, 3B, or null for the batter.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.end_base IS 'Where this movement ended: 1B, 2B, 3B, score, or null when the runner was out.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.play_event_index IS 'details.playIndex: the playEvents[] entry during which the runner moved.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.responsible_pitcher_id IS 'The pitcher charged with the runner (set when the runner scores).';
--> statement-breakpoint
COMMENT ON TABLE mlb.fielding_credits IS 'One row per fielder credit on a runner movement (game_pk, at_bat_index, runner_index, credit_index): f_putout, f_assist, f_fielded_ball, f_error…';
--> statement-breakpoint
COMMENT ON TABLE mlb.fielding_lines IS 'One row per player per team per game from the boxscore stats.fielding (game_pk, team_id, person_id).';
--> statement-breakpoint
COMMENT ON TABLE mlb.play_actions IS 'Every non-pitch playEvents[] entry (game_pk, at_bat_index, play_event_index): substitutions, stolen bases, pickoffs, step-offs, mound visits, automatic runners.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.balls IS 'The count when the action happened (balls, strikes, outs).';
--> statement-breakpoint
COMMENT ON TABLE mlb.game_officials IS 'The umpires of a game (game_pk, official_type): Home Plate, First Base, Second Base, Third Base, Left Field, Right Field.';
--> statement-breakpoint
COMMENT ON TABLE mlb.linescore_innings IS 'Runs, hits, errors and runners left on base per inning and side (game_pk, inning), derived from the play-by-play.';
--> statement-breakpoint
COMMENT ON TABLE mlb.team_seasons IS 'Each club as it was in a season (team_id, season) from /v1/teams?season=Y: name, league, division, venue, parent org. Season views and standings join this, never today''s mlb.teams.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.outs_before IS 'Outs when the play began (0-2).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.on_1b_before IS 'Runner on first when the play began (person id, null = empty), replayed from the previous plays'' runner movements; on_2b_before and on_3b_before likewise.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.away_score_before IS 'The score when the play began (away_score/home_score are after it).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.first_pitch IS 'startTime of the game''s first pitch event (gameInfo.firstPitch is the same time cut to the minute).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.attendance IS 'Paid attendance; null when not reported (a doubleheader''s first game).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.temperature_f IS 'Temperature at first pitch in degrees Fahrenheit (boxscore "Weather" / gameData.weather.temp).';
--> statement-breakpoint
COMMENT ON TABLE analytics.standings_daily IS 'Precomputed standings (season, as_of_date, team_id), refreshed per season after every run that changed its games; read it through analytics.standings.';
--> statement-breakpoint
COMMENT ON TABLE analytics.run_expectancy IS 'Grain: one row per season, outs and base state (RE24): regular-season completed plays from that state and the mean runs scored from it to the end of the half-inning (bottom of the 9th and later left out: they end early).';
--> statement-breakpoint
COMMENT ON TABLE analytics.stale_seasons IS 'Seasons whose precomputed analytics must be recomputed (appended by triggers and game loads, consumed by analytics.refresh_stale_seasons()).';
--> statement-breakpoint
CREATE FUNCTION analytics.mark_season_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO analytics.stale_seasons (season) VALUES (OLD.season);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR OLD.season IS DISTINCT FROM NEW.season) THEN
    INSERT INTO analytics.stale_seasons (season) VALUES (NEW.season);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER games_insert_mark_season_stale AFTER INSERT ON mlb.games
FOR EACH ROW WHEN (NEW.game_type = 'R') EXECUTE FUNCTION analytics.mark_season_stale();
--> statement-breakpoint
CREATE TRIGGER games_delete_mark_season_stale AFTER DELETE ON mlb.games
FOR EACH ROW WHEN (OLD.game_type = 'R') EXECUTE FUNCTION analytics.mark_season_stale();
--> statement-breakpoint
CREATE TRIGGER games_update_mark_season_stale AFTER UPDATE ON mlb.games
FOR EACH ROW WHEN ((OLD.game_type = 'R' OR NEW.game_type = 'R') AND (
  OLD.season IS DISTINCT FROM NEW.season OR OLD.game_type IS DISTINCT FROM NEW.game_type
  OR OLD.official_date IS DISTINCT FROM NEW.official_date OR OLD.coded_game_state IS DISTINCT FROM NEW.coded_game_state
  OR OLD.home_team_id IS DISTINCT FROM NEW.home_team_id OR OLD.away_team_id IS DISTINCT FROM NEW.away_team_id
  OR OLD.home_score IS DISTINCT FROM NEW.home_score OR OLD.away_score IS DISTINCT FROM NEW.away_score))
EXECUTE FUNCTION analytics.mark_season_stale();
--> statement-breakpoint
CREATE TRIGGER team_seasons_mark_season_stale AFTER INSERT OR UPDATE OR DELETE ON mlb.team_seasons
FOR EACH ROW EXECUTE FUNCTION analytics.mark_season_stale();
--> statement-breakpoint
CREATE FUNCTION analytics.refresh_season(p_season integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics.standings_daily WHERE season = p_season;
  INSERT INTO analytics.standings_daily (season, as_of_date, team_id, team_name, team_abbreviation, league_id, league_name,
                                         division_id, division_name, wins, losses, pct, games_back)
  WITH r AS (
    SELECT official_date, team_id, is_win, is_loss FROM analytics.team_game_results
    WHERE season = p_season AND game_type = 'R'
  ), days AS (SELECT DISTINCT official_date FROM r
  ), clubs AS (SELECT DISTINCT team_id FROM r
  ), daily AS (
    SELECT d.official_date, c.team_id, count(*) FILTER (WHERE r.is_win) AS w, count(*) FILTER (WHERE r.is_loss) AS l
    FROM days d CROSS JOIN clubs c
    LEFT JOIN r ON r.team_id = c.team_id AND r.official_date = d.official_date
    GROUP BY d.official_date, c.team_id
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
    SELECT pl.game_pk, pl.inning, pl.half_inning, pl.outs_before,
           (CASE WHEN pl.on_1b_before IS NULL THEN '_' ELSE '1' END) || (CASE WHEN pl.on_2b_before IS NULL THEN '_' ELSE '2' END)
             || (CASE WHEN pl.on_3b_before IS NULL THEN '_' ELSE '3' END) AS base_state,
           CASE WHEN pl.half_inning = 'top' THEN pl.away_score_before ELSE pl.home_score_before END AS before,
           CASE WHEN pl.half_inning = 'top' THEN pl.away_score ELSE pl.home_score END AS after
    FROM mlb.plays pl
    JOIN mlb.games g ON g.game_pk = pl.game_pk
    WHERE g.season = p_season AND g.game_type = 'R' AND g.coded_game_state IN ('F', 'O')
      AND pl.is_complete AND pl.outs_before BETWEEN 0 AND 2
      AND NOT (pl.half_inning = 'bottom' AND pl.inning >= 9)
  ), ends AS (
    SELECT game_pk, inning, half_inning, max(after) AS final FROM p GROUP BY game_pk, inning, half_inning
  )
  SELECT p_season, p.outs_before, p.base_state, count(*)::int, sum(e.final - p.before)::int, round(avg(e.final - p.before), 3)
  FROM p JOIN ends e USING (game_pk, inning, half_inning)
  WHERE p.before IS NOT NULL AND e.final IS NOT NULL
  GROUP BY p.outs_before, p.base_state;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.refresh_stale_seasons() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  seasons integer[];
  s integer;
BEGIN
  -- One refresher at a time across processes; marks appended meanwhile wait for the next call.
  PERFORM pg_advisory_xact_lock(hashtext('dugout.analytics.refresh'));
  WITH taken AS (DELETE FROM analytics.stale_seasons RETURNING season)
  SELECT array_agg(DISTINCT season ORDER BY season) INTO seasons FROM taken;
  IF seasons IS NULL THEN
    RETURN 0;
  END IF;
  FOREACH s IN ARRAY seasons LOOP
    PERFORM analytics.refresh_season(s);
  END LOOP;
  RETURN cardinality(seasons);
END
$$;
--> statement-breakpoint
DROP VIEW analytics.standings;
--> statement-breakpoint
CREATE VIEW analytics.standings AS
SELECT season, as_of_date, league_id, league_name, division_id, division_name, team_id, team_name, wins, losses, pct, games_back,
       team_abbreviation
FROM analytics.standings_daily;
--> statement-breakpoint
COMMENT ON VIEW analytics.standings IS 'Grain: one row per team per regular-season date with games (season, as_of_date, team_id): wins, losses, pct and games back within the division as it was that season, through that date. Precomputed after each run (analytics.standings_daily).';
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.season_batting AS
SELECT s.*, ts.name AS team_name, ts.abbreviation AS team_abbreviation, ts.league_id, ts.league_name,
       ts.division_id, ts.division_name
FROM (
  SELECT person_id, max(full_name) AS full_name, team_id, season, game_type,
         count(DISTINCT game_pk)::int AS games,
         sum(plate_appearances)::int AS pa, sum(at_bats)::int AS ab, sum(runs)::int AS r, sum(hits)::int AS h,
         sum(doubles)::int AS doubles, sum(triples)::int AS triples, sum(home_runs)::int AS hr, sum(rbi)::int AS rbi,
         sum(base_on_balls)::int AS bb, sum(hit_by_pitch)::int AS hbp, sum(sac_flies)::int AS sf,
         sum(strike_outs)::int AS so, sum(stolen_bases)::int AS sb, sum(total_bases)::int AS tb,
         round(sum(hits)::numeric / nullif(sum(at_bats), 0), 3) AS avg,
         round((sum(hits) + sum(base_on_balls) + sum(hit_by_pitch))::numeric
               / nullif(sum(at_bats) + sum(base_on_balls) + sum(hit_by_pitch) + sum(sac_flies), 0), 3) AS obp,
         round(sum(total_bases)::numeric / nullif(sum(at_bats), 0), 3) AS slg,
         round((sum(hits) + sum(base_on_balls) + sum(hit_by_pitch))::numeric
               / nullif(sum(at_bats) + sum(base_on_balls) + sum(hit_by_pitch) + sum(sac_flies), 0)
               + sum(total_bases)::numeric / nullif(sum(at_bats), 0), 3) AS ops
  FROM analytics.batting_game_logs
  GROUP BY person_id, team_id, season, game_type
) s
LEFT JOIN mlb.team_seasons ts ON ts.team_id = s.team_id AND ts.season = s.season;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.season_pitching AS
SELECT s.*, ts.name AS team_name, ts.abbreviation AS team_abbreviation, ts.league_id, ts.league_name,
       ts.division_id, ts.division_name
FROM (
  SELECT person_id, max(full_name) AS full_name, team_id, season, game_type,
         count(DISTINCT game_pk)::int AS games, count(*) FILTER (WHERE is_starter)::int AS games_started,
         count(*) FILTER (WHERE decision = 'W')::int AS wins, count(*) FILTER (WHERE decision = 'L')::int AS losses,
         count(*) FILTER (WHERE decision = 'S')::int AS saves,
         sum(outs)::int AS outs,
         (sum(outs) / 3)::text || '.' || (sum(outs) % 3)::text AS ip,
         round(sum(outs)::numeric / 3, 2) AS innings,
         sum(hits)::int AS h, sum(runs)::int AS r, sum(earned_runs)::int AS er, sum(base_on_balls)::int AS bb,
         sum(strike_outs)::int AS so, sum(home_runs)::int AS hr, sum(pitches)::int AS pitches,
         round(27 * sum(earned_runs)::numeric / nullif(sum(outs), 0), 2) AS era,
         round(3 * (sum(base_on_balls) + sum(hits))::numeric / nullif(sum(outs), 0), 3) AS whip,
         round(27 * sum(strike_outs)::numeric / nullif(sum(outs), 0), 2) AS k_per_9,
         round(27 * sum(base_on_balls)::numeric / nullif(sum(outs), 0), 2) AS bb_per_9
  FROM analytics.pitching_game_logs
  GROUP BY person_id, team_id, season, game_type
) s
LEFT JOIN mlb.team_seasons ts ON ts.team_id = s.team_id AND ts.season = s.season;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.pitch_events AS
SELECT pi.game_pk, g.official_date, g.season, g.game_type, pl.inning, pl.half_inning,
       pi.at_bat_index, pi.play_event_index, pi.pitch_number,
       pi.pitcher_id, pp.full_name AS pitcher_name, pi.batter_id, bp.full_name AS batter_name,
       pi.balls, pi.strikes, pi.outs, pi.call_code, pi.call_description, pi.is_in_play, pi.is_strike, pi.is_ball,
       pi.pitch_type, pi.pitch_type_description, pi.start_speed, pi.end_speed, pi.spin_rate, pi.spin_direction,
       pi.break_vertical_induced, pi.break_horizontal, pi.plate_x, pi.plate_z, pi.zone,
       pi.launch_speed, pi.launch_angle, pi.total_distance, pi.trajectory, pl.event AS play_event, pi.play_id,
       pl.outs_before, (pl.on_1b_before IS NOT NULL) AS on_1b, (pl.on_2b_before IS NOT NULL) AS on_2b,
       (pl.on_3b_before IS NOT NULL) AS on_3b
FROM mlb.pitches pi
JOIN mlb.games g ON g.game_pk = pi.game_pk
JOIN mlb.plays pl ON pl.game_pk = pi.game_pk AND pl.at_bat_index = pi.at_bat_index
LEFT JOIN mlb.people pp ON pp.person_id = pi.pitcher_id
LEFT JOIN mlb.people bp ON bp.person_id = pi.batter_id;
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.outs_before IS 'Outs when the plate appearance began; on_1b, on_2b, on_3b: a runner was on that base then.';
--> statement-breakpoint
CREATE VIEW analytics.baserunning AS
SELECT r.runner_id AS person_id, max(pe.full_name) AS full_name, g.season, g.game_type,
       count(*) FILTER (WHERE r.movement_reason LIKE 'r_stolen_base%')::int AS stolen_bases,
       count(*) FILTER (WHERE r.movement_reason = 'r_stolen_base_3b')::int AS stolen_third,
       count(*) FILTER (WHERE r.movement_reason = 'r_stolen_base_home')::int AS stolen_home,
       count(*) FILTER (WHERE r.movement_reason LIKE 'r_caught_stealing%' OR r.movement_reason LIKE 'r_pickoff_caught_stealing%')::int AS caught_stealing,
       count(*) FILTER (WHERE r.movement_reason LIKE 'r_pickoff%' AND r.is_out)::int AS picked_off,
       round(count(*) FILTER (WHERE r.movement_reason LIKE 'r_stolen_base%')::numeric
             / nullif(count(*) FILTER (WHERE r.movement_reason LIKE 'r_stolen_base%' OR r.movement_reason LIKE 'r_caught_stealing%'
                                        OR r.movement_reason LIKE 'r_pickoff_caught_stealing%'), 0), 3) AS stolen_base_pct,
       count(*) FILTER (WHERE r.end_base = 'score')::int AS runs_scored
FROM mlb.runners r
JOIN mlb.games g ON g.game_pk = r.game_pk
LEFT JOIN mlb.people pe ON pe.person_id = r.runner_id
WHERE r.runner_id IS NOT NULL
GROUP BY r.runner_id, g.season, g.game_type;
--> statement-breakpoint
COMMENT ON VIEW analytics.baserunning IS 'Grain: one row per runner, season and game type, from mlb.runners: stolen bases (of third, of home), caught stealing (pickoff-caught-stealing included), picked off, SB% = SB/(SB+CS), runs scored.';
--> statement-breakpoint
INSERT INTO analytics.stale_seasons (season) SELECT DISTINCT season FROM mlb.games WHERE game_type = 'R';
--> statement-breakpoint
SELECT analytics.refresh_stale_seasons();
