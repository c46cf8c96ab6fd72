CREATE TABLE "raw"."snapshots" (
	"operation" text NOT NULL,
	"params_key" text NOT NULL,
	"body_sha256" text NOT NULL,
	"body" json NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint,
	CONSTRAINT "snapshots_operation_params_key_body_sha256_pk" PRIMARY KEY("operation","params_key","body_sha256")
);
--> statement-breakpoint
CREATE TABLE "mlb"."roster_entries" (
	"team_id" integer NOT NULL,
	"roster_type" text NOT NULL,
	"roster_date" date NOT NULL,
	"person_id" integer NOT NULL,
	"full_name" text,
	"jersey_number" text,
	"position_code" text,
	"position_abbreviation" text,
	"status_code" text,
	"status_description" text,
	"parent_team_id" integer,
	"run_id" bigint,
	CONSTRAINT "roster_entries_team_id_roster_type_roster_date_person_id_pk" PRIMARY KEY("team_id","roster_type","roster_date","person_id")
);
--> statement-breakpoint
CREATE INDEX "snapshots_latest_idx" ON "raw"."snapshots" USING btree ("operation","params_key","last_seen_at");--> statement-breakpoint
CREATE INDEX "roster_entries_person_idx" ON "mlb"."roster_entries" USING btree ("person_id","roster_date");