CREATE TABLE "mlb"."transactions" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"person_id" integer,
	"person_name" text,
	"from_team_id" integer,
	"from_team_name" text,
	"to_team_id" integer,
	"to_team_name" text,
	"transaction_date" date,
	"effective_date" date,
	"resolution_date" date,
	"type_code" text,
	"type_desc" text,
	"description" text,
	"il_action" text,
	"il_days" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE INDEX "transactions_person_idx" ON "mlb"."transactions" USING btree ("person_id","transaction_date");--> statement-breakpoint
CREATE INDEX "transactions_date_idx" ON "mlb"."transactions" USING btree ("transaction_date");
--> statement-breakpoint
COMMENT ON TABLE mlb.transactions IS 'Grain: one row per transaction id of /v1/transactions (trades, signings, assignments, options, recalls, designations, releases, injured-list placements, transfers and activations), as the latest body listing it says; loaded by sync for the last days and by backfill for a season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.transaction_id IS 'The API''s transaction id (transactions[].id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.person_id IS 'The person the transaction names (person.id); queued for a /v1/people fetch when the warehouse does not hold him.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.person_name IS 'The person''s name as the transaction gives it (person.fullName).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.from_team_id IS 'The club the person left (fromTeam.id): the trading club, the club optioning him; null for most status changes.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.from_team_name IS 'fromTeam.name as the transaction gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.to_team_id IS 'The club the person joins, or the club acting for a status change such as an injured-list placement (toTeam.id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.to_team_name IS 'toTeam.name as the transaction gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.transaction_date IS 'The day of the transaction (date).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.effective_date IS 'The day it takes effect (effectiveDate).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.resolution_date IS 'resolutionDate, when the body gives one (options and recalls often have none).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.type_code IS 'Transaction type code (typeCode): SC status change (injured list among them), TR trade, OPT optioned, CU recalled, DES designated for assignment, REL released, SFA signed as free agent, ASG assigned… See mlb.reference_codes list transactionTypes.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.type_desc IS 'The type''s description (typeDesc).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.description IS 'The transaction in words, as the API gives it; the injured-list columns are read from it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.il_action IS 'What the description says of the injured list: placed, activated (activated, reinstated or returned from it), transferred (to a longer list), rehab (a rehab assignment); null when it names none.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.il_days IS 'The injured list''s length in days the description names (7, 10, 15, 60); for a transfer the list moved to.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.first_seen_at IS 'When dugout first received this transaction (dugout''s clock at the start of the poll); never moves.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.last_seen_at IS 'The latest poll whose body listed it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.transactions.run_id IS 'The run (ingest.runs) that last wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.reason IS 'Why it was queued: new_final, provisional (game over, to re-check), correction (the change log listed a loaded game), suspended, resumed, backfill, person_changed, game_person (referenced by a loaded game), transaction_person (named by a transaction), retry (a dead item re-queued).';
--> statement-breakpoint
CREATE VIEW mlb.injured_list_stints AS
WITH placed AS (
  SELECT t.transaction_id, t.person_id, t.person_name, coalesce(t.to_team_id, t.from_team_id) AS team_id,
         coalesce(t.to_team_name, t.from_team_name) AS team_name, t.il_days,
         coalesce(t.effective_date, t.transaction_date) AS start_date, t.description,
         lead(coalesce(t.effective_date, t.transaction_date)) OVER (
           PARTITION BY t.person_id ORDER BY coalesce(t.effective_date, t.transaction_date), t.transaction_id) AS next_start
  FROM mlb.transactions t
  WHERE t.il_action = 'placed' AND t.person_id IS NOT NULL
)
SELECT p.person_id, p.person_name, p.team_id, p.team_name,
       coalesce(x.il_days, p.il_days) AS il_days, p.il_days AS placed_il_days,
       p.start_date, e.end_date, e.end_date - p.start_date AS days,
       p.transaction_id AS placed_transaction_id, e.transaction_id AS ended_transaction_id,
       p.description AS placed_description
FROM placed p
LEFT JOIN LATERAL (
  SELECT a.transaction_id, coalesce(a.effective_date, a.transaction_date) AS end_date
  FROM mlb.transactions a
  WHERE a.person_id = p.person_id AND a.transaction_id <> p.transaction_id
    AND (a.il_action = 'activated' OR a.type_code = 'REL')
    AND coalesce(a.effective_date, a.transaction_date) >= p.start_date
    AND (p.next_start IS NULL OR coalesce(a.effective_date, a.transaction_date) <= p.next_start)
  ORDER BY coalesce(a.effective_date, a.transaction_date), a.transaction_id
  LIMIT 1
) e ON true
LEFT JOIN LATERAL (
  SELECT a.il_days
  FROM mlb.transactions a
  WHERE a.person_id = p.person_id AND a.il_action = 'transferred'
    AND coalesce(a.effective_date, a.transaction_date) >= p.start_date
    AND (e.end_date IS NULL OR coalesce(a.effective_date, a.transaction_date) <= e.end_date)
  ORDER BY coalesce(a.effective_date, a.transaction_date) DESC, a.transaction_id DESC
  LIMIT 1
) x ON true;
--> statement-breakpoint
COMMENT ON VIEW mlb.injured_list_stints IS 'Grain: one row per injured-list placement in mlb.transactions (placed_transaction_id): the player, the club, the list, the day placed and the day the stint ended (the first activation or release after it, before his next placement); end_date null while he is still on the list as far as the transactions loaded say.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.person_id IS 'The player (mlb.transactions.person_id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.person_name IS 'The player''s name as the placement gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.team_id IS 'The club that placed him (toTeam of the placement).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.team_name IS 'The club''s name as the placement gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.il_days IS 'The list he is on (7, 10, 15, 60 days): the placement''s, or the latest transfer''s during the stint.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.placed_il_days IS 'The list he was placed on.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.start_date IS 'The day the placement took effect (effective date, else the transaction''s date).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.end_date IS 'The day of the activation or release that ended the stint; null while it is open.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.days IS 'end_date - start_date; null while the stint is open.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.placed_transaction_id IS 'The placement (mlb.transactions).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.ended_transaction_id IS 'The activation or release that ended it (mlb.transactions); null while open.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.injured_list_stints.placed_description IS 'The placement''s description (it names the injury).';
--> statement-breakpoint
CREATE VIEW analytics.injured_list AS
SELECT s.team_id, coalesce(t.name, s.team_name) AS team_name, s.person_id,
       coalesce(pe.full_name, s.person_name) AS full_name, s.il_days, s.start_date, s.end_date,
       coalesce(s.end_date, CURRENT_DATE) - s.start_date AS days, s.end_date IS NULL AS still_on,
       s.placed_description AS injury
FROM mlb.injured_list_stints s
LEFT JOIN mlb.teams t ON t.team_id = s.team_id
LEFT JOIN mlb.people pe ON pe.person_id = s.person_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.injured_list IS 'Grain: one row per injured-list stint (mlb.injured_list_stints) with the club''s and the player''s names. Who is on a club''s injured list on a day D: start_date <= D and (end_date is null or end_date > D).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.team_id IS 'The club that placed him.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.team_name IS 'The club''s name (mlb.teams, else as the placement gives it).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.person_id IS 'The player.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.full_name IS 'The player''s name (mlb.people, else as the placement gives it).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.il_days IS 'The list he is on (7, 10, 15, 60 days), after any transfer.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.start_date IS 'The day the placement took effect.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.end_date IS 'The day he came off the list (activation or release); null while on it.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.days IS 'Days on the list: to end_date, or to today (the database''s date) while still on it.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.still_on IS 'True while no activation or release has been loaded.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.injured_list.injury IS 'The placement''s description, which names the injury.';
--> statement-breakpoint
CREATE TABLE "mlb"."pregame_lineups" (
	"game_pk" integer NOT NULL,
	"side" text NOT NULL,
	"batting_order" integer NOT NULL,
	"person_id" integer NOT NULL,
	"full_name" text,
	"position" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "pregame_lineups_game_pk_side_batting_order_first_seen_at_pk" PRIMARY KEY("game_pk","side","batting_order","first_seen_at")
);
--> statement-breakpoint
CREATE TABLE "mlb"."pregame_officials" (
	"game_pk" integer NOT NULL,
	"official_type" text NOT NULL,
	"person_id" integer NOT NULL,
	"full_name" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "pregame_officials_game_pk_official_type_first_seen_at_pk" PRIMARY KEY("game_pk","official_type","first_seen_at")
);
--> statement-breakpoint
CREATE TABLE "mlb"."pregame_probables" (
	"game_pk" integer NOT NULL,
	"side" text NOT NULL,
	"pitcher_id" integer NOT NULL,
	"pitcher_name" text,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "pregame_probables_game_pk_side_announced_at_pk" PRIMARY KEY("game_pk","side","announced_at")
);
--> statement-breakpoint
CREATE TABLE "mlb"."pregame_weather" (
	"game_pk" integer NOT NULL,
	"condition" text,
	"temperature" integer,
	"wind" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"run_id" bigint,
	CONSTRAINT "pregame_weather_game_pk_first_seen_at_pk" PRIMARY KEY("game_pk","first_seen_at")
);
--> statement-breakpoint
CREATE INDEX "pregame_lineups_person_idx" ON "mlb"."pregame_lineups" USING btree ("person_id");
--> statement-breakpoint
COMMENT ON TABLE mlb.pregame_probables IS 'Grain: one row per probable pitcher announcement (game_pk, side, announced_at) as dugout pregame saw it in the schedule (hydrate=probablePitcher): open (replaced_at null) while the schedule still names him, closed when another is named. The one open at first pitch is the last announced.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.side IS 'away or home.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.pitcher_id IS 'The pitcher announced (teams.{side}.probablePitcher.id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.pitcher_name IS 'His name as the schedule gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.announced_at IS 'The poll that first saw him named (dugout''s clock): within one poll interval of the announcement.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.last_seen_at IS 'The latest poll that still saw him named.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.replaced_at IS 'The poll that first saw another pitcher named instead; null while he is the probable.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_probables.run_id IS 'The run (ingest.runs) that last wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.pregame_lineups IS 'Grain: one row per player posted in a batting-order slot (game_pk, side, batting_order, first_seen_at), from the schedule (hydrate=lineups) before the first pitch: a scratch closes the slot''s row (replaced_at) and opens one for the new player.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.side IS 'away or home.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.batting_order IS 'The slot, 1 (leadoff) to 9: the player''s place in lineups.{side}Players.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.person_id IS 'The player posted in the slot.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.full_name IS 'His name as the schedule gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.position IS 'The position abbreviation the listing gives him (primaryPosition.abbreviation).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.first_seen_at IS 'The poll that first saw him in the slot (dugout''s clock).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.last_seen_at IS 'The latest poll that still saw him there.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.replaced_at IS 'The poll that first saw another player (or position) in the slot; null while posted.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_lineups.run_id IS 'The run (ingest.runs) that last wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.pregame_officials IS 'Grain: one row per umpire assignment (game_pk, official_type, first_seen_at) from the schedule (hydrate=officials) before the first pitch; who worked is in mlb.game_officials.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.official_type IS 'Home Plate, First Base, Second Base, Third Base (Left Field, Right Field in the postseason).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.person_id IS 'The umpire assigned.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.full_name IS 'His name as the schedule gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.first_seen_at IS 'The poll that first saw the assignment (dugout''s clock).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.last_seen_at IS 'The latest poll that still saw it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.replaced_at IS 'The poll that first saw another umpire at the position; null while assigned.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_officials.run_id IS 'The run (ingest.runs) that last wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.pregame_weather IS 'Grain: one row per forecast (game_pk, first_seen_at) from the schedule (hydrate=weather) before the first pitch; the weather recorded at the game is mlb.games.weather_condition, temperature_f, wind.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.game_pk IS 'The game (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.condition IS 'The forecast condition (Clear, Cloudy, Dome…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.temperature IS 'The forecast temperature, °F.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.wind IS 'The forecast wind, e.g. "7 mph, Out To CF".';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.first_seen_at IS 'The poll that first saw this forecast (dugout''s clock).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.last_seen_at IS 'The latest poll that still saw it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.replaced_at IS 'The poll that first saw a different forecast; null while current.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pregame_weather.run_id IS 'The run (ingest.runs) that last wrote the row.';
--> statement-breakpoint
CREATE VIEW analytics.pregame AS
WITH g AS (
  SELECT gm.game_pk, gm.official_date, gm.away_team_id, gm.home_team_id, gm.abstract_game_state,
         coalesce(gm.first_pitch, gm.game_date) AS first_pitch, gm.weather_condition, gm.temperature_f, gm.wind
  FROM mlb.games gm
  WHERE EXISTS (SELECT 1 FROM mlb.pregame_probables p WHERE p.game_pk = gm.game_pk)
     OR EXISTS (SELECT 1 FROM mlb.pregame_lineups l WHERE l.game_pk = gm.game_pk)
),
prob AS (
  SELECT g.game_pk, p.side, count(*) AS announcements,
         (array_agg(p.pitcher_id ORDER BY p.announced_at DESC) FILTER (WHERE p.announced_at <= g.first_pitch))[1] AS at_first_pitch
  FROM g JOIN mlb.pregame_probables p USING (game_pk) GROUP BY g.game_pk, p.side
),
started AS (
  SELECT pl.game_pk, pl.side, pl.person_id FROM mlb.pitching_lines pl WHERE pl.is_starter
),
posted AS (
  SELECT g.game_pk, l.side, count(*) FILTER (WHERE l.replaced_at IS NOT NULL AND l.replaced_at <= g.first_pitch) AS changes,
         array_agg(l.person_id ORDER BY l.batting_order)
           FILTER (WHERE l.first_seen_at <= g.first_pitch AND (l.replaced_at IS NULL OR l.replaced_at > g.first_pitch)) AS lineup
  FROM g JOIN mlb.pregame_lineups l USING (game_pk) GROUP BY g.game_pk, l.side
),
played AS (
  SELECT b.game_pk, b.side, array_agg(b.person_id ORDER BY b.batting_order) AS lineup
  FROM mlb.batting_lines b WHERE b.batting_order % 100 = 0 GROUP BY b.game_pk, b.side
),
assigned AS (
  SELECT g.game_pk, o.official_type, o.person_id
  FROM g JOIN mlb.pregame_officials o USING (game_pk)
  WHERE o.first_seen_at <= g.first_pitch AND (o.replaced_at IS NULL OR o.replaced_at > g.first_pitch)
),
umps AS (
  SELECT g.game_pk,
         max(a.person_id) FILTER (WHERE a.official_type = 'Home Plate') AS hp_assigned,
         max(w.person_id) FILTER (WHERE w.official_type = 'Home Plate') AS hp_worked,
         count(a.person_id) AS assigned,
         count(*) FILTER (WHERE a.person_id IS NOT NULL AND w.person_id IS NOT NULL AND a.person_id <> w.person_id) AS changed
  FROM g LEFT JOIN assigned a USING (game_pk)
  LEFT JOIN mlb.game_officials w ON w.game_pk = g.game_pk AND w.official_type = a.official_type
  GROUP BY g.game_pk
),
forecast AS (
  SELECT DISTINCT ON (g.game_pk) g.game_pk, f.condition, f.temperature, f.wind
  FROM g JOIN mlb.pregame_weather f USING (game_pk) WHERE f.first_seen_at <= g.first_pitch
  ORDER BY g.game_pk, f.first_seen_at DESC
)
SELECT g.game_pk, g.official_date, g.abstract_game_state, g.away_team_id, g.home_team_id,
       pa.at_first_pitch AS away_probable_id, sa.person_id AS away_starter_id,
       CASE WHEN sa.person_id IS NULL OR pa.at_first_pitch IS NULL THEN NULL ELSE pa.at_first_pitch = sa.person_id END AS away_probable_started,
       coalesce(pa.announcements, 0) AS away_probable_announcements,
       ph.at_first_pitch AS home_probable_id, sh.person_id AS home_starter_id,
       CASE WHEN sh.person_id IS NULL OR ph.at_first_pitch IS NULL THEN NULL ELSE ph.at_first_pitch = sh.person_id END AS home_probable_started,
       coalesce(ph.announcements, 0) AS home_probable_announcements,
       la.lineup AS away_lineup_posted, ya.lineup AS away_lineup_played,
       CASE WHEN la.lineup IS NULL OR ya.lineup IS NULL THEN NULL ELSE la.lineup = ya.lineup END AS away_lineup_as_posted,
       coalesce(la.changes, 0) AS away_lineup_changes,
       lh.lineup AS home_lineup_posted, yh.lineup AS home_lineup_played,
       CASE WHEN lh.lineup IS NULL OR yh.lineup IS NULL THEN NULL ELSE lh.lineup = yh.lineup END AS home_lineup_as_posted,
       coalesce(lh.changes, 0) AS home_lineup_changes,
       u.hp_assigned AS home_plate_assigned_id, u.hp_worked AS home_plate_worked_id,
       u.assigned AS umpires_assigned, u.changed AS umpires_changed,
       fc.condition AS forecast_condition, fc.temperature AS forecast_temperature, fc.wind AS forecast_wind,
       g.weather_condition AS recorded_condition, g.temperature_f AS recorded_temperature, g.wind AS recorded_wind
FROM g
LEFT JOIN prob pa ON pa.game_pk = g.game_pk AND pa.side = 'away'
LEFT JOIN prob ph ON ph.game_pk = g.game_pk AND ph.side = 'home'
LEFT JOIN started sa ON sa.game_pk = g.game_pk AND sa.side = 'away'
LEFT JOIN started sh ON sh.game_pk = g.game_pk AND sh.side = 'home'
LEFT JOIN posted la ON la.game_pk = g.game_pk AND la.side = 'away'
LEFT JOIN posted lh ON lh.game_pk = g.game_pk AND lh.side = 'home'
LEFT JOIN played ya ON ya.game_pk = g.game_pk AND ya.side = 'away'
LEFT JOIN played yh ON yh.game_pk = g.game_pk AND yh.side = 'home'
LEFT JOIN umps u ON u.game_pk = g.game_pk
LEFT JOIN forecast fc ON fc.game_pk = g.game_pk;
--> statement-breakpoint
COMMENT ON VIEW analytics.pregame IS 'Grain: one row per game with a pregame announcement (mlb.pregame_*): the probables at first pitch against the starters (mlb.pitching_lines.is_starter), the lineups as posted at first pitch against the starting nine played (mlb.batting_lines, battingOrder N00), the umpires assigned against those who worked (mlb.game_officials), the last forecast against the weather recorded (mlb.games). The comparisons are null until the game is loaded.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.game_pk IS 'The game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.official_date IS 'The game''s official date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.abstract_game_state IS 'Preview, Live or Final, as last loaded.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_team_id IS 'The away club.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_team_id IS 'The home club.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_probable_id IS 'The away probable announced last before first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_starter_id IS 'The away starting pitcher (mlb.pitching_lines).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_probable_started IS 'Whether the away probable at first pitch started; null until both are known.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_probable_announcements IS 'How many away probables were announced (1: never changed).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_probable_id IS 'The home probable announced last before first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_starter_id IS 'The home starting pitcher (mlb.pitching_lines).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_probable_started IS 'Whether the home probable at first pitch started; null until both are known.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_probable_announcements IS 'How many home probables were announced (1: never changed).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_lineup_posted IS 'The away lineup posted at first pitch, person ids in batting order.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_lineup_played IS 'The away starting nine as played, in batting order.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_lineup_as_posted IS 'Whether the away lineup played is the one posted; null until both are known.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.away_lineup_changes IS 'Away lineup slots changed after posting (scratches) before first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_lineup_posted IS 'The home lineup posted at first pitch, person ids in batting order.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_lineup_played IS 'The home starting nine as played, in batting order.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_lineup_as_posted IS 'Whether the home lineup played is the one posted; null until both are known.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_lineup_changes IS 'Home lineup slots changed after posting (scratches) before first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_plate_assigned_id IS 'The home-plate umpire assigned at first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.home_plate_worked_id IS 'The home-plate umpire who worked the game (mlb.game_officials).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.umpires_assigned IS 'Umpires assigned at first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.umpires_changed IS 'Positions where the umpire who worked is not the one assigned.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.forecast_condition IS 'The last forecast''s condition before first pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.forecast_temperature IS 'The last forecast''s temperature, °F.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.forecast_wind IS 'The last forecast''s wind.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.recorded_condition IS 'The weather recorded at the game (mlb.games.weather_condition).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.recorded_temperature IS 'The temperature recorded at the game, °F.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pregame.recorded_wind IS 'The wind recorded at the game.';
