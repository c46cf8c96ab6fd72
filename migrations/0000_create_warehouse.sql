CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE SCHEMA "ingest";
--> statement-breakpoint
CREATE SCHEMA "mlb";
--> statement-breakpoint
CREATE SCHEMA "raw";
--> statement-breakpoint
CREATE TABLE "raw"."boxscores" (
	"game_pk" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"body_sha256" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint,
	"source" text DEFAULT 'boxscore' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw"."people" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"body_sha256" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "raw"."play_by_play" (
	"game_pk" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"body_sha256" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint,
	"source" text DEFAULT 'boxscore' NOT NULL,
	"feed_timestamp" text
);
--> statement-breakpoint
CREATE TABLE "raw"."responses" (
	"operation" text NOT NULL,
	"params_key" text NOT NULL,
	"body" jsonb NOT NULL,
	"body_sha256" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint,
	CONSTRAINT "responses_operation_params_key_pk" PRIMARY KEY("operation","params_key")
);
--> statement-breakpoint
CREATE TABLE "mlb"."games" (
	"game_pk" integer PRIMARY KEY NOT NULL,
	"season" integer NOT NULL,
	"game_type" text NOT NULL,
	"sport_id" integer NOT NULL,
	"official_date" date NOT NULL,
	"game_date" timestamp with time zone,
	"coded_game_state" text NOT NULL,
	"abstract_game_state" text,
	"detailed_state" text,
	"status_code" text,
	"status_reason" text,
	"home_team_id" integer,
	"away_team_id" integer,
	"home_score" integer,
	"away_score" integer,
	"home_is_winner" boolean,
	"away_is_winner" boolean,
	"is_tie" boolean,
	"venue_id" integer,
	"double_header" text,
	"game_number" integer,
	"day_night" text,
	"scheduled_innings" integer,
	"series_description" text,
	"series_game_number" integer,
	"games_in_series" integer,
	"if_necessary" text,
	"reschedule_date" timestamp with time zone,
	"reschedule_game_date" date,
	"rescheduled_from" timestamp with time zone,
	"rescheduled_from_date" date,
	"resume_date" timestamp with time zone,
	"resume_game_date" date,
	"resumed_from" timestamp with time zone,
	"resumed_from_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."plays" (
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
	"run_id" bigint,
	CONSTRAINT "plays_game_pk_at_bat_index_pk" PRIMARY KEY("game_pk","at_bat_index")
);
--> statement-breakpoint
CREATE TABLE "mlb"."pitches" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"play_event_index" integer NOT NULL,
	"pitcher_id" integer,
	"batter_id" integer,
	"pitch_number" integer,
	"balls" integer,
	"strikes" integer,
	"outs" integer,
	"call_code" text,
	"call_description" text,
	"is_in_play" boolean,
	"is_strike" boolean,
	"is_ball" boolean,
	"pitch_type" text,
	"pitch_type_description" text,
	"type_confidence" double precision,
	"start_speed" double precision,
	"end_speed" double precision,
	"spin_rate" double precision,
	"spin_direction" double precision,
	"break_angle" double precision,
	"break_length" double precision,
	"break_vertical" double precision,
	"break_vertical_induced" double precision,
	"break_horizontal" double precision,
	"plate_x" double precision,
	"plate_z" double precision,
	"pfx_x" double precision,
	"pfx_z" double precision,
	"strike_zone_top" double precision,
	"strike_zone_bottom" double precision,
	"zone" integer,
	"extension" double precision,
	"plate_time" double precision,
	"launch_speed" double precision,
	"launch_angle" double precision,
	"total_distance" double precision,
	"trajectory" text,
	"hardness" text,
	"hit_location" text,
	"hit_coord_x" double precision,
	"hit_coord_y" double precision,
	"play_id" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "pitches_game_pk_at_bat_index_play_event_index_pk" PRIMARY KEY("game_pk","at_bat_index","play_event_index")
);
--> statement-breakpoint
CREATE TABLE "mlb"."batting_lines" (
	"game_pk" integer NOT NULL,
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
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
	CONSTRAINT "batting_lines_game_pk_team_id_person_id_pk" PRIMARY KEY("game_pk","team_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "mlb"."pitching_lines" (
	"game_pk" integer NOT NULL,
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
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
	CONSTRAINT "pitching_lines_game_pk_team_id_person_id_pk" PRIMARY KEY("game_pk","team_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "mlb"."people" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"full_name" text,
	"first_name" text,
	"last_name" text,
	"use_name" text,
	"middle_name" text,
	"boxscore_name" text,
	"primary_number" text,
	"birth_date" date,
	"birth_city" text,
	"birth_state_province" text,
	"birth_country" text,
	"death_date" date,
	"height" text,
	"height_inches" integer,
	"weight" integer,
	"gender" text,
	"bat_side" text,
	"pitch_hand" text,
	"primary_position" text,
	"primary_position_code" text,
	"mlb_debut_date" date,
	"last_played_date" date,
	"current_team_id" integer,
	"draft_year" integer,
	"active" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."teams" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"team_name" text,
	"short_name" text,
	"abbreviation" text,
	"team_code" text,
	"file_code" text,
	"location_name" text,
	"franchise_name" text,
	"club_name" text,
	"league_id" integer,
	"league_name" text,
	"division_id" integer,
	"division_name" text,
	"sport_id" integer,
	"venue_id" integer,
	"parent_org_id" integer,
	"first_year_of_play" text,
	"season" integer,
	"active" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."venues" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"state_abbrev" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text,
	"capacity" integer,
	"turf_type" text,
	"roof_type" text,
	"active" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."reference_codes" (
	"list" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"attributes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint,
	CONSTRAINT "reference_codes_list_code_pk" PRIMARY KEY("list","code")
);
--> statement-breakpoint
CREATE TABLE "ingest"."runs" (
	"run_id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"requested" integer DEFAULT 0 NOT NULL,
	"fetched" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"loaded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"error" text,
	"host" text,
	"pid" integer,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "ingest"."cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" timestamp with time zone NOT NULL,
	"details" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "ingest"."work_items" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"official_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "work_items_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "ingest"."rejects" (
	"reject_id" bigserial PRIMARY KEY NOT NULL,
	"game_pk" integer,
	"target" text NOT NULL,
	"path" text NOT NULL,
	"reason" text NOT NULL,
	"record" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE INDEX "responses_fetched_at_idx" ON "raw"."responses" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "games_official_date_idx" ON "mlb"."games" USING btree ("official_date");--> statement-breakpoint
CREATE INDEX "games_season_type_idx" ON "mlb"."games" USING btree ("season","game_type");--> statement-breakpoint
CREATE INDEX "games_state_idx" ON "mlb"."games" USING btree ("coded_game_state");--> statement-breakpoint
CREATE INDEX "plays_batter_idx" ON "mlb"."plays" USING btree ("batter_id");--> statement-breakpoint
CREATE INDEX "plays_pitcher_idx" ON "mlb"."plays" USING btree ("pitcher_id");--> statement-breakpoint
CREATE INDEX "pitches_pitcher_idx" ON "mlb"."pitches" USING btree ("pitcher_id");--> statement-breakpoint
CREATE INDEX "pitches_batter_idx" ON "mlb"."pitches" USING btree ("batter_id");--> statement-breakpoint
CREATE INDEX "work_items_claim_idx" ON "ingest"."work_items" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "rejects_game_idx" ON "ingest"."rejects" USING btree ("game_pk");