COMMENT ON TABLE mlb.official_stats IS 'Grain: one row per season, sport, game type, stat group (hitting, pitching, fielding), player, club and position (fielding only; '''' otherwise): the league''s own season statistics from /v1/stats?stats=season&playerPool=ALL (dugout snapshot stats, daily in the daemon), replaced as a whole when any page of the body changes. dugout check compares them with analytics.season_batting/season_pitching and the fielding lines once a season is over.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.position IS 'A fielding split''s position abbreviation (the API gives one fielding split per player, club and position played); the empty string on hitting and pitching rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.put_outs IS 'Fielding put-outs at the position; null on hitting and pitching rows, like assists, errors and chances.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.chances IS 'Fielding total chances (put-outs + assists + errors) at the position.';
