CREATE TABLE "mlb"."season_games" (
	"season" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"scheduled_games" integer NOT NULL,
	"final_games" integer NOT NULL,
	"as_of_date" date NOT NULL,
	"run_id" bigint,
	CONSTRAINT "season_games_pk" PRIMARY KEY("season","sport_id","game_type")
);
