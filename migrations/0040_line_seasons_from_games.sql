-- The line tables carry their game's season and game type, so that a season's totals are one range of
-- the season-led index (0039) rather than a choice, close in cost at ten seasons, between probing each
-- game of the season and scanning every season stored. A boxscore does not say its season: the
-- values are copied from mlb.games by triggers, whichever of the game and its lines is written first.

-- The lines stored before this migration, filled once from their games (before the triggers, which
-- would look each game up again).
UPDATE mlb.batting_lines l SET season = g.season, game_type = g.game_type FROM mlb.games g WHERE g.game_pk = l.game_pk;
--> statement-breakpoint
UPDATE mlb.pitching_lines l SET season = g.season, game_type = g.game_type FROM mlb.games g WHERE g.game_pk = l.game_pk;
--> statement-breakpoint
CREATE FUNCTION mlb.line_game_season() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.season, g.game_type INTO NEW.season, NEW.game_type FROM mlb.games g WHERE g.game_pk = NEW.game_pk;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER batting_lines_game_season BEFORE INSERT OR UPDATE OF game_pk, season, game_type ON mlb.batting_lines
FOR EACH ROW EXECUTE FUNCTION mlb.line_game_season();
--> statement-breakpoint
CREATE TRIGGER pitching_lines_game_season BEFORE INSERT OR UPDATE OF game_pk, season, game_type ON mlb.pitching_lines
FOR EACH ROW EXECUTE FUNCTION mlb.line_game_season();
--> statement-breakpoint
CREATE FUNCTION mlb.game_season_to_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mlb.batting_lines SET season = NEW.season, game_type = NEW.game_type
  WHERE game_pk = NEW.game_pk AND (season, game_type) IS DISTINCT FROM (NEW.season, NEW.game_type);
  UPDATE mlb.pitching_lines SET season = NEW.season, game_type = NEW.game_type
  WHERE game_pk = NEW.game_pk AND (season, game_type) IS DISTINCT FROM (NEW.season, NEW.game_type);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER games_insert_season_to_lines AFTER INSERT ON mlb.games
FOR EACH ROW EXECUTE FUNCTION mlb.game_season_to_lines();
--> statement-breakpoint
CREATE TRIGGER games_update_season_to_lines AFTER UPDATE OF season, game_type ON mlb.games
FOR EACH ROW WHEN (OLD.season IS DISTINCT FROM NEW.season OR OLD.game_type IS DISTINCT FROM NEW.game_type)
EXECUTE FUNCTION mlb.game_season_to_lines();
--> statement-breakpoint
ANALYZE mlb.batting_lines;
--> statement-breakpoint
ANALYZE mlb.pitching_lines;
--> statement-breakpoint
-- The game logs (and the season totals built on them) take the season from the line, and join the
-- game on it too: a filter on the season then reaches both tables' season indexes.
CREATE OR REPLACE VIEW analytics.batting_game_logs AS
SELECT b.game_pk, g.official_date, b.season, b.game_type, b.team_id,
       CASE WHEN b.side = 'home' THEN g.away_team_id ELSE g.home_team_id END AS opponent_id,
       (b.side = 'home') AS is_home, b.person_id, p.full_name, b.batting_order, b.position,
       b.plate_appearances, b.at_bats, b.runs, b.hits, b.doubles, b.triples, b.home_runs, b.rbi,
       b.base_on_balls, b.intentional_walks, b.strike_outs, b.hit_by_pitch, b.sac_flies, b.sac_bunts,
       b.stolen_bases, b.caught_stealing, b.left_on_base, b.total_bases, b.ground_into_double_play
FROM mlb.batting_lines b
JOIN mlb.games g ON g.game_pk = b.game_pk AND g.season = b.season AND g.game_type = b.game_type
LEFT JOIN mlb.people p ON p.person_id = b.person_id;
--> statement-breakpoint
CREATE OR REPLACE VIEW analytics.pitching_game_logs AS
SELECT l.game_pk, g.official_date, l.season, l.game_type, l.team_id,
       CASE WHEN l.side = 'home' THEN g.away_team_id ELSE g.home_team_id END AS opponent_id,
       (l.side = 'home') AS is_home, l.person_id, p.full_name, l.pitching_order, l.is_starter, l.decision,
       l.outs, l.innings_pitched, l.batters_faced, l.hits, l.runs, l.earned_runs, l.base_on_balls,
       l.strike_outs, l.home_runs, l.hit_by_pitch, l.pitches, l.strikes, l.balls
FROM mlb.pitching_lines l
JOIN mlb.games g ON g.game_pk = l.game_pk AND g.season = l.season AND g.game_type = l.game_type
LEFT JOIN mlb.people p ON p.person_id = l.person_id;
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.season IS 'The season of the game (mlb.games.season), copied by a trigger when the line or the game is written: a season''s lines are one range of batting_lines_season_totals_idx.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.game_type IS 'The game''s type (mlb.games.game_type: R regular season, S spring, F/D/L/W postseason…), copied with the season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.season IS 'The season of the game (mlb.games.season), copied by a trigger when the line or the game is written: a season''s lines are one range of pitching_lines_season_totals_idx.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.game_type IS 'The game''s type (mlb.games.game_type: R regular season, S spring, F/D/L/W postseason…), copied with the season.';
