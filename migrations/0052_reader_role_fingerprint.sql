CREATE TABLE "ingest"."reader_roles" (
	"role" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"password_fingerprint" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text NOT NULL
);
