CREATE TABLE "mlb"."awards" (
	"award_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"description" text,
	"sort_order" integer,
	"sport_id" integer,
	"league_id" integer,
	"notes" text,
	"active" boolean,
	"as_of_date" date NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."person_awards" (
	"person_id" integer NOT NULL,
	"award_id" text NOT NULL,
	"award_key" text NOT NULL,
	"award_date" date,
	"season" integer,
	"team_id" integer,
	"award_name" text,
	"notes" text,
	"as_of_date" date NOT NULL,
	"run_id" bigint,
	CONSTRAINT "person_awards_person_id_award_id_award_key_pk" PRIMARY KEY("person_id","award_id","award_key")
);
--> statement-breakpoint
CREATE INDEX "person_awards_award_idx" ON "mlb"."person_awards" USING btree ("award_id","season");