COMMENT ON TABLE mlb.draft_picks IS 'Grain: one row per pick of a year''s Rule 4 draft (year, pick_number), from /v1/draft/{year} (the draft snapshot: the season''s year, and the year of every season of the stored games once). A new body replaces the year''s rows whole; every version of the body stays in raw.snapshots.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.year IS 'The draft''s year (drafts.draftYear, else the year requested).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.pick_number IS 'The pick''s number in the whole draft (pickNumber).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.display_pick_number IS 'The pick number as displayed (displayPickNumber).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.round_pick_number IS 'The pick''s number within its round (roundPickNumber).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.pick_round IS 'The round as the API names it (pickRound): ''1'', ''PPI'' (prospect promotion incentive), ''1C'', ''CB-A'', ''2'', ''CB-B''…';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.team_id IS 'The drafting club (team.id; mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.team_name IS 'team.name as the pick gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.person_id IS 'The player drafted (person.id; mlb.people when loaded).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.person_name IS 'person.fullName as the pick gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.bis_player_id IS 'bisPlayerId: the player''s id in MLB''s amateur scouting system.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.primary_position IS 'person.primaryPosition.abbreviation at the time of the body (P, SS, OF…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.rank IS 'The prospect''s pre-draft rank (rank); null when unranked.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.pick_value IS 'The slot value of the pick, dollars (pickValue, sent as text); null for picks without a slot (after the 10th round).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.signing_bonus IS 'The signing bonus, dollars (signingBonus, sent as text); null while the player has not signed or it is not reported.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.school_name IS 'school.name: the school or college drafted from.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.school_class IS 'school.schoolClass, e.g. HS SR, 4YR JR, JC J2.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.school_city IS 'school.city.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.school_state IS 'school.state (abbreviation); null outside the US and Canada.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.school_country IS 'school.country (USA, CAN, PR…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.home_city IS 'home.city: the player''s home town.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.home_state IS 'home.state.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.home_country IS 'home.country.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.draft_type_code IS 'draftType.code (JR: Rule 4 / June Amateur Draft).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.is_drafted IS 'isDrafted, as the API says.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.is_pass IS 'isPass: the club passed on the pick.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.as_of_date IS 'The UTC day the body in force was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.draft_picks.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.venue_field_info IS 'Grain: one row per venue and season (venue_id, season): the field as /v1/venues?season=Y&hydrate=fieldInfo describes it for that season (the venues snapshot: the season''s, and every season of the stored games once). A park whose fences moved keeps its old dimensions under the seasons it had them (analytics.venue_fields groups the seasons of an unchanged field). Distances in feet.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.venue_id IS 'The Stats API venue id (mlb.venues).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.season IS 'The season the body describes (the request''s season).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.name IS 'The venue''s name that season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.capacity IS 'fieldInfo.capacity: seats.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.turf_type IS 'fieldInfo.turfType: Grass or Artificial Turf.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.roof_type IS 'fieldInfo.roofType: Open, Retractable or Dome.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.left_line IS 'fieldInfo.leftLine: feet to the left-field foul pole.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.left IS 'fieldInfo.left: feet to left field; null where the body does not give it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.left_center IS 'fieldInfo.leftCenter: feet to left-center field.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.center IS 'fieldInfo.center: feet to center field.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.right_center IS 'fieldInfo.rightCenter: feet to right-center field.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.right IS 'fieldInfo.right: feet to right field; null where the body does not give it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.right_line IS 'fieldInfo.rightLine: feet to the right-field foul pole.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.as_of_date IS 'The UTC day the body in force was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venue_field_info.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
CREATE VIEW analytics.venue_fields AS
WITH marked AS (
  SELECT f.*,
    CASE WHEN lag(f.season) OVER w = f.season - 1
          AND (lag(f.capacity) OVER w, lag(f.turf_type) OVER w, lag(f.roof_type) OVER w, lag(f.left_line) OVER w,
               lag(f.left) OVER w, lag(f.left_center) OVER w, lag(f.center) OVER w, lag(f.right_center) OVER w,
               lag(f.right) OVER w, lag(f.right_line) OVER w)
              IS NOT DISTINCT FROM
              (f.capacity, f.turf_type, f.roof_type, f.left_line, f.left, f.left_center, f.center, f.right_center,
               f.right, f.right_line)
         THEN 0 ELSE 1 END AS starts
  FROM mlb.venue_field_info f
  WINDOW w AS (PARTITION BY f.venue_id ORDER BY f.season)
), grouped AS (
  SELECT m.*, sum(m.starts) OVER (PARTITION BY m.venue_id ORDER BY m.season) AS field_no
  FROM marked m
)
SELECT g.venue_id,
  (array_agg(g.name ORDER BY g.season DESC))[1] AS name,
  min(g.season) AS valid_from_season,
  max(g.season) AS valid_to_season,
  g.capacity, g.turf_type, g.roof_type, g.left_line, g.left, g.left_center, g.center, g.right_center, g.right,
  g.right_line
FROM grouped g
GROUP BY g.venue_id, g.field_no, g.capacity, g.turf_type, g.roof_type, g.left_line, g.left, g.left_center, g.center,
  g.right_center, g.right, g.right_line;
--> statement-breakpoint
COMMENT ON VIEW analytics.venue_fields IS 'Grain: one row per venue and stretch of consecutive loaded seasons with the same field (venue_id, valid_from_season): capacity, turf, roof and fence distances (feet) from mlb.venue_field_info, valid from valid_from_season through valid_to_season. A venue whose fences moved has a row per configuration; the field a game was played on: join on venue_id and the game''s season between the two.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.venue_id IS 'The venue (mlb.venues).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.name IS 'The venue''s name in the stretch''s last season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.valid_from_season IS 'The first season of the stretch with this field.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.valid_to_season IS 'The last loaded season of the stretch (a later season not loaded yet may still have it).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.capacity IS 'Seats.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.turf_type IS 'Grass or Artificial Turf.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.roof_type IS 'Open, Retractable or Dome.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.left_line IS 'Feet to the left-field foul pole.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.left IS 'Feet to left field, where given.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.left_center IS 'Feet to left-center field.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.center IS 'Feet to center field.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.right_center IS 'Feet to right-center field.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.right IS 'Feet to right field, where given.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.venue_fields.right_line IS 'Feet to the right-field foul pole.';
