CREATE TABLE "mlb"."team_seasons" (
	"team_id" integer NOT NULL,
	"season" integer NOT NULL,
	"sport_id" integer,
	"name" text NOT NULL,
	"team_name" text,
	"abbreviation" text,
	"location_name" text,
	"league_id" integer,
	"league_name" text,
	"division_id" integer,
	"division_name" text,
	"venue_id" integer,
	"venue_name" text,
	"parent_org_id" integer,
	"parent_org_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint,
	CONSTRAINT "team_seasons_team_id_season_pk" PRIMARY KEY("team_id","season")
);
--> statement-breakpoint
CREATE TABLE "analytics"."run_expectancy" (
	"season" integer NOT NULL,
	"outs_before" integer NOT NULL,
	"base_state" text NOT NULL,
	"plays" integer NOT NULL,
	"runs_to_end_of_inning" integer NOT NULL,
	"expected_runs" numeric(6, 3) NOT NULL,
	CONSTRAINT "run_expectancy_season_outs_before_base_state_pk" PRIMARY KEY("season","outs_before","base_state")
);
--> statement-breakpoint
CREATE TABLE "analytics"."stale_seasons" (
	"mark_id" bigserial PRIMARY KEY NOT NULL,
	"season" integer NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."standings_daily" (
	"season" integer NOT NULL,
	"as_of_date" date NOT NULL,
	"team_id" integer NOT NULL,
	"team_name" text,
	"team_abbreviation" text,
	"league_id" integer,
	"league_name" text,
	"division_id" integer,
	"division_name" text,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"pct" numeric(4, 3),
	"games_back" numeric(5, 1),
	CONSTRAINT "standings_daily_season_as_of_date_team_id_pk" PRIMARY KEY("season","as_of_date","team_id")
);
--> statement-breakpoint
CREATE TABLE "mlb"."fielding_credits" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"runner_index" integer NOT NULL,
	"credit_index" integer NOT NULL,
	"person_id" integer,
	"position_code" text,
	"credit" text,
	"run_id" bigint,
	CONSTRAINT "fielding_credits_game_pk_at_bat_index_runner_index_credit_index_pk" PRIMARY KEY("game_pk","at_bat_index","runner_index","credit_index")
);
--> statement-breakpoint
CREATE TABLE "mlb"."play_actions" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"play_event_index" integer NOT NULL,
	"type" text,
	"event" text,
	"event_type" text,
	"description" text,
	"player_id" integer,
	"position_code" text,
	"is_substitution" boolean,
	"balls" integer,
	"strikes" integer,
	"outs" integer,
	"away_score" integer,
	"home_score" integer,
	"start_time" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "play_actions_game_pk_at_bat_index_play_event_index_pk" PRIMARY KEY("game_pk","at_bat_index","play_event_index")
);
--> statement-breakpoint
CREATE TABLE "mlb"."runners" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"runner_index" integer NOT NULL,
	"runner_id" integer,
	"play_event_index" integer,
	"origin_base" text,
	"start_base" text,
	"end_base" text,
	"out_base" text,
	"is_out" boolean,
	"out_number" integer,
	"event" text,
	"event_type" text,
	"movement_reason" text,
	"is_scoring_event" boolean,
	"rbi" boolean,
	"earned" boolean,
	"team_unearned" boolean,
	"responsible_pitcher_id" integer,
	"run_id" bigint,
	CONSTRAINT "runners_game_pk_at_bat_index_runner_index_pk" PRIMARY KEY("game_pk","at_bat_index","runner_index")
);
--> statement-breakpoint
CREATE TABLE "mlb"."fielding_lines" (
	"game_pk" integer NOT NULL,
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"position" text,
	"putouts" integer,
	"assists" integer,
	"errors" integer,
	"chances" integer,
	"passed_balls" integer,
	"stolen_bases" integer,
	"caught_stealing" integer,
	"pickoffs" integer,
	"run_id" bigint,
	CONSTRAINT "fielding_lines_game_pk_team_id_person_id_pk" PRIMARY KEY("game_pk","team_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "mlb"."game_officials" (
	"game_pk" integer NOT NULL,
	"official_type" text NOT NULL,
	"person_id" integer,
	"full_name" text,
	"run_id" bigint,
	CONSTRAINT "game_officials_game_pk_official_type_pk" PRIMARY KEY("game_pk","official_type")
);
--> statement-breakpoint
CREATE TABLE "mlb"."linescore_innings" (
	"game_pk" integer NOT NULL,
	"inning" integer NOT NULL,
	"away_runs" integer,
	"away_hits" integer,
	"away_errors" integer,
	"away_left_on_base" integer,
	"home_runs" integer,
	"home_hits" integer,
	"home_errors" integer,
	"home_left_on_base" integer,
	"run_id" bigint,
	CONSTRAINT "linescore_innings_game_pk_inning_pk" PRIMARY KEY("game_pk","inning")
);
--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "attendance" integer;--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "first_pitch" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "delay_minutes" integer;--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "weather_condition" text;--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "temperature_f" integer;--> statement-breakpoint
ALTER TABLE "mlb"."games" ADD COLUMN "wind" text;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "outs_before" integer;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "on_1b_before" integer;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "on_2b_before" integer;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "on_3b_before" integer;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "away_score_before" integer;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "home_score_before" integer;--> statement-breakpoint
ALTER TABLE "mlb"."plays" ADD COLUMN "is_plate_appearance" boolean;--> statement-breakpoint
CREATE INDEX "standings_daily_as_of_date_idx" ON "analytics"."standings_daily" USING btree ("as_of_date");--> statement-breakpoint
CREATE INDEX "fielding_credits_person_idx" ON "mlb"."fielding_credits" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "runners_runner_idx" ON "mlb"."runners" USING btree ("runner_id");