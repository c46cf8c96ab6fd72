-- The probables are also seen in the live feed of a game not started (gameData.probablePitchers):
-- the table says where each announcement was first seen.
COMMENT ON TABLE mlb.pregame_probables IS 'Grain: one row per probable pitcher announcement (game_pk, side, announced_at) as dugout saw it before the first pitch: in the schedule polled by dugout pregame (hydrate=probablePitcher), or in the game''s own feed (gameData.probablePitchers) stored by the live loop while the game is not started (its warm-up). Open (replaced_at null) while the latest sight still names him, closed when another is named. The one open at first pitch is the last announced. A game loaded only after it started (a backfill) has no row: what was announced, and when, is not in a finished game''s bodies.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.pitcher_id IS 'The pitcher announced (the schedule''s teams.{side}.probablePitcher.id, the feed''s gameData.probablePitchers.{side}.id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.pitcher_name IS 'His name as the body that first named him gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.seen_in IS 'Where the announcement was first seen: schedule (a dugout pregame poll) or feed (the live loop storing the game''s feed before its first pitch). A later sight in the other only moves last_seen_at.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.announced_at IS 'The sight that first saw him named (dugout''s clock): within one pregame poll interval of the announcement, or one live pass once the game is in its warm-up.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.last_seen_at IS 'The latest sight (pregame poll or live pass) that still saw him named.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.replaced_at IS 'The sight (pregame poll or live pass) that first saw another pitcher named instead; null while he is the probable.';
