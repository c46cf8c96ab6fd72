-- Win-probability bodies compress like the other raw bodies (lz4 where the build has it; PGlite keeps the default).
DO $$
BEGIN
  ALTER TABLE raw.win_probability ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'lz4 compression not available (%); keeping the default', SQLERRM;
END
$$;
--> statement-breakpoint
COMMENT ON TABLE raw.win_probability IS 'One /v1/game/{pk}/winProbability body per game, exactly as received (DUGOUT_GAME_EXTRAS=winProbability: one more request per game).';
--> statement-breakpoint
COMMENT ON TABLE mlb.play_win_probability IS 'Grain: one row per play (game_pk, at_bat_index) of a game loaded with DUGOUT_GAME_EXTRAS=winProbability: the home team''s win probability before and after the play, in percent, what the play added, and the leverage index. Replaced with the game''s other rows in its load.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.home_win_probability_added IS 'Percentage points the play moved the home team''s win probability (after − before); positive helps the home team. WPA of a batter is this / 100 with the sign of his side.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.leverage_index IS 'How much the situation the play began in could swing the game, 1 = average; null where the API gives none (the first play).';
--> statement-breakpoint
CREATE VIEW analytics.player_wpa AS
WITH credited AS (
  SELECT w.game_pk, g.season, g.game_type, w.batter_id AS person_id, 'batter'::text AS role,
         (CASE WHEN w.half_inning = 'bottom' THEN 1 ELSE -1 END) * w.home_win_probability_added / 100 AS wpa, w.leverage_index
  FROM mlb.play_win_probability w JOIN mlb.games g ON g.game_pk = w.game_pk
  WHERE w.batter_id IS NOT NULL
  UNION ALL
  SELECT w.game_pk, g.season, g.game_type, w.pitcher_id, 'pitcher'::text,
         (CASE WHEN w.half_inning = 'top' THEN 1 ELSE -1 END) * w.home_win_probability_added / 100, w.leverage_index
  FROM mlb.play_win_probability w JOIN mlb.games g ON g.game_pk = w.game_pk
  WHERE w.pitcher_id IS NOT NULL
)
SELECT c.person_id, max(p.full_name) AS full_name, c.season, c.game_type,
       count(DISTINCT c.game_pk)::int AS games,
       count(*) FILTER (WHERE c.role = 'batter')::int AS batting_plays,
       round(coalesce(sum(c.wpa) FILTER (WHERE c.role = 'batter'), 0)::numeric, 3) AS batting_wpa,
       round(avg(c.leverage_index) FILTER (WHERE c.role = 'batter')::numeric, 2) AS batting_avg_leverage,
       count(*) FILTER (WHERE c.role = 'pitcher')::int AS pitching_plays,
       round(coalesce(sum(c.wpa) FILTER (WHERE c.role = 'pitcher'), 0)::numeric, 3) AS pitching_wpa,
       round(avg(c.leverage_index) FILTER (WHERE c.role = 'pitcher')::numeric, 2) AS pitching_avg_leverage,
       round(sum(c.wpa)::numeric, 3) AS wpa
FROM credited c
LEFT JOIN mlb.people p ON p.person_id = c.person_id
GROUP BY c.person_id, c.season, c.game_type;
--> statement-breakpoint
COMMENT ON VIEW analytics.player_wpa IS 'Grain: one row per person, season and game type, from mlb.play_win_probability (games loaded with DUGOUT_GAME_EXTRAS=winProbability). Win probability added in wins (0.5 = half a win): each play''s change is credited whole to its batter (with his side''s sign) and to its pitcher (the opposite), base-running plays included, as the usual WPA does.';
