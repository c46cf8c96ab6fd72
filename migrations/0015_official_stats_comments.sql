COMMENT ON TABLE mlb.official_stats IS 'Grain: one row per season, sport, game type, stat group (hitting, pitching), player and club: the league''s own season statistics from /v1/stats?stats=season&playerPool=ALL (dugout snapshot stats, daily in the daemon), replaced as a whole when any page of the body changes. dugout check compares them with analytics.season_batting/season_pitching once a season is over.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.team_id IS 'The club of the split; for a player who changed clubs the API gives one split with his last club and num_teams > 1.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.stat IS 'The split''s whole stat object as received (rates such as avg, era, ops, and every counter without a column).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.as_of_date IS 'The UTC day the body in force (its newest page) was first received; a snapshot that finds the pages unchanged leaves it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.outs IS 'Outs recorded as a pitcher (innings pitched × 3); null on hitting rows, like the other pitching-only columns.';
