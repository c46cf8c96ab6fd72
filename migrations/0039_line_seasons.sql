DROP INDEX "mlb"."batting_lines_game_totals_idx";--> statement-breakpoint
DROP INDEX "mlb"."pitching_lines_game_totals_idx";--> statement-breakpoint
ALTER TABLE "mlb"."batting_lines" ADD COLUMN "season" integer;--> statement-breakpoint
ALTER TABLE "mlb"."batting_lines" ADD COLUMN "game_type" text;--> statement-breakpoint
ALTER TABLE "mlb"."pitching_lines" ADD COLUMN "season" integer;--> statement-breakpoint
ALTER TABLE "mlb"."pitching_lines" ADD COLUMN "game_type" text;--> statement-breakpoint
CREATE INDEX "batting_lines_season_totals_idx" ON "mlb"."batting_lines" USING btree ("season","game_type","game_pk","team_id","person_id","plate_appearances","at_bats","runs","hits","doubles","triples","home_runs","rbi","base_on_balls","hit_by_pitch","sac_flies","strike_outs","stolen_bases","total_bases");--> statement-breakpoint
CREATE INDEX "pitching_lines_season_totals_idx" ON "mlb"."pitching_lines" USING btree ("season","game_type","game_pk","team_id","person_id","is_starter","decision","outs","hits","runs","earned_runs","base_on_balls","strike_outs","home_runs","pitches");