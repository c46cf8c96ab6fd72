COMMENT ON TABLE mlb.seasons IS 'Grain: one row per season and sport: the season''s dates by game type from /v1/seasons (dugout snapshot seasons; dugout backfill --plan fetches the seasons it plans). History: every version of the body is kept in raw.snapshots (operation seasons); the rows are those of the body in force.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.season IS 'The season (year).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.sport_id IS 'The sport (1 MLB, 11 Triple-A, 12 Double-A, 13 High-A, 14 Single-A).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.has_wildcard IS 'Whether the postseason has a wild-card round.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.pre_season_start_date IS 'First day of the preseason (before spring training).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.season_start_date IS 'First day of the season, spring training included: the first day a backfill of the season polls.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.spring_start_date IS 'First day of spring training (game type S).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.spring_end_date IS 'Last day of spring training.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.regular_season_start_date IS 'Opening day of the regular season (game type R).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.last_date_1st_half IS 'Last day before the All-Star break.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.all_star_date IS 'The All-Star game''s day (game type A).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.first_date_2nd_half IS 'First day after the All-Star break.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.regular_season_end_date IS 'Last day of the regular season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.post_season_start_date IS 'First day of the postseason (game types F, D, L, W).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.post_season_end_date IS 'Last day of the postseason.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.season_end_date IS 'Last day of the season, the postseason included: the last day a backfill of the season polls.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.off_season_end_date IS 'Last day of the offseason.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.qualifier_plate_appearances IS 'Plate appearances per team game a batter needs to qualify for rate leaders.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.qualifier_outs_pitched IS 'Outs per team game a pitcher needs to qualify (3.0 = one inning a game).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.as_of_date IS 'The UTC day the seasons body in force was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.seasons.run_id IS 'The ingest run that stored these rows.';
--> statement-breakpoint
COMMENT ON TABLE mlb.team_coaches IS 'Grain: one row per club, season, person and job: the club''s managers and coaches from /v1/teams/{teamId}/coaches?season= (dugout snapshot coaches, one request per active club of the configured sports). A person with two jobs has two rows (a bench coach named interim manager: COAB and NTRM). History: every version of a club''s body is kept in raw.snapshots (operation team.coaches); the rows are those of the body in force.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.team_id IS 'The club (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.season IS 'The season the staff is listed for.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.person_id IS 'The coach (mlb.people when loaded).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.job_id IS 'The job''s code: MNGR manager, NTRM interim manager, COAB bench coach, COAP pitching coach, COAT hitting coach…; the job''s name when the body gives no code.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.job IS 'The job''s name (Manager, Interim Manager, Bench Coach…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.title IS 'The title the club gives (may differ from the job: a Coach titled Staff Assistant).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.full_name IS 'The coach''s name as the body gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.jersey_number IS 'Jersey number; empty when the coach wears none.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.as_of_date IS 'The UTC day the club''s body in force was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_coaches.run_id IS 'The ingest run that stored these rows.';
--> statement-breakpoint
COMMENT ON TABLE mlb.postseason_series IS 'Grain: one row per season, sport and postseason series: its round, its two clubs, the games each won and the winner, from /v1/schedule/postseason/series?season=&sportId= (dugout snapshot postseason). History: every version of the body is kept in raw.snapshots (operation postseasonScheduleSeries); the rows are those of the body in force.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.sport_id IS 'The sport.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.series_id IS 'The series id the API gives: round letter and number (W_1, L_2, D_3, F_4).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.game_type IS 'The round as a game type: F wild card, D division series, L league championship, W World Series.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.description IS 'The rounds name as the games give it (World Series, ALDS "A"…).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.games_in_series IS 'Games the series is played to at most (best of N).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.games_played IS 'Games of the series that are final.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.home_team_id IS 'The club at home in the series'' first game (the higher seed).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.away_team_id IS 'The other club.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.home_wins IS 'Games the home_team_id club won.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.away_wins IS 'Games the away_team_id club won.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.winner_team_id IS 'The club that won the series (more than half of games_in_series); null while undecided.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.first_game_date IS 'Official date of the series'' first game.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.last_game_date IS 'Official date of its last game listed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.as_of_date IS 'The UTC day the body in force was first received.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.postseason_series.run_id IS 'The ingest run that stored these rows.';
