COMMENT ON TABLE mlb.awards IS 'Grain: one row per award id: the award catalogue from /v1/awards (dugout snapshot awards, daily in the daemon), replaced when the catalogue''s body changes. An award names its sport (sport_id) or its league (league_id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.as_of_date IS 'The UTC day this version of the catalogue was first received.';
--> statement-breakpoint
COMMENT ON TABLE mlb.person_awards IS 'Grain: one row per person, award and receipt (award_key: its date, else its season): the awards of a person from /v1/people/{personId}/awards (dugout snapshot awards: the season''s players, those never fetched first, then the longest unseen, at most --max-people per run), replaced when that person''s body changes.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.award_key IS 'The receipt''s date (YYYY-MM-DD), else its season, else empty: a person receives an award once per key.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.as_of_date IS 'The UTC day this version of the person''s awards was first received.';
