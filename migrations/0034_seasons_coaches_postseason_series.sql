CREATE TABLE "mlb"."postseason_series" (
	"season" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"series_id" text NOT NULL,
	"game_type" text,
	"description" text,
	"games_in_series" integer,
	"games_played" integer NOT NULL,
	"home_team_id" integer,
	"away_team_id" integer,
	"home_wins" integer NOT NULL,
	"away_wins" integer NOT NULL,
	"winner_team_id" integer,
	"first_game_date" date,
	"last_game_date" date,
	"as_of_date" date NOT NULL,
	"run_id" bigint,
	CONSTRAINT "postseason_series_pk" PRIMARY KEY("season","sport_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "mlb"."seasons" (
	"season" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"has_wildcard" boolean,
	"pre_season_start_date" date,
	"season_start_date" date,
	"spring_start_date" date,
	"spring_end_date" date,
	"regular_season_start_date" date,
	"last_date_1st_half" date,
	"all_star_date" date,
	"first_date_2nd_half" date,
	"regular_season_end_date" date,
	"post_season_start_date" date,
	"post_season_end_date" date,
	"season_end_date" date,
	"off_season_end_date" date,
	"qualifier_plate_appearances" numeric(4, 2),
	"qualifier_outs_pitched" numeric(4, 2),
	"as_of_date" date NOT NULL,
	"run_id" bigint,
	CONSTRAINT "seasons_pk" PRIMARY KEY("season","sport_id")
);
--> statement-breakpoint
CREATE TABLE "mlb"."team_coaches" (
	"team_id" integer NOT NULL,
	"season" integer NOT NULL,
	"person_id" integer NOT NULL,
	"job_id" text NOT NULL,
	"job" text,
	"title" text,
	"full_name" text,
	"jersey_number" text,
	"as_of_date" date NOT NULL,
	"run_id" bigint,
	CONSTRAINT "team_coaches_pk" PRIMARY KEY("team_id","season","person_id","job_id")
);
