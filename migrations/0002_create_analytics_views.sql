-- Analytics views for BI tools and ad hoc SQL. Grain and columns are documented with COMMENT ON
-- (visible in psql \d+ and in BI tools) and in the README. Rates are ratios of sums.
CREATE SCHEMA IF NOT EXISTS analytics;
--> statement-breakpoint
CREATE VIEW analytics.batting_game_logs AS
SELECT b.game_pk, g.official_date, g.season, g.game_type, b.team_id,
       CASE WHEN b.side = 'home' THEN g.away_team_id ELSE g.home_team_id END AS opponent_id,
       (b.side = 'home') AS is_home, b.person_id, p.full_name, b.batting_order, b.position,
       b.plate_appearances, b.at_bats, b.runs, b.hits, b.doubles, b.triples, b.home_runs, b.rbi,
       b.base_on_balls, b.intentional_walks, b.strike_outs, b.hit_by_pitch, b.sac_flies, b.sac_bunts,
       b.stolen_bases, b.caught_stealing, b.left_on_base, b.total_bases, b.ground_into_double_play
FROM mlb.batting_lines b
JOIN mlb.games g ON g.game_pk = b.game_pk
LEFT JOIN mlb.people p ON p.person_id = b.person_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.batting_game_logs IS 'Grain: one row per player per team per game with a boxscore batting line (game_pk, team_id, person_id). Counting stats for that game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.opponent_id IS 'The other team of the game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.batting_order IS 'Boxscore battingOrder: 100s digit = lineup slot, last digits = substitution order (100 = leadoff starter).';
--> statement-breakpoint
CREATE VIEW analytics.pitching_game_logs AS
SELECT l.game_pk, g.official_date, g.season, g.game_type, l.team_id,
       CASE WHEN l.side = 'home' THEN g.away_team_id ELSE g.home_team_id END AS opponent_id,
       (l.side = 'home') AS is_home, l.person_id, p.full_name, l.pitching_order, l.is_starter, l.decision,
       l.outs, l.innings_pitched, l.batters_faced, l.hits, l.runs, l.earned_runs, l.base_on_balls,
       l.strike_outs, l.home_runs, l.hit_by_pitch, l.pitches, l.strikes, l.balls
FROM mlb.pitching_lines l
JOIN mlb.games g ON g.game_pk = l.game_pk
LEFT JOIN mlb.people p ON p.person_id = l.person_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.pitching_game_logs IS 'Grain: one row per pitcher per team per game (game_pk, team_id, person_id). outs = innings pitched x 3; decision W, L, S or null.';
--> statement-breakpoint
CREATE VIEW analytics.season_batting AS
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
GROUP BY person_id, team_id, season, game_type;
--> statement-breakpoint
COMMENT ON VIEW analytics.season_batting IS 'Grain: one row per person, team, season and game type. AVG = H/AB, OBP = (H+BB+HBP)/(AB+BB+HBP+SF), SLG = TB/AB, OPS = OBP+SLG, all ratios of sums (null when the denominator is 0).';
--> statement-breakpoint
CREATE VIEW analytics.season_pitching AS
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
GROUP BY person_id, team_id, season, game_type;
--> statement-breakpoint
COMMENT ON VIEW analytics.season_pitching IS 'Grain: one row per person, team, season and game type. IP from outs ("6.1" = 19 outs); ERA = 9*ER/IP, WHIP = (BB+H)/IP, K/9, BB/9, all from sums of outs.';
--> statement-breakpoint
CREATE VIEW analytics.pitch_events AS
SELECT pi.game_pk, g.official_date, g.season, g.game_type, pl.inning, pl.half_inning,
       pi.at_bat_index, pi.play_event_index, pi.pitch_number,
       pi.pitcher_id, pp.full_name AS pitcher_name, pi.batter_id, bp.full_name AS batter_name,
       pi.balls, pi.strikes, pi.outs, pi.call_code, pi.call_description, pi.is_in_play, pi.is_strike, pi.is_ball,
       pi.pitch_type, pi.pitch_type_description, pi.start_speed, pi.end_speed, pi.spin_rate, pi.spin_direction,
       pi.break_vertical_induced, pi.break_horizontal, pi.plate_x, pi.plate_z, pi.zone,
       pi.launch_speed, pi.launch_angle, pi.total_distance, pi.trajectory, pl.event AS play_event, pi.play_id
FROM mlb.pitches pi
JOIN mlb.games g ON g.game_pk = pi.game_pk
JOIN mlb.plays pl ON pl.game_pk = pi.game_pk AND pl.at_bat_index = pi.at_bat_index
LEFT JOIN mlb.people pp ON pp.person_id = pi.pitcher_id
LEFT JOIN mlb.people bp ON bp.person_id = pi.batter_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.pitch_events IS 'Grain: one row per pitch (game_pk, at_bat_index, play_event_index). balls/strikes/outs are the count after the pitch; speeds in mph, spin in rpm, plate_x/plate_z in feet, launch speed in mph and angle in degrees.';
--> statement-breakpoint
CREATE VIEW analytics.team_game_results AS
SELECT g.game_pk, g.official_date, g.season, g.game_type, s.team_id, s.opponent_id, s.is_home,
       s.runs_for, s.runs_against, (s.runs_for > s.runs_against) AS is_win, (s.runs_for < s.runs_against) AS is_loss,
       g.double_header, g.game_number, g.venue_id
FROM mlb.games g
CROSS JOIN LATERAL (VALUES
  (g.home_team_id, g.away_team_id, true, g.home_score, g.away_score),
  (g.away_team_id, g.home_team_id, false, g.away_score, g.home_score)
) AS s(team_id, opponent_id, is_home, runs_for, runs_against)
WHERE g.coded_game_state IN ('F', 'O') AND g.home_score IS NOT NULL AND g.away_score IS NOT NULL;
--> statement-breakpoint
COMMENT ON VIEW analytics.team_game_results IS 'Grain: one row per team per final game (game_pk, team_id). runs_for/against from the schedule score; double_header N/Y/S and game_number tell doubleheader games apart.';
--> statement-breakpoint
CREATE VIEW analytics.standings AS
WITH days AS (
  SELECT DISTINCT season, official_date FROM analytics.team_game_results WHERE game_type = 'R'
), clubs AS (
  SELECT DISTINCT season, team_id FROM analytics.team_game_results WHERE game_type = 'R'
), daily AS (
  SELECT d.season, d.official_date AS as_of_date, c.team_id,
         count(r.game_pk) FILTER (WHERE r.is_win) AS w, count(r.game_pk) FILTER (WHERE r.is_loss) AS l
  FROM days d
  JOIN clubs c ON c.season = d.season
  LEFT JOIN analytics.team_game_results r
    ON r.season = d.season AND r.team_id = c.team_id AND r.official_date = d.official_date AND r.game_type = 'R'
  GROUP BY d.season, d.official_date, c.team_id
), cumulative AS (
  SELECT season, as_of_date, team_id,
         sum(w) OVER (PARTITION BY season, team_id ORDER BY as_of_date)::int AS wins,
         sum(l) OVER (PARTITION BY season, team_id ORDER BY as_of_date)::int AS losses
  FROM daily
)
SELECT c.season, c.as_of_date, t.league_id, t.league_name, t.division_id, t.division_name,
       c.team_id, t.name AS team_name, c.wins, c.losses,
       round(c.wins::numeric / nullif(c.wins + c.losses, 0), 3) AS pct,
       round(((max(c.wins - c.losses) OVER (PARTITION BY c.season, c.as_of_date, t.division_id)) - (c.wins - c.losses))::numeric / 2, 1) AS games_back
FROM cumulative c
LEFT JOIN mlb.teams t ON t.team_id = c.team_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.standings IS 'Grain: one row per team per regular-season date with games (season, as_of_date, team_id): wins, losses, pct and games back within the division through that date.';
