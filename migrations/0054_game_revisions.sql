CREATE TABLE "raw"."game_checks" (
	"game_pk" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw"."game_revisions" (
	"game_pk" integer NOT NULL,
	"kind" text NOT NULL,
	"revision" integer NOT NULL,
	"content_sha256" text NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"encoding" text NOT NULL,
	"body" json NOT NULL,
	"body_chars" integer NOT NULL,
	"run_id" bigint,
	CONSTRAINT "game_revisions_game_pk_kind_revision_pk" PRIMARY KEY("game_pk","kind","revision")
);
--> statement-breakpoint
CREATE TABLE "mlb"."batting_lines_history" (
	"game_pk" integer NOT NULL,
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"season" integer,
	"game_type" text,
	"side" text NOT NULL,
	"batting_order" integer,
	"position" text,
	"all_positions" text,
	"is_substitute" boolean,
	"games_played" integer,
	"plate_appearances" integer,
	"at_bats" integer,
	"runs" integer,
	"hits" integer,
	"doubles" integer,
	"triples" integer,
	"home_runs" integer,
	"rbi" integer,
	"base_on_balls" integer,
	"intentional_walks" integer,
	"strike_outs" integer,
	"hit_by_pitch" integer,
	"stolen_bases" integer,
	"caught_stealing" integer,
	"sac_bunts" integer,
	"sac_flies" integer,
	"ground_into_double_play" integer,
	"left_on_base" integer,
	"total_bases" integer,
	"run_id" bigint,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "batting_lines_history_game_pk_team_id_person_id_valid_from_pk" PRIMARY KEY("game_pk","team_id","person_id","valid_from")
);
--> statement-breakpoint
CREATE TABLE "mlb"."pitching_lines_history" (
	"game_pk" integer NOT NULL,
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"season" integer,
	"game_type" text,
	"side" text NOT NULL,
	"pitching_order" integer,
	"is_starter" boolean,
	"outs" integer,
	"innings_pitched" text,
	"batters_faced" integer,
	"hits" integer,
	"runs" integer,
	"earned_runs" integer,
	"base_on_balls" integer,
	"intentional_walks" integer,
	"strike_outs" integer,
	"home_runs" integer,
	"hit_by_pitch" integer,
	"pitches" integer,
	"strikes" integer,
	"balls" integer,
	"wild_pitches" integer,
	"balks" integer,
	"inherited_runners" integer,
	"inherited_runners_scored" integer,
	"decision" text,
	"holds" integer,
	"blown_saves" integer,
	"run_id" bigint,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "pitching_lines_history_game_pk_team_id_person_id_valid_from_pk" PRIMARY KEY("game_pk","team_id","person_id","valid_from")
);
--> statement-breakpoint
CREATE TABLE "mlb"."plays_history" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"inning" integer NOT NULL,
	"half_inning" text NOT NULL,
	"batter_id" integer,
	"pitcher_id" integer,
	"bat_side" text,
	"pitch_hand" text,
	"event" text,
	"event_type" text,
	"description" text,
	"rbi" integer,
	"away_score" integer,
	"home_score" integer,
	"is_out" boolean,
	"is_scoring_play" boolean,
	"has_review" boolean,
	"is_complete" boolean,
	"balls" integer,
	"strikes" integer,
	"outs" integer,
	"runs_scored" integer,
	"pitch_count" integer,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"outs_before" integer,
	"on_1b_before" integer,
	"on_2b_before" integer,
	"on_3b_before" integer,
	"away_score_before" integer,
	"home_score_before" integer,
	"is_plate_appearance" boolean,
	"run_id" bigint,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "plays_history_game_pk_at_bat_index_valid_from_pk" PRIMARY KEY("game_pk","at_bat_index","valid_from")
);
--> statement-breakpoint
CREATE TABLE "mlb"."scoring_changes" (
	"game_pk" integer NOT NULL,
	"kind" text NOT NULL,
	"before_revision" integer NOT NULL,
	"after_revision" integer NOT NULL,
	"fact" text NOT NULL,
	"at_bat_index" integer,
	"person_id" integer,
	"team_id" integer,
	"before" text,
	"after" text,
	"before_fetched_at" timestamp with time zone NOT NULL,
	"after_fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_revisions_fetched_at_idx" ON "raw"."game_revisions" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "batting_lines_history_season_idx" ON "mlb"."batting_lines_history" USING btree ("season","valid_from");--> statement-breakpoint
CREATE INDEX "pitching_lines_history_season_idx" ON "mlb"."pitching_lines_history" USING btree ("season","valid_from");--> statement-breakpoint
CREATE INDEX "plays_history_valid_idx" ON "mlb"."plays_history" USING btree ("valid_from","valid_to");--> statement-breakpoint
CREATE INDEX "scoring_changes_game_idx" ON "mlb"."scoring_changes" USING btree ("game_pk","kind","after_revision");--> statement-breakpoint
CREATE INDEX "scoring_changes_after_fetched_at_idx" ON "mlb"."scoring_changes" USING btree ("after_fetched_at");