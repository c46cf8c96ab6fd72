CREATE TABLE "raw"."live_feeds" (
	"game_pk" integer PRIMARY KEY NOT NULL,
	"body" json NOT NULL,
	"feed_timecode" text NOT NULL,
	"full_feed_due" boolean DEFAULT false NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
