CREATE TABLE "mlb"."league_staff" (
	"listing" text NOT NULL,
	"sport_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"full_name" text,
	"jersey_number" text,
	"job" text,
	"job_id" text,
	"title" text,
	"as_of_date" date NOT NULL,
	"run_id" bigint,
	CONSTRAINT "league_staff_listing_sport_id_person_id_pk" PRIMARY KEY("listing","sport_id","person_id")
);
