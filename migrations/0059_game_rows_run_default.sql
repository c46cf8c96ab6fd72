ALTER TABLE "mlb"."plays" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."pitches" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."batting_lines" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."pitching_lines" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."fielding_credits" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."play_actions" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."runners" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."fielding_lines" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."game_officials" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."linescore_innings" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."play_win_probability" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."abs_challenges" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;--> statement-breakpoint
ALTER TABLE "mlb"."reviews" ALTER COLUMN "run_id" SET DEFAULT nullif(current_setting('dugout.run_id', true), '')::bigint;