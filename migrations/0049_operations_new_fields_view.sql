-- The dashboards' operations page and any BI login show the fields the API added: the reader reads
-- analytics, not ingest, so this view exposes ingest.new_fields as operations_runs exposes the runs.
CREATE VIEW analytics.operations_new_fields AS
SELECT body_kind, path, first_seen_at, last_seen_at, first_key, seen
FROM ingest.new_fields;
--> statement-breakpoint
COMMENT ON VIEW analytics.operations_new_fields IS 'Grain: one row per body kind and key path (body_kind, path) the API sent that dugout does not know (ingest.new_fields): when first and last seen, in what, how many bodies. For BI logins, which read analytics and not ingest.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_new_fields.body_kind IS 'feed, boxscore, playByPlay, person, schedule, changes, teams, or the snapshot''s kind (roster, stats, staff, awards).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_new_fields.path IS 'The key path, e.g. liveData.plays.allPlays[].playEvents[].details.batTrackingVersion.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_new_fields.first_seen_at IS 'When a loaded body first carried the path.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_new_fields.last_seen_at IS 'When a loaded body last carried the path.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_new_fields.first_key IS 'What the path first came in: the game (game_pk) or the request (operation and its parameters).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_new_fields.seen IS 'How many loaded bodies carried the path.';
