COMMENT ON TABLE mlb.season_games IS 'Grain: one row per season, sport and game type (season, sport_id, game_type): how many games the season''s schedule lists, from /v1/schedule?season=…&gameType=R as of the latest dugout snapshot stats. The official-statistics checks compare a season only when the warehouse holds every game it lists.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.sport_id IS 'The level (1 MLB, 11-14 Triple-A to Single-A).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.game_type IS 'The game type counted: R (regular season).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.scheduled_games IS 'Games the schedule lists, once per game_pk (a postponed game is listed on both its dates), cancelled games left out.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.final_games IS 'Of those, the games the schedule calls final (codedGameState F, Q or R).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.as_of_date IS 'The UTC day the schedule body in force was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.season_games.run_id IS 'The ingest.runs run that wrote the row.';
