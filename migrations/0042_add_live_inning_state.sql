-- analytics.live_games says where a followed game stands within its inning: inningHalf alone says
-- Top between the top and the bottom of an inning (the half is over, the next not begun).
CREATE OR REPLACE VIEW analytics.live_games AS
SELECT g.game_pk,
       g.official_date,
       g.coded_game_state,
       (ls ->> 'currentInning')::int AS inning,
       ls ->> 'inningHalf' AS inning_half,
       (ls ->> 'outs')::int AS outs,
       (ls ->> 'balls')::int AS balls,
       (ls ->> 'strikes')::int AS strikes,
       CASE WHEN f.game_pk IS NULL THEN g.away_score ELSE coalesce((ls #>> '{teams,away,runs}')::int, 0) END AS away_score,
       CASE WHEN f.game_pk IS NULL THEN g.home_score ELSE coalesce((ls #>> '{teams,home,runs}')::int, 0) END AS home_score,
       (ls #>> '{offense,first,id}')::int AS on_1b,
       (ls #>> '{offense,second,id}')::int AS on_2b,
       (ls #>> '{offense,third,id}')::int AS on_3b,
       (ls #>> '{offense,batter,id}')::int AS batter_id,
       (ls #>> '{defense,pitcher,id}')::int AS pitcher_id,
       (SELECT p.description FROM mlb.plays p
         WHERE p.game_pk = g.game_pk AND p.description IS NOT NULL
         ORDER BY p.at_bat_index DESC LIMIT 1) AS last_play,
       f.feed_timecode,
       f.stored_at,
       nullif(ls ->> 'inningState', '') AS inning_state
FROM ingest.cursors c
JOIN mlb.games g ON g.official_date = (c.details ->> 'day')::date
LEFT JOIN raw.live_feeds f ON f.game_pk = g.game_pk
LEFT JOIN LATERAL (SELECT f.body -> 'liveData' -> 'linescore' AS ls) l ON true
WHERE c.name = 'live';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.inning_half IS 'liveData.linescore.inningHalf as the feed writes it: Top or Bottom (the half of the inning last played; see inning_state for whether it is still under way).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.inning_state IS 'liveData.linescore.inningState of the stored feed: Top or Bottom while that half is under way, Middle between the top and the bottom of the inning, End after the bottom (null when no feed is followed).';
