-- Every person of the warehouse with the ids the Chadwick register knows for him.
CREATE VIEW analytics.people_ids AS
SELECT p.person_id, p.full_name, p.birth_date, p.mlb_debut_date,
       i.key_retro, i.key_bbref, i.key_fangraphs, i.key_bbref_minors, i.key_npb, i.key_wikidata,
       i.key_uuid, i.key_person, i.mlb_played_first, i.mlb_played_last, i.read_at AS register_read_at
FROM mlb.people p
LEFT JOIN mlb.person_ids i ON i.key_mlbam = p.person_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.people_ids IS 'Grain: one row per person of the warehouse (mlb.people), with whatever ids the Chadwick register (mlb.person_ids, by MLBAM id) knows for him: Retrosheet, Baseball-Reference, FanGraphs… (null where it has none yet: the public register lags, most of all for first-year players). Ids: the Chadwick Baseball Bureau register, Open Data Commons Attribution License 1.0: credit the Chadwick Baseball Bureau wherever they are shown.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.person_id IS 'MLBAM person id (mlb.people.person_id).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.birth_date IS 'mlb.people.birth_date (the Stats API''s).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.mlb_debut_date IS 'mlb.people.mlb_debut_date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_retro IS 'Retrosheet player id (mlb.person_ids.key_retro).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_bbref IS 'Baseball-Reference id (mlb.person_ids.key_bbref); also the Lahman playerID for most players.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_fangraphs IS 'FanGraphs player id (mlb.person_ids.key_fangraphs).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_bbref_minors IS 'Baseball-Reference minor-league id.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_npb IS 'Nippon Professional Baseball id.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_wikidata IS 'Wikidata item.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_uuid IS 'The register''s stable id of the person; null when the register has no row for his MLBAM id.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.key_person IS 'The register''s short id (may be re-used; prefer key_uuid).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.mlb_played_first IS 'First MLB season played, as the register has it.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.mlb_played_last IS 'Last MLB season played, as the register has it.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.people_ids.register_read_at IS 'When the register in force was read (mlb.person_ids.read_at).';
