CREATE TABLE "mlb"."abs_challenges" (
	"game_pk" integer NOT NULL,
	"side" text NOT NULL,
	"team_id" integer,
	"used_successful" integer NOT NULL,
	"used_failed" integer NOT NULL,
	"remaining" integer,
	"run_id" bigint,
	CONSTRAINT "abs_challenges_game_pk_side_pk" PRIMARY KEY("game_pk","side")
);
--> statement-breakpoint
CREATE TABLE "ingest"."new_fields" (
	"body_kind" text NOT NULL,
	"path" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_key" text NOT NULL,
	"seen" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "new_fields_body_kind_path_pk" PRIMARY KEY("body_kind","path")
);
--> statement-breakpoint
CREATE TABLE "mlb"."reviews" (
	"game_pk" integer NOT NULL,
	"at_bat_index" integer NOT NULL,
	"play_event_index" integer,
	"review_index" integer NOT NULL,
	"review_type" text NOT NULL,
	"review_description" text,
	"is_overturned" boolean,
	"in_progress" boolean,
	"challenge_team_id" integer,
	"player_id" integer,
	"pitch_call_before" text,
	"pitch_call_after" text,
	"run_id" bigint,
	CONSTRAINT "reviews_key" UNIQUE NULLS NOT DISTINCT("game_pk","at_bat_index","play_event_index","review_index")
);
--> statement-breakpoint
ALTER TABLE "raw"."boxscores" ADD COLUMN "abs_challenges" json;