ALTER TABLE "ingest"."runs" ADD COLUMN "games_loaded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest"."runs" ADD COLUMN "games_unchanged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest"."runs" ADD COLUMN "games_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest"."runs" ADD COLUMN "people_loaded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest"."runs" ADD COLUMN "lists_loaded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest"."runs" ADD COLUMN "snapshots_loaded" integer DEFAULT 0 NOT NULL;