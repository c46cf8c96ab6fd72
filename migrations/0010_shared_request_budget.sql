CREATE TABLE "ingest"."request_budget" (
	"id" integer PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ingest"."request_slots" (
	"slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_slots_at_idx" ON "ingest"."request_slots" USING btree ("slot_at");