-- Snapshot bodies compress like the other raw bodies (lz4 where the build has it; PGlite keeps the default).
DO $$
BEGIN
  ALTER TABLE raw.snapshots ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'lz4 compression not available (%); keeping the default', SQLERRM;
END
$$;
--> statement-breakpoint
COMMENT ON TABLE raw.snapshots IS 'Bodies of the snapshot catalogue (dugout snapshot; daily rosters) with their history: one row per distinct body of an (operation, params_key); a fetch returning a stored body only moves last_seen_at.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.first_seen_at IS 'When this body was first received for the request; it is the version in force from then until a newer body''s first_seen_at.';
--> statement-breakpoint
COMMENT ON TABLE mlb.roster_entries IS 'Grain: one row per team, roster type (40Man, active), date and person, from /v1/teams/{teamId}/roster/{rosterType}?date=D (dugout snapshot roster).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.status_code IS 'Roster status as the API gives it: A active, 40M forty-man, D7/D10/D15/D60 injured list, MIN minor-league contract, RM rehab…';
--> statement-breakpoint
CREATE VIEW analytics.roster_moves AS
WITH snapshot_dates AS (
  SELECT team_id, roster_type, roster_date,
         lag(roster_date) OVER (PARTITION BY team_id, roster_type ORDER BY roster_date) AS previous_date
  FROM (SELECT DISTINCT team_id, roster_type, roster_date FROM mlb.roster_entries) d
),
moves AS (
  SELECT s.team_id, s.roster_type, s.roster_date AS move_date, s.previous_date, 'added'::text AS move,
         e.person_id, e.full_name, e.status_code, e.position_abbreviation
  FROM snapshot_dates s
  JOIN mlb.roster_entries e ON e.team_id = s.team_id AND e.roster_type = s.roster_type AND e.roster_date = s.roster_date
  WHERE s.previous_date IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM mlb.roster_entries p
                    WHERE p.team_id = s.team_id AND p.roster_type = s.roster_type AND p.roster_date = s.previous_date AND p.person_id = e.person_id)
  UNION ALL
  SELECT s.team_id, s.roster_type, s.roster_date, s.previous_date, 'removed'::text,
         p.person_id, p.full_name, p.status_code, p.position_abbreviation
  FROM snapshot_dates s
  JOIN mlb.roster_entries p ON p.team_id = s.team_id AND p.roster_type = s.roster_type AND p.roster_date = s.previous_date
  WHERE NOT EXISTS (SELECT 1 FROM mlb.roster_entries e
                    WHERE e.team_id = s.team_id AND e.roster_type = s.roster_type AND e.roster_date = s.roster_date AND e.person_id = p.person_id)
)
SELECT m.team_id, t.name AS team_name, m.roster_type, m.move_date, m.previous_date, m.move,
       m.person_id, m.full_name, m.status_code, m.position_abbreviation
FROM moves m
LEFT JOIN mlb.teams t ON t.team_id = m.team_id;
--> statement-breakpoint
COMMENT ON VIEW analytics.roster_moves IS 'Grain: one row per team, roster type, snapshot date and person added to or removed from the roster since the previous snapshot date of that team and type (so the first snapshot of a team shows no moves).';
