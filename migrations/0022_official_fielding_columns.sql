ALTER TABLE "mlb"."official_stats" ADD COLUMN "position" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mlb"."official_stats" ADD COLUMN "put_outs" integer;--> statement-breakpoint
ALTER TABLE "mlb"."official_stats" ADD COLUMN "assists" integer;--> statement-breakpoint
ALTER TABLE "mlb"."official_stats" ADD COLUMN "errors" integer;--> statement-breakpoint
ALTER TABLE "mlb"."official_stats" ADD COLUMN "chances" integer;