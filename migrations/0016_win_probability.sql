CREATE TABLE "raw"."win_probability" (
	"game_pk" integer PRIMARY KEY NOT NULL,
	"body" json NOT NULL,
	"body_sha256" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."play_win_probability" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"inning" integer,
	"half_inning" text,
	"batter_id" integer,
	"pitcher_id" integer,
	"home_win_probability_before" double precision,
	"home_win_probability" double precision,
	"away_win_probability" double precision,
	"home_win_probability_added" double precision,
	"leverage_index" double precision,
	"run_id" bigint,
	CONSTRAINT "play_win_probability_game_pk_at_bat_index_pk" PRIMARY KEY("game_pk","at_bat_index")
);
--> statement-breakpoint
CREATE INDEX "play_win_probability_batter_idx" ON "mlb"."play_win_probability" USING btree ("batter_id");--> statement-breakpoint
CREATE INDEX "play_win_probability_pitcher_idx" ON "mlb"."play_win_probability" USING btree ("pitcher_id");