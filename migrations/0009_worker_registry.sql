CREATE TABLE "ingest"."workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"command" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"lost" boolean DEFAULT false NOT NULL,
	"current_run_id" bigint,
	"current_job" text
);
--> statement-breakpoint
ALTER TABLE "ingest"."runs" ADD COLUMN "worker_id" text;