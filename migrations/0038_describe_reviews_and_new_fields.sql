-- Reviews and ABS challenges (warehouse v3), the raw absChallenges block of a feed, the new key
-- paths of loaded bodies, the description of a review's type set as its row is written, and the
-- per-team season view.
COMMENT ON TABLE mlb.reviews IS 'Grain: one row per review of a game (game_pk, at_bat_index, play_event_index, review_index; play_event_index null for a play''s own review, unique with NULLS NOT DISTINCT): manager challenges and umpire reviews of plays, ABS challenges of a called ball or strike (review_type MJ, since 2026), and each further review of the same play (additionalReviews). From reviewDetails of the play-by-play''s plays and play events; replaced with the game''s rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.at_bat_index IS 'The play reviewed (mlb.plays.at_bat_index).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.play_event_index IS 'The play event whose reviewDetails this is (a pitch for an ABS challenge; mlb.pitches.play_event_index); null for the play''s own reviewDetails.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.review_index IS '0 for the review, 1, 2… for its additionalReviews in the feed''s order.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.review_type IS 'reviewDetails.reviewType: a code of the reviewReasons list (MJ ABS challenge, MA tag play, MC catch, MF force play, NH home run…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.review_description IS 'The code''s description in mlb.reference_codes (list reviewReasons), set when the row is written or the list is loaded; null while the list is not loaded.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.is_overturned IS 'reviewDetails.isOverturned: the call on the field was changed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.in_progress IS 'reviewDetails.inProgress: the review was still under way when the body was fetched.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.challenge_team_id IS 'reviewDetails.challengeTeamId: the team that challenged (mlb.teams.team_id); null for an umpire''s own review.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.player_id IS 'reviewDetails.player.id: the challenger of an ABS challenge (the batter, the pitcher or the catcher; mlb.people.person_id); null where the feed names none.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.pitch_call_before IS 'For an ABS challenge: the call on the field (B ball, C called strike), the opposite of the final one when overturned; null for other reviews.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.pitch_call_after IS 'For an ABS challenge: the pitch''s final call as the feed writes it (details.call.code); null for other reviews.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reviews.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.abs_challenges IS 'Grain: one row per game and side (game_pk, side) of a game with ABS challenges: the challenges each team used and has left. From the feed''s gameData.absChallenges when the game came as a feed (DUGOUT_GAME_SOURCE=feed; kept raw in raw.boxscores.abs_challenges), else the used counts derived from the game''s ABS reviews in mlb.reviews (only for a game with at least one) and remaining null. dugout check reconciles both with mlb.reviews.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.side IS 'away or home.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.team_id IS 'The side''s team (mlb.teams.team_id), from the game''s boxscore.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.used_successful IS 'ABS challenges of the side that overturned the call (absChallenges.<side>.usedSuccessful).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.used_failed IS 'ABS challenges of the side that upheld the call (absChallenges.<side>.usedFailed).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.remaining IS 'Challenges the side had left at the end (absChallenges.<side>.remaining); null when the counts were derived from the reviews (the boxscore and play-by-play do not say it).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.abs_challenges.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.abs_challenges IS 'gameData.absChallenges of the feed/live body the boxscore came from, as received (source feed; null otherwise or before 2026): what mlb.abs_challenges is rebuilt from without a request.';
--> statement-breakpoint
COMMENT ON TABLE ingest.new_fields IS 'Grain: one row per body kind and key path (body_kind, path) seen in a loaded body but missing from the key paths dugout knows for that kind (src/extract/known-paths.json; array indices folded as [], id-like keys as *): the fields the API added since. Only the outermost path of a new branch is listed. dugout status lists those of the last week, dugout check prints them as a notice.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.new_fields.body_kind IS 'feed, boxscore, playByPlay, person, schedule, changes, teams, or the snapshot''s kind (roster, stats, staff, awards).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.new_fields.path IS 'The key path, e.g. liveData.plays.allPlays[].playEvents[].details.batTrackingVersion.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.new_fields.first_seen_at IS 'When a loaded body first carried the path.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.new_fields.last_seen_at IS 'When a loaded body last carried the path.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.new_fields.first_key IS 'What the path first came in: the game (game_pk) or the request (operation and its parameters).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.new_fields.seen IS 'How many loaded bodies carried the path.';
--> statement-breakpoint
CREATE FUNCTION mlb.reviews_describe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.review_description IS NULL THEN
    SELECT c.description INTO NEW.review_description
    FROM mlb.reference_codes c WHERE c.list = 'reviewReasons' AND c.code = NEW.review_type;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_describe BEFORE INSERT ON mlb.reviews FOR EACH ROW EXECUTE FUNCTION mlb.reviews_describe();
--> statement-breakpoint
CREATE VIEW analytics.team_reviews AS
SELECT g.season,
       r.challenge_team_id AS team_id,
       r.review_type,
       max(r.review_description) AS review_description,
       count(*)::int AS reviews,
       count(*) FILTER (WHERE r.is_overturned)::int AS overturned,
       round(count(*) FILTER (WHERE r.is_overturned)::numeric / count(*), 3) AS overturned_rate,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.batter_id)::int AS abs_by_batters,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.pitcher_id)::int AS abs_by_pitchers,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id IS NOT NULL
                          AND r.player_id IS DISTINCT FROM p.batter_id
                          AND r.player_id IS DISTINCT FROM p.pitcher_id)::int AS abs_by_catchers,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.batter_id AND r.is_overturned)::int AS abs_by_batters_overturned,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id = p.pitcher_id AND r.is_overturned)::int AS abs_by_pitchers_overturned,
       count(*) FILTER (WHERE r.review_type = 'MJ' AND r.player_id IS NOT NULL
                          AND r.player_id IS DISTINCT FROM p.batter_id
                          AND r.player_id IS DISTINCT FROM p.pitcher_id AND r.is_overturned)::int AS abs_by_catchers_overturned
FROM mlb.reviews r
JOIN mlb.games g ON g.game_pk = r.game_pk
LEFT JOIN mlb.plays p ON p.game_pk = r.game_pk AND p.at_bat_index = r.at_bat_index
GROUP BY g.season, r.challenge_team_id, r.review_type;
--> statement-breakpoint
COMMENT ON VIEW analytics.team_reviews IS 'Grain: one row per season, challenging team and review type (season, team_id, review_type): how many reviews, how many overturned the call and the rate, and for ABS challenges (MJ) who challenged: the batter, the pitcher or the catcher (the challenger compared with the play''s batter and pitcher). Umpire reviews have team_id null. Sum over review_type for a team''s season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.season IS 'The season of the game (mlb.games.season).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.team_id IS 'The challenging team (mlb.reviews.challenge_team_id); null for reviews no team asked for (umpire reviews).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.review_type IS 'The reviewReasons code (MJ ABS challenge).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.review_description IS 'The code''s description (mlb.reviews.review_description).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.reviews IS 'Reviews of this type the team asked for in the season (additionalReviews included).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.overturned IS 'Of those, the ones that overturned the call.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.overturned_rate IS 'overturned / reviews, to three places.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.abs_by_batters IS 'ABS challenges by the play''s batter.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.abs_by_pitchers IS 'ABS challenges by the play''s pitcher.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.abs_by_catchers IS 'ABS challenges by another fielder: the catcher (the only one the rule allows besides the pitcher).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.abs_by_batters_overturned IS 'Of abs_by_batters, those that overturned the call.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.abs_by_pitchers_overturned IS 'Of abs_by_pitchers, those that overturned the call.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_reviews.abs_by_catchers_overturned IS 'Of abs_by_catchers, those that overturned the call.';
