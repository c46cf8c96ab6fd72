-- Today's games for dashboards: one row per game of the schedule day the live loop last polled
-- (ingest.cursors 'live', details.day), its state from the feed the loop stores while it is live.
COMMENT ON TABLE raw.live_feeds IS 'Grain: one row per game the live loop (dugout live) follows: the game''s current feed/live body, replaced at each change (a full feed, or the stored one with a diffPatch applied). Deleted when the game''s final load stores it.';
--> statement-breakpoint
COMMENT ON COLUMN raw.live_feeds.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN raw.live_feeds.body IS 'The whole feed/live body as of feed_timecode, as the API would send it at that moment.';
--> statement-breakpoint
COMMENT ON COLUMN raw.live_feeds.feed_timecode IS 'metaData.timeStamp of the feed (YYYYMMDD_HHMMSS, UTC): the startTimecode of the next diffPatch.';
--> statement-breakpoint
COMMENT ON COLUMN raw.live_feeds.full_feed_due IS 'True when the last diffPatch answer for the game failed (an error, a gap, a patch that did not apply): the next pass fetches the full feed instead of a patch.';
--> statement-breakpoint
COMMENT ON COLUMN raw.live_feeds.stored_at IS 'When this version of the feed was stored.';
--> statement-breakpoint
COMMENT ON COLUMN raw.live_feeds.run_id IS 'The ingest.runs run that stored this version.';
--> statement-breakpoint
CREATE VIEW analytics.live_games AS
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
       f.stored_at
FROM ingest.cursors c
JOIN mlb.games g ON g.official_date = (c.details ->> 'day')::date
LEFT JOIN raw.live_feeds f ON f.game_pk = g.game_pk
LEFT JOIN LATERAL (SELECT f.body -> 'liveData' -> 'linescore' AS ls) l ON true
WHERE c.name = 'live';
--> statement-breakpoint
COMMENT ON VIEW analytics.live_games IS 'Grain: one row per game (game_pk) of the schedule day the live loop last polled (its --now, not the database clock): scheduled, live and final games. While a game is followed, its inning, count, score, runners, batter and pitcher are those of liveData.linescore in its stored feed; other games have only their state and the schedule''s score.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.game_pk IS 'The game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.official_date IS 'The schedule day the live loop last polled.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.coded_game_state IS 'Where the game stands (mlb.games): S/P scheduled or warm-up, I in progress, O game over, F final…';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.inning IS 'liveData.linescore.currentInning of the stored feed (null when no feed is followed).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.inning_half IS 'liveData.linescore.inningHalf as the feed writes it: Top or Bottom.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.outs IS 'Outs in the current half-inning (liveData.linescore.outs).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.balls IS 'Balls in the current count (liveData.linescore.balls).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.strikes IS 'Strikes in the current count (liveData.linescore.strikes).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.away_score IS 'Away runs: the feed''s linescore while followed (0 before the first run), else the schedule''s score.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.home_score IS 'Home runs: the feed''s linescore while followed (0 before the first run), else the schedule''s score.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.on_1b IS 'Person id of the runner on first (liveData.linescore.offense.first), null when empty.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.on_2b IS 'Person id of the runner on second, null when empty.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.on_3b IS 'Person id of the runner on third, null when empty.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.batter_id IS 'Person id of the batter (liveData.linescore.offense.batter).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.pitcher_id IS 'Person id of the pitcher (liveData.linescore.defense.pitcher).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.last_play IS 'Description of the game''s latest play that has one (mlb.plays).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.feed_timecode IS 'metaData.timeStamp of the stored feed: how current the row is (null when no feed is followed).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.live_games.stored_at IS 'When the stored feed was written.';
