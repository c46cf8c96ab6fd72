ALTER TABLE "raw"."boxscores" ALTER COLUMN "body" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "raw"."people" ALTER COLUMN "body" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "raw"."play_by_play" ALTER COLUMN "body" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "raw"."responses" ALTER COLUMN "body" SET DATA TYPE json;