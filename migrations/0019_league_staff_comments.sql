COMMENT ON TABLE mlb.league_staff IS 'Grain: one row per listing (umpires, officialScorers), sport and person: the league''s staff from /v1/jobs/umpires and /v1/jobs/officialScorers (dugout snapshot staff, daily in the daemon), replaced when the listing''s body changes. Who worked each game is in mlb.game_officials.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.as_of_date IS 'The UTC day this version of the listing was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.job_id IS 'The API''s job code (UMPR for umpires).';
