CREATE TABLE "mlb"."person_id_changes" (
	"change_id" bigserial PRIMARY KEY NOT NULL,
	"key_uuid" uuid NOT NULL,
	"key_mlbam" integer,
	"key_name" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"seen_on" date NOT NULL,
	"run_id" bigint
);
--> statement-breakpoint
CREATE TABLE "mlb"."person_ids" (
	"key_uuid" uuid NOT NULL,
	"key_person" text NOT NULL,
	"key_mlbam" integer,
	"key_retro" text,
	"key_bbref" text,
	"key_bbref_minors" text,
	"key_fangraphs" text,
	"key_npb" text,
	"key_sr_nfl" text,
	"key_sr_nba" text,
	"key_sr_nhl" text,
	"key_wikidata" text,
	"name_last" text,
	"name_first" text,
	"name_given" text,
	"name_suffix" text,
	"name_matrilineal" text,
	"name_nick" text,
	"birth_year" integer,
	"birth_month" integer,
	"birth_day" integer,
	"birth_date" date,
	"death_year" integer,
	"death_month" integer,
	"death_day" integer,
	"mlb_played_first" integer,
	"mlb_played_last" integer,
	"mlb_managed_first" integer,
	"mlb_managed_last" integer,
	"mlb_umpired_first" integer,
	"mlb_umpired_last" integer,
	"source" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"run_id" bigint,
	CONSTRAINT "person_ids_key_uuid_pk" PRIMARY KEY("key_uuid")
);
--> statement-breakpoint
CREATE TABLE "ingest"."register_stage" (
	"key_uuid" uuid NOT NULL,
	"key_person" text NOT NULL,
	"key_mlbam" integer,
	"key_retro" text,
	"key_bbref" text,
	"key_bbref_minors" text,
	"key_fangraphs" text,
	"key_npb" text,
	"key_sr_nfl" text,
	"key_sr_nba" text,
	"key_sr_nhl" text,
	"key_wikidata" text,
	"name_last" text,
	"name_first" text,
	"name_given" text,
	"name_suffix" text,
	"name_matrilineal" text,
	"name_nick" text,
	"birth_year" integer,
	"birth_month" integer,
	"birth_day" integer,
	"birth_date" date,
	"death_year" integer,
	"death_month" integer,
	"death_day" integer,
	"mlb_played_first" integer,
	"mlb_played_last" integer,
	"mlb_managed_first" integer,
	"mlb_managed_last" integer,
	"mlb_umpired_first" integer,
	"mlb_umpired_last" integer,
	"file" text NOT NULL,
	"line" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "person_id_changes_uuid_idx" ON "mlb"."person_id_changes" USING btree ("key_uuid");--> statement-breakpoint
CREATE INDEX "person_id_changes_seen_idx" ON "mlb"."person_id_changes" USING btree ("seen_on");--> statement-breakpoint
CREATE UNIQUE INDEX "person_ids_mlbam_idx" ON "mlb"."person_ids" USING btree ("key_mlbam");--> statement-breakpoint
CREATE INDEX "person_ids_retro_idx" ON "mlb"."person_ids" USING btree ("key_retro");--> statement-breakpoint
CREATE INDEX "person_ids_bbref_idx" ON "mlb"."person_ids" USING btree ("key_bbref");--> statement-breakpoint
CREATE INDEX "person_ids_fangraphs_idx" ON "mlb"."person_ids" USING btree ("key_fangraphs");
--> statement-breakpoint
-- Custom SQL migration file, put your code below! --
COMMENT ON TABLE mlb.person_ids IS 'Grain: one row per person of the Chadwick register who carries a key besides the register''s own (an MLBAM id, or a Retrosheet, Baseball-Reference, FanGraphs, NPB, Sports-Reference or Wikidata one), by key_uuid: the crosswalk from MLBAM ids to the rest of the baseball world. Replaced whole by each `dugout snapshot register` (weekly in the daemon) in one transaction; what changed is in mlb.person_id_changes. Data: the Chadwick Baseball Bureau register (github.com/chadwickbureau/register), Open Data Commons Attribution License 1.0 (opendatacommons.org/licenses/by/1.0/): credit the Chadwick Baseball Bureau wherever these rows are shown or shipped.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_uuid IS 'The register''s stable id of the person (key_uuid: never re-used).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_person IS 'The register''s short id (key_person, 8 hex digits): unique at one time, but may be re-used; join on key_uuid.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_mlbam IS 'MLBAM person id: mlb.people.person_id, the Stats API''s id (unique here; null for people MLBAM has no id for).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_retro IS 'Retrosheet player id (e.g. judga001): the ids of Retrosheet''s event files.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_bbref IS 'Baseball-Reference major-league player id (e.g. judgeaa01), the end of a player page''s URL; also the Lahman/Databank playerID for most players.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_bbref_minors IS 'Baseball-Reference minor-league (register) id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_fangraphs IS 'FanGraphs player id (playerid of its leaderboards); null for many players new this season (the public register lags).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_npb IS 'Nippon Professional Baseball player id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_sr_nfl IS 'Pro-Football-Reference id of a person who also played in the NFL.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_sr_nba IS 'Basketball-Reference id of a person who also played in the NBA.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_sr_nhl IS 'Hockey-Reference id of a person who also played in the NHL.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.key_wikidata IS 'Wikidata item (e.g. Q1234).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.name_last IS 'Last name, as the register has it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.name_first IS 'First (used) name.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.name_given IS 'Given names in full.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.name_suffix IS 'Suffix (Jr., III).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.name_matrilineal IS 'Matrilineal surname (Spanish naming), where the register has one.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.name_nick IS 'Nickname.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.birth_year IS 'Birth year (the register''s parts: any may be unknown).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.birth_month IS 'Birth month.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.birth_day IS 'Birth day of the month.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.birth_date IS 'Birth date when year, month and day are all known and make a date.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.death_year IS 'Death year.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.death_month IS 'Death month.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.death_day IS 'Death day of the month.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.mlb_played_first IS 'First season he played in the major leagues (the register''s span).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.mlb_played_last IS 'Last season he played in the major leagues.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.mlb_managed_first IS 'First season he managed in the major leagues.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.mlb_managed_last IS 'Last season he managed in the major leagues.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.mlb_umpired_first IS 'First season he umpired in the major leagues.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.mlb_umpired_last IS 'Last season he umpired in the major leagues.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.source IS 'Where this load read the register: the URL of its zip archive (DUGOUT_REGISTER_URL), or the local folder or zip given to --from.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.read_at IS 'When this load read the register (every row of one load has the same).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_ids.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.person_id_changes IS 'Grain: one row per key of a register person that a re-load of the Chadwick register found added (old_value null), changed, or gone (new_value null), with the UTC day it was seen; a person new to the register adds a row per key he carries. The first load into an empty mlb.person_ids records nothing. Data: the Chadwick Baseball Bureau register (github.com/chadwickbureau/register), Open Data Commons Attribution License 1.0 (opendatacommons.org/licenses/by/1.0/): credit the Chadwick Baseball Bureau wherever these rows are shown or shipped.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.change_id IS 'Order of recording.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.key_uuid IS 'The register person (mlb.person_ids.key_uuid).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.key_mlbam IS 'His MLBAM id, the new one or else the old (for joins to mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.key_name IS 'Which key changed: a column name of mlb.person_ids (key_mlbam, key_retro, key_bbref, key_fangraphs, key_person...).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.old_value IS 'The key before (null: added).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.new_value IS 'The key after (null: gone).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.seen_on IS 'The UTC day of the load that saw the change (the register says nothing of when it changed).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_id_changes.run_id IS 'The ingest.runs run that recorded it.';
--> statement-breakpoint
COMMENT ON TABLE ingest.register_stage IS 'Where a load of the Chadwick register stages the rows it reads before they replace mlb.person_ids, inside the same transaction: empty outside one.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_uuid IS 'As mlb.person_ids.key_uuid.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_person IS 'As mlb.person_ids.key_person.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_mlbam IS 'As mlb.person_ids.key_mlbam.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_retro IS 'As mlb.person_ids.key_retro.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_bbref IS 'As mlb.person_ids.key_bbref.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_bbref_minors IS 'As mlb.person_ids.key_bbref_minors.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_fangraphs IS 'As mlb.person_ids.key_fangraphs.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_npb IS 'As mlb.person_ids.key_npb.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_sr_nfl IS 'As mlb.person_ids.key_sr_nfl.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_sr_nba IS 'As mlb.person_ids.key_sr_nba.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_sr_nhl IS 'As mlb.person_ids.key_sr_nhl.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.key_wikidata IS 'As mlb.person_ids.key_wikidata.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.name_last IS 'As mlb.person_ids.name_last.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.name_first IS 'As mlb.person_ids.name_first.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.name_given IS 'As mlb.person_ids.name_given.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.name_suffix IS 'As mlb.person_ids.name_suffix.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.name_matrilineal IS 'As mlb.person_ids.name_matrilineal.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.name_nick IS 'As mlb.person_ids.name_nick.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.birth_year IS 'As mlb.person_ids.birth_year.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.birth_month IS 'As mlb.person_ids.birth_month.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.birth_day IS 'As mlb.person_ids.birth_day.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.birth_date IS 'As mlb.person_ids.birth_date.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.death_year IS 'As mlb.person_ids.death_year.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.death_month IS 'As mlb.person_ids.death_month.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.death_day IS 'As mlb.person_ids.death_day.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.mlb_played_first IS 'As mlb.person_ids.mlb_played_first.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.mlb_played_last IS 'As mlb.person_ids.mlb_played_last.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.mlb_managed_first IS 'As mlb.person_ids.mlb_managed_first.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.mlb_managed_last IS 'As mlb.person_ids.mlb_managed_last.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.mlb_umpired_first IS 'As mlb.person_ids.mlb_umpired_first.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.mlb_umpired_last IS 'As mlb.person_ids.mlb_umpired_last.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.file IS 'The people file the row came from (people-3.csv).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.register_stage.line IS 'Its line in that file (the header is line 1).';
--> statement-breakpoint
CREATE TABLE "mlb"."team_ids" (
	"team_id" integer NOT NULL,
	"first_season" integer NOT NULL,
	"last_season" integer,
	"name" text NOT NULL,
	"league" text NOT NULL,
	"retro_team" text NOT NULL,
	"bbref_team" text NOT NULL,
	"lahman_team_id" text NOT NULL,
	"lahman_franch_id" text NOT NULL,
	"notes" text,
	CONSTRAINT "team_ids_team_id_first_season_pk" PRIMARY KEY("team_id","first_season")
);
--> statement-breakpoint
-- The hand-kept crosswalk of major-league clubs since 1901 (docs/team-ids.md says where each code comes from).
INSERT INTO mlb.team_ids (team_id, first_season, last_season, name, league, retro_team, bbref_team, lahman_team_id, lahman_franch_id, notes) VALUES
(108, 1961, 1964, 'Los Angeles Angels', 'AL', 'LAA', 'LAA', 'LAA', 'ANA', NULL),
(108, 1965, 1996, 'California Angels', 'AL', 'CAL', 'CAL', 'CAL', 'ANA', NULL),
(108, 1997, 2004, 'Anaheim Angels', 'AL', 'ANA', 'ANA', 'ANA', 'ANA', NULL),
(108, 2005, 2015, 'Los Angeles Angels of Anaheim', 'AL', 'ANA', 'LAA', 'LAA', 'ANA', 'Retrosheet keeps ANA from 1997 on'),
(108, 2016, NULL, 'Los Angeles Angels', 'AL', 'ANA', 'LAA', 'LAA', 'ANA', 'Retrosheet keeps ANA from 1997 on'),
(109, 1998, NULL, 'Arizona Diamondbacks', 'NL', 'ARI', 'ARI', 'ARI', 'ARI', NULL),
(110, 1901, 1901, 'Milwaukee Brewers', 'AL', 'MLA', 'MLA', 'MLA', 'BAL', NULL),
(110, 1902, 1953, 'St. Louis Browns', 'AL', 'SLA', 'SLB', 'SLA', 'BAL', NULL),
(110, 1954, NULL, 'Baltimore Orioles', 'AL', 'BAL', 'BAL', 'BAL', 'BAL', NULL),
(111, 1901, NULL, 'Boston Red Sox', 'AL', 'BOS', 'BOS', 'BOS', 'BOS', 'Boston Americans 1901-1907'),
(112, 1901, NULL, 'Chicago Cubs', 'NL', 'CHN', 'CHC', 'CHN', 'CHC', 'Chicago Orphans 1901-1902'),
(113, 1901, NULL, 'Cincinnati Reds', 'NL', 'CIN', 'CIN', 'CIN', 'CIN', 'Cincinnati Redlegs 1954-1958'),
(114, 1901, NULL, 'Cleveland Guardians', 'AL', 'CLE', 'CLE', 'CLE', 'CLE', 'Blues 1901, Bronchos 1902, Naps 1903-1914, Indians 1915-2021'),
(115, 1993, NULL, 'Colorado Rockies', 'NL', 'COL', 'COL', 'COL', 'COL', NULL),
(116, 1901, NULL, 'Detroit Tigers', 'AL', 'DET', 'DET', 'DET', 'DET', NULL),
(117, 1962, 1964, 'Houston Colt .45s', 'NL', 'HOU', 'HOU', 'HOU', 'HOU', NULL),
(117, 1965, 2012, 'Houston Astros', 'NL', 'HOU', 'HOU', 'HOU', 'HOU', NULL),
(117, 2013, NULL, 'Houston Astros', 'AL', 'HOU', 'HOU', 'HOU', 'HOU', 'moved to the American League in 2013'),
(118, 1969, NULL, 'Kansas City Royals', 'AL', 'KCA', 'KCR', 'KCA', 'KCR', NULL),
(119, 1901, 1957, 'Brooklyn Dodgers', 'NL', 'BRO', 'BRO', 'BRO', 'LAD', 'Superbas 1901-1910 and 1913, Robins 1914-1931'),
(119, 1958, NULL, 'Los Angeles Dodgers', 'NL', 'LAN', 'LAD', 'LAN', 'LAD', NULL),
(120, 1969, 2004, 'Montreal Expos', 'NL', 'MON', 'MON', 'MON', 'WSN', NULL),
(120, 2005, NULL, 'Washington Nationals', 'NL', 'WAS', 'WSN', 'WAS', 'WSN', NULL),
(121, 1962, NULL, 'New York Mets', 'NL', 'NYN', 'NYM', 'NYN', 'NYM', NULL),
(133, 1901, 1954, 'Philadelphia Athletics', 'AL', 'PHA', 'PHA', 'PHA', 'OAK', NULL),
(133, 1955, 1967, 'Kansas City Athletics', 'AL', 'KC1', 'KCA', 'KC1', 'OAK', NULL),
(133, 1968, 2024, 'Oakland Athletics', 'AL', 'OAK', 'OAK', 'OAK', 'OAK', NULL),
(133, 2025, NULL, 'Athletics', 'AL', 'ATH', 'ATH', 'ATH', 'OAK', 'in Sacramento from 2025; ATH as Retrosheet and Baseball-Reference write it (Lahman''s tables of 2025 to confirm)'),
(134, 1901, NULL, 'Pittsburgh Pirates', 'NL', 'PIT', 'PIT', 'PIT', 'PIT', NULL),
(135, 1969, NULL, 'San Diego Padres', 'NL', 'SDN', 'SDP', 'SDN', 'SDP', NULL),
(136, 1977, NULL, 'Seattle Mariners', 'AL', 'SEA', 'SEA', 'SEA', 'SEA', NULL),
(137, 1901, 1957, 'New York Giants', 'NL', 'NY1', 'NYG', 'NY1', 'SFG', NULL),
(137, 1958, NULL, 'San Francisco Giants', 'NL', 'SFN', 'SFG', 'SFN', 'SFG', NULL),
(138, 1901, NULL, 'St. Louis Cardinals', 'NL', 'SLN', 'STL', 'SLN', 'STL', NULL),
(139, 1998, 2007, 'Tampa Bay Devil Rays', 'AL', 'TBA', 'TBD', 'TBA', 'TBD', NULL),
(139, 2008, NULL, 'Tampa Bay Rays', 'AL', 'TBA', 'TBR', 'TBA', 'TBD', NULL),
(140, 1961, 1971, 'Washington Senators', 'AL', 'WS2', 'WSA', 'WS2', 'TEX', 'the expansion Senators'),
(140, 1972, NULL, 'Texas Rangers', 'AL', 'TEX', 'TEX', 'TEX', 'TEX', NULL),
(141, 1977, NULL, 'Toronto Blue Jays', 'AL', 'TOR', 'TOR', 'TOR', 'TOR', NULL),
(142, 1901, 1960, 'Washington Senators', 'AL', 'WS1', 'WSH', 'WS1', 'MIN', 'also called the Nationals'),
(142, 1961, NULL, 'Minnesota Twins', 'AL', 'MIN', 'MIN', 'MIN', 'MIN', NULL),
(143, 1901, NULL, 'Philadelphia Phillies', 'NL', 'PHI', 'PHI', 'PHI', 'PHI', NULL),
(144, 1901, 1952, 'Boston Braves', 'NL', 'BSN', 'BSN', 'BSN', 'ATL', 'Beaneaters 1901-1906, Doves 1907-1910, Rustlers 1911, Bees 1936-1940'),
(144, 1953, 1965, 'Milwaukee Braves', 'NL', 'MLN', 'MLN', 'ML1', 'ATL', NULL),
(144, 1966, NULL, 'Atlanta Braves', 'NL', 'ATL', 'ATL', 'ATL', 'ATL', NULL),
(145, 1901, NULL, 'Chicago White Sox', 'AL', 'CHA', 'CHW', 'CHA', 'CHW', NULL),
(146, 1993, 2011, 'Florida Marlins', 'NL', 'FLO', 'FLA', 'FLO', 'FLA', NULL),
(146, 2012, NULL, 'Miami Marlins', 'NL', 'MIA', 'MIA', 'MIA', 'FLA', NULL),
(147, 1903, 1912, 'New York Highlanders', 'AL', 'NYA', 'NYY', 'NYA', 'NYY', 'the Stats API starts the club in 1903 (the Baltimore Orioles of 1901-1902, BLA, are not listed under 147)'),
(147, 1913, NULL, 'New York Yankees', 'AL', 'NYA', 'NYY', 'NYA', 'NYY', NULL),
(158, 1969, 1969, 'Seattle Pilots', 'AL', 'SE1', 'SEP', 'SE1', 'MIL', NULL),
(158, 1970, 1997, 'Milwaukee Brewers', 'AL', 'MIL', 'MIL', 'ML4', 'MIL', NULL),
(158, 1998, NULL, 'Milwaukee Brewers', 'NL', 'MIL', 'MIL', 'MIL', 'MIL', 'moved to the National League in 1998');
--> statement-breakpoint
COMMENT ON TABLE mlb.team_ids IS 'Grain: one row per major-league club (MLBAM team id) and span of seasons in which its league, Retrosheet, Baseball-Reference and Lahman codes all hold: every American and National League club since 1901 that the Stats API lists. Kept by hand (docs/team-ids.md): a migration changes it. Join a season''s club: team_id = ? and season between first_season and coalesce(last_season, season).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.team_id IS 'MLBAM team id (mlb.teams.team_id): the Stats API keeps one id per franchise across its moves and names.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.first_season IS 'First season of the span.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.last_season IS 'Last season of the span; null while it still holds.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.name IS 'The club''s name in the span (the notes give its other names).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.league IS 'AL or NL in the span.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.retro_team IS 'Retrosheet team code (e.g. NYA, SFN): the team of its event files and game logs.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.bbref_team IS 'Baseball-Reference team code (e.g. NYY, SFG): baseball-reference.com/teams/CODE/YEAR.shtml.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.lahman_team_id IS 'Lahman/Databank teamID (e.g. NYA, ML4) of Teams.csv and the batting, pitching and fielding tables.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.lahman_franch_id IS 'Lahman/Databank franchID (e.g. NYY, MIL): the same for a franchise across its moves.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_ids.notes IS 'Other names in the span, and codes worth a word.';
