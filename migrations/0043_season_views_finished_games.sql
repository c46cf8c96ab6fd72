-- One rule for games not over (issue 46): season totals, leaderboards, standings, run expectancy, WPA and
-- review counts count only games that are over (coded_game_state F Final or O Game Over, as the standings
-- and run expectancy already did); the game logs and analytics.live_games show games in progress, with
-- their state.
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.batting_game_logs AS
SELECT b.game_pk, g.official_date, b.season, b.game_type, b.team_id,
       CASE WHEN b.side = 'home' THEN g.away_team_id ELSE g.home_team_id END AS opponent_id,
       (b.side = 'home') AS is_home, b.person_id, p.full_name, b.batting_order, b.position,
       b.plate_appearances, b.at_bats, b.runs, b.hits, b.doubles, b.triples, b.home_runs, b.rbi,
       b.base_on_balls, b.intentional_walks, b.strike_outs, b.hit_by_pitch, b.sac_flies, b.sac_bunts,
       b.stolen_bases, b.caught_stealing, b.left_on_base, b.total_bases, b.ground_into_double_play,
       g.coded_game_state, g.coded_game_state IN ('F', 'O') AS is_over
FROM mlb.batting_lines b
JOIN mlb.games g ON g.game_pk = b.game_pk AND g.season = b.season AND g.game_type = b.game_type
LEFT JOIN mlb.people p ON p.person_id = b.person_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.pitching_game_logs AS
SELECT l.game_pk, g.official_date, l.season, l.game_type, l.team_id,
       CASE WHEN l.side = 'home' THEN g.away_team_id ELSE g.home_team_id END AS opponent_id,
       (l.side = 'home') AS is_home, l.person_id, p.full_name, l.pitching_order, l.is_starter, l.decision,
       l.outs, l.innings_pitched, l.batters_faced, l.hits, l.runs, l.earned_runs, l.base_on_balls,
       l.strike_outs, l.home_runs, l.hit_by_pitch, l.pitches, l.strikes, l.balls,
       g.coded_game_state, g.coded_game_state IN ('F', 'O') AS is_over
FROM mlb.pitching_lines l
JOIN mlb.games g ON g.game_pk = l.game_pk AND g.season = l.season AND g.game_type = l.game_type
LEFT JOIN mlb.people p ON p.person_id = l.person_id;
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
  WHERE is_over
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
  WHERE is_over
  GROUP BY person_id, team_id, season, game_type
) s
LEFT JOIN mlb.team_seasons ts ON ts.team_id = s.team_id AND ts.season = s.season;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.baserunning AS
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
WHERE r.runner_id IS NOT NULL AND g.coded_game_state IN ('F', 'O')
GROUP BY r.runner_id, g.season, g.game_type;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.player_wpa AS
WITH credited AS (
  SELECT w.game_pk, g.season, g.game_type, w.batter_id AS person_id, 'batter'::text AS role,
         (CASE WHEN w.half_inning = 'bottom' THEN 1 ELSE -1 END) * w.home_win_probability_added / 100 AS wpa, w.leverage_index
  FROM mlb.play_win_probability w JOIN mlb.games g ON g.game_pk = w.game_pk AND g.coded_game_state IN ('F', 'O')
  WHERE w.batter_id IS NOT NULL
  UNION ALL
  SELECT w.game_pk, g.season, g.game_type, w.pitcher_id, 'pitcher'::text,
         (CASE WHEN w.half_inning = 'top' THEN 1 ELSE -1 END) * w.home_win_probability_added / 100, w.leverage_index
  FROM mlb.play_win_probability w JOIN mlb.games g ON g.game_pk = w.game_pk AND g.coded_game_state IN ('F', 'O')
  WHERE w.pitcher_id IS NOT NULL
)
SELECT c.person_id, max(p.full_name) AS full_name, c.season, c.game_type,
       count(DISTINCT c.game_pk)::int AS games,
       count(*) FILTER (WHERE c.role = 'batter')::int AS batting_plays,
       round(coalesce(sum(c.wpa) FILTER (WHERE c.role = 'batter'), 0)::numeric, 3) AS batting_wpa,
       round(avg(c.leverage_index) FILTER (WHERE c.role = 'batter')::numeric, 2) AS batting_avg_leverage,
       count(*) FILTER (WHERE c.role = 'pitcher')::int AS pitching_plays,
       round(coalesce(sum(c.wpa) FILTER (WHERE c.role = 'pitcher'), 0)::numeric, 3) AS pitching_wpa,
       round(avg(c.leverage_index) FILTER (WHERE c.role = 'pitcher')::numeric, 2) AS pitching_avg_leverage,
       round(sum(c.wpa)::numeric, 3) AS wpa
FROM credited c
LEFT JOIN mlb.people p ON p.person_id = c.person_id
GROUP BY c.person_id, c.season, c.game_type;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.team_reviews AS
SELECT g.season,
       r.challenge_team_id AS team_id,
       r.review_type,
       max(r.review_description) AS review_description,
       count(*)::int AS reviews,
       count(*) FILTER (WHERE r.is_overturned)::int AS overturned,
       round(count(*) FILTER (WHERE r.is_overturned)::numeric / count(*), 3) AS overturned_rate,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.batter_id)::int AS abs_by_batters,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.pitcher_id)::int AS abs_by_pitchers,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id IS NOT NULL
                          AND r.player_id IS DISTINCT FROM p.batter_id
                          AND r.player_id IS DISTINCT FROM p.pitcher_id)::int AS abs_by_catchers,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.batter_id AND r.is_overturned)::int AS abs_by_batters_overturned,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.pitcher_id AND r.is_overturned)::int AS abs_by_pitchers_overturned,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id IS NOT NULL
                          AND r.player_id IS DISTINCT FROM p.batter_id
                          AND r.player_id IS DISTINCT FROM p.pitcher_id AND r.is_overturned)::int AS abs_by_catchers_overturned
FROM mlb.reviews r
JOIN mlb.games g ON g.game_pk = r.game_pk AND g.coded_game_state IN ('F', 'O')
LEFT JOIN mlb.plays p ON p.game_pk = r.game_pk AND p.at_bat_index = r.at_bat_index
GROUP BY g.season, r.challenge_team_id, r.review_type;
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.coded_game_state IS 'The game''s state (mlb.games.coded_game_state): a game in progress (I), suspended (U) or over (F Final, O Game Over); lines of a game not over are its figures so far.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.is_over IS 'The game is over (coded_game_state F or O): the lines the season totals count.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.coded_game_state IS 'The game''s state (mlb.games.coded_game_state): a game in progress (I), suspended (U) or over (F Final, O Game Over); lines of a game not over are its figures so far.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.is_over IS 'The game is over (coded_game_state F or O): the lines the season totals count.';
--> statement-breakpoint
DO $$
DECLARE
  v text;
BEGIN
  FOREACH v IN ARRAY ARRAY['analytics.season_batting', 'analytics.season_pitching', 'analytics.baserunning',
                           'analytics.player_wpa', 'analytics.team_reviews', 'analytics.standings',
                           'analytics.team_game_results'] LOOP
    EXECUTE format('COMMENT ON VIEW %s IS %L', v, obj_description(v::regclass, 'pg_class') || ' Counts only games that are over (mlb.games.coded_game_state F or O): a game in progress or suspended counts once it is over.');
  END LOOP;
  EXECUTE format('COMMENT ON TABLE analytics.run_expectancy IS %L', obj_description('analytics.run_expectancy'::regclass, 'pg_class')
    || ' Counts only games that are over (mlb.games.coded_game_state F or O).');
  FOREACH v IN ARRAY ARRAY['analytics.batting_game_logs', 'analytics.pitching_game_logs'] LOOP
    EXECUTE format('COMMENT ON VIEW %s IS %L', v, coalesce(obj_description(v::regclass, 'pg_class') || ' ', '')
      || 'Games in progress are shown too, with their figures so far: coded_game_state says the game''s state, is_over whether the season totals count it.');
  END LOOP;
END
$$;
