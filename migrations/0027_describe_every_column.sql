COMMENT ON COLUMN mlb.awards.award_id IS 'The award''s id, e.g. MLBHOF, ALMVP, RETIREDUNI_108.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.name IS 'name, e.g. Hall Of Fame.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.description IS 'description, where given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.sort_order IS 'sortOrder: the API''s display order.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.sport_id IS 'sport.id of a sport-wide award (the Hall of Fame, a club''s retired numbers); null when it names a league.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.league_id IS 'league.id of a league award (103 American League, 104 National League); null when it names a sport.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.notes IS 'notes, where given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.active IS 'active, as the API says.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.awards.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.batting_lines IS 'Grain: one row per player per team per game with a batting line (game_pk, team_id, person_id), from the boxscore''s teams.{away,home}.players[].stats.batting; counts are for this game, null where the boxscore omits them. team_id is the side''s team, never parentTeamId (in a suspended game one player can bat for both teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.team_id IS 'The team he batted for: the boxscore side''s teams.{away,home}.team.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.person_id IS 'The player (players[].person.id; mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.side IS '''home'' or ''away'': the boxscore side of the line.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.batting_order IS 'Boxscore battingOrder: 100s digit = lineup slot, last digits = substitution order (100 = leadoff starter, 101 = the first to replace him); null without a lineup slot.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.position IS 'His position in this game (position.abbreviation), e.g. SS, DH, PH, PR, P.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.all_positions IS 'Every position he played in this game, in order, comma-separated (allPositions[].abbreviation), e.g. ''PH,1B''.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.is_substitute IS 'gameStatus.isSubstitute: he entered the game as a substitute.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.games_played IS 'gamesPlayed of the line (1 when he appeared).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.plate_appearances IS 'Plate appearances.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.at_bats IS 'At-bats.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.runs IS 'Runs scored.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.hits IS 'Hits.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.doubles IS 'Doubles.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.triples IS 'Triples.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.home_runs IS 'Home runs.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.rbi IS 'Runs batted in.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.base_on_balls IS 'Walks (intentional included).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.intentional_walks IS 'Intentional walks.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.strike_outs IS 'Strikeouts.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.hit_by_pitch IS 'Times hit by a pitch.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.stolen_bases IS 'Stolen bases.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.caught_stealing IS 'Caught stealing.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.sac_bunts IS 'Sacrifice bunts.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.sac_flies IS 'Sacrifice flies.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.ground_into_double_play IS 'Grounded into double plays.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.left_on_base IS 'Runners he left on base (leftOnBase).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.total_bases IS 'Total bases: singles + 2 × doubles + 3 × triples + 4 × home runs.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.batting_lines.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.at_bat_index IS 'The play (mlb.plays.at_bat_index): liveData.plays.allPlays[].about.atBatIndex.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.runner_index IS 'The runners[] entry the credit belongs to (mlb.runners.runner_index).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.credit_index IS 'Position in that entry''s credits[] (0-based).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.person_id IS 'credits[].player.id: the fielder.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.position_code IS 'credits[].position.code: the fielder''s position, ''1'' pitcher … ''9'' right field.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.credit IS 'credits[].credit: f_putout, f_assist, f_assist_of (outfield assist), f_fielded_ball, f_fielding_error, f_throwing_error, f_deflection, c_catcher_interf…';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_credits.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.team_id IS 'The team he fielded for: the boxscore side''s teams.{away,home}.team.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.person_id IS 'The player (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.position IS 'His position in this game (position.abbreviation), e.g. SS, C, P.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.putouts IS 'Put-outs (putOuts).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.assists IS 'Assists.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.errors IS 'Errors.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.chances IS 'Total chances (put-outs + assists + errors).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.passed_balls IS 'Passed balls (passedBall; catchers).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.stolen_bases IS 'Stolen bases allowed (catchers and pitchers).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.caught_stealing IS 'Runners caught stealing.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.pickoffs IS 'Pickoffs made.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.fielding_lines.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.game_officials.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.game_officials.official_type IS 'officials[].officialType: Home Plate, First Base, Second Base, Third Base, Left Field or Right Field.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.game_officials.person_id IS 'officials[].official.id: the umpire.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.game_officials.full_name IS 'officials[].official.fullName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.game_officials.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.games IS 'Grain: one row per game (game_pk), whatever its state, from the schedule and the game change log (dates[].games[]); a game listed twice (postponed, suspended) keeps the listing with the latest game_date. attendance, first_pitch, duration_minutes, delay_minutes, weather_condition, temperature_f and wind are written by the game''s load.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.game_pk IS 'The Stats API game id (gamePk): the key every game table joins on.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.season IS 'The season the game belongs to (season).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.game_type IS 'gameType: R regular season, S spring training, E exhibition, A All-Star Game, F wild card, D division series, L league championship series, W World Series (mlb.reference_codes list gameTypes).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.sport_id IS 'Sport of the home team (teams.home.team.sport.id), else the sportId the request was scoped to, else 1: 1 MLB, 11 Triple-A, 12 Double-A, 13 High-A, 14 Single-A, 16 Rookie.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.official_date IS 'The calendar date the game counts for (officialDate, else originalDate, else the schedule date it is listed under); never the UTC date of game_date.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.game_date IS 'Scheduled start time (gameDate), a UTC instant.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.coded_game_state IS 'status.codedGameState, the state dugout goes by: F final, O game over (provisional), D postponed, C cancelled, T/U suspended, Q/R forfeit, S scheduled, P pre-game, I in progress.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.abstract_game_state IS 'status.abstractGameState: Preview, Live or Final (postponed and cancelled games are Final too: use coded_game_state).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.detailed_state IS 'status.detailedState, e.g. Scheduled, Pre-Game, In Progress, Final, Postponed, Suspended, Cancelled.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.status_code IS 'status.statusCode: the detailed state''s code, e.g. F final, FT final (tied), DR postponed (rain), UR suspended (rain).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.status_reason IS 'status.reason of a postponement, suspension or tie (e.g. Rain, Inclement Weather, Tied); null otherwise.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.home_team_id IS 'The home team (teams.home.team.id; mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.away_team_id IS 'The away team (teams.away.team.id; mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.home_score IS 'Runs of the home team as last listed (teams.home.score): the final score once the game is over; null before it starts.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.away_score IS 'Runs of the away team as last listed (teams.away.score); null before the game starts.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.home_is_winner IS 'teams.home.isWinner: true when the home team won; null until decided.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.away_is_winner IS 'teams.away.isWinner: true when the away team won; null until decided.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.is_tie IS 'isTie: the game ended tied.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.venue_id IS 'Where the game is played (venue.id; mlb.venues).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.double_header IS 'doubleHeader: N not a doubleheader, Y traditional (one admission), S split admission.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.game_number IS 'gameNumber: 1, or 2 for the second game of a doubleheader.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.day_night IS 'dayNight: day or night.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.scheduled_innings IS 'scheduledInnings: innings scheduled (9; 7 for some doubleheaders and minor-league games).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.series_description IS 'seriesDescription, e.g. Regular Season, Spring Training, Wild Card, League Championship Series.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.series_game_number IS 'seriesGameNumber: the game''s number within its series.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.games_in_series IS 'gamesInSeries: games in the series (at most, for a postseason series).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.if_necessary IS 'ifNecessary: Y for a postseason game played only if needed, N otherwise.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.reschedule_date IS 'Postponed game: the start it was moved to (rescheduleDate, UTC); kept from whichever listing of the game has it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.reschedule_game_date IS 'Postponed game: the official date it was moved to (rescheduleGameDate).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.rescheduled_from IS 'Makeup game: the start it was originally scheduled for (rescheduledFrom, UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.rescheduled_from_date IS 'Makeup game: the official date it was originally scheduled for (rescheduledFromDate).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.resume_date IS 'Suspended game: when it resumes (resumeDate, UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.resume_game_date IS 'Suspended game: the official date it resumes (resumeGameDate).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.resumed_from IS 'Resumed game: the original start of the game that was suspended (resumedFrom, UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.resumed_from_date IS 'Resumed game: the official date it was suspended on (resumedFromDate).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.updated_at IS 'When a schedule or change-log listing last upserted the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.run_id IS 'The ingest.runs run that last upserted the row from a listing.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.duration_minutes IS 'Length of the game in minutes, from the boxscore info "T" (h:mm); null when not reported.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.delay_minutes IS 'Delay in minutes, from the boxscore info "Delay" or the "(h:mm delay)" of "T"; null when there was none.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.weather_condition IS 'Sky at first pitch from the boxscore "Weather" (gameData.weather.condition), e.g. Partly Cloudy, Roof Closed, Dome.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.games.wind IS 'Wind as reported (boxscore "Wind", gameData.weather.wind), e.g. "7 mph, Out To CF" or "0 mph, None".';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.listing IS 'The listing requested: umpires or officialScorers.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.sport_id IS 'The sportId requested.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.person_id IS 'roster[].person.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.full_name IS 'roster[].person.fullName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.jersey_number IS 'jerseyNumber (an umpire''s uniform number), as text.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.job IS 'job, e.g. Umpire, Official Scorer.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.title IS 'title, as the API gives it (e.g. Umpire).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.league_staff.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.inning IS 'Inning number (1-based; extra innings continue).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.away_runs IS 'Runs the away team scored in the top half; null when it was not played.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.away_hits IS 'Hits of the away team in the top half (plays whose event_type is single, double, triple or home_run).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.away_errors IS 'Errors the away team made in the field (in the bottom half): distinct fielders with an error credit per play, catcher''s interference included.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.away_left_on_base IS 'Away runners left on base at the end of the top half.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.home_runs IS 'Runs the home team scored in the bottom half; null when it was not played.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.home_hits IS 'Hits of the home team in the bottom half (0 when it was not played).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.home_errors IS 'Errors the home team made in the field (in the top half).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.home_left_on_base IS 'Home runners left on base at the end of the bottom half (0 when it was not played).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.linescore_innings.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.season IS 'The season requested.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.sport_id IS 'The sportId requested.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.game_type IS 'The gameType requested (dugout asks for R, the regular season).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.stat_group IS 'The group requested: hitting, pitching or fielding.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.person_id IS 'split.player.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.full_name IS 'split.player.fullName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.num_teams IS 'numTeams: clubs the split covers (> 1 for a player who changed clubs).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.games_played IS 'Games played.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.plate_appearances IS 'Plate appearances; null on fielding rows, and on pitching rows when the API gives only batters_faced.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.at_bats IS 'At-bats (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.runs IS 'Runs (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.hits IS 'Hits (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.doubles IS 'Doubles (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.triples IS 'Triples (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.home_runs IS 'Home runs (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.rbi IS 'Runs batted in; hitting rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.base_on_balls IS 'Walks, intentional included (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.intentional_walks IS 'Intentional walks (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.hit_by_pitch IS 'Hit by pitch (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.strike_outs IS 'Strikeouts; null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.stolen_bases IS 'Stolen bases (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.caught_stealing IS 'Caught stealing; null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.sac_flies IS 'Sacrifice flies (allowed, on pitching rows); null on fielding rows.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.games_started IS 'Games started; pitching and fielding rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.wins IS 'Wins; pitching rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.losses IS 'Losses; pitching rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.saves IS 'Saves; pitching rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.earned_runs IS 'Earned runs allowed; pitching rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.batters_faced IS 'Batters faced; pitching rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.assists IS 'Fielding assists at the position; fielding rows only.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.official_stats.errors IS 'Fielding errors at the position; fielding rows only.';
--> statement-breakpoint
COMMENT ON TABLE mlb.people IS 'Grain: one row per person (person_id), from /v1/people?personIds=…: the people loaded games reference and those the people change log lists; the latest body wins.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.person_id IS 'The Stats API person id (people[].id); the person_id, batter_id, pitcher_id… of the other tables.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.full_name IS 'fullName, e.g. Shohei Ohtani.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.first_name IS 'firstName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.last_name IS 'lastName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.use_name IS 'useName: the first name he goes by.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.middle_name IS 'middleName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.boxscore_name IS 'boxscoreName: the short name boxscores print, e.g. Ohtani.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.primary_number IS 'primaryNumber: jersey number, as text.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.birth_date IS 'birthDate.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.birth_city IS 'birthCity.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.birth_state_province IS 'birthStateProvince: state or province of birth, where given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.birth_country IS 'birthCountry.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.death_date IS 'deathDate; null while alive.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.height IS 'Height as served, e.g. 6'' 2".';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.height_inches IS 'Height in inches read from height (6'' 2" = 74); null when unreadable.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.weight IS 'Weight, pounds.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.gender IS 'gender: M or F.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.bat_side IS 'batSide.code: L, R or S (switch hitter).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.pitch_hand IS 'pitchHand.code: L or R.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.primary_position IS 'primaryPosition.abbreviation, e.g. SS, P, TWP (two-way player).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.primary_position_code IS 'primaryPosition.code: ''1'' pitcher … ''9'' right field, ''10'' DH, ''Y'' two-way player, ''O'' outfield (mlb.reference_codes list positions).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.mlb_debut_date IS 'mlbDebutDate: his first major-league game.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.last_played_date IS 'lastPlayedDate: the date of his last game, where the API gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.current_team_id IS 'currentTeam.id, present only when the body hydrates currentTeam (dugout''s own requests do not): usually null.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.draft_year IS 'draftYear: the year he was drafted; null when not given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.active IS 'active, as the API says.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.updated_at IS 'When a /v1/people body last wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.people.run_id IS 'The ingest.runs run that last wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.person_id IS 'The person requested (/v1/people/{personId}/awards).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.award_id IS 'awards[].id (mlb.awards).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.award_date IS 'awards[].date, when given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.season IS 'awards[].season, when given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.team_id IS 'awards[].team.id: his club for the award, when given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.award_name IS 'awards[].name as the person''s body gives it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.notes IS 'awards[].notes, when given.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.person_awards.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.pitches IS 'Grain: one row per pitch (game_pk, at_bat_index, play_event_index): the playEvents[] entries with isPitch = true of each play, keyed by index, never joined on time. Tracking (pitchData) and batted-ball (hitData) columns are null where the feed has none.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.at_bat_index IS 'The play (mlb.plays.at_bat_index): liveData.plays.allPlays[].about.atBatIndex.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.play_event_index IS 'playEvents[].index (else its position in the array): the event''s place within the play, shared with mlb.play_actions and mlb.runners.play_event_index.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.pitcher_id IS 'Who threw it: the play''s matchup.pitcher.id, except pitches before a mid-plate-appearance pitching change, credited to the previous pitcher.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.batter_id IS 'The play''s matchup.batter.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.pitch_number IS 'pitchNumber: the pitch''s number in the plate appearance (1 = first).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.balls IS 'Balls in the count after the pitch (count.balls).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.strikes IS 'Strikes in the count after the pitch (count.strikes).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.outs IS 'Outs in the half-inning after the pitch (count.outs).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.call_code IS 'The call (details.code, else details.call.code): B ball, *B ball in dirt, C called strike, S swinging strike, W swinging strike (blocked), F foul, T foul tip, L foul bunt, M missed bunt, X in play out(s), D in play no out, E in play run(s), H hit by pitch, V automatic ball… (mlb.reference_codes list pitchCodes; older feeds give only S, B or X).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.call_description IS 'Text of the call (details.description, else details.call.description), e.g. Called Strike, In play, out(s).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.is_in_play IS 'details.isInPlay: the pitch was put in play.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.is_strike IS 'details.isStrike: a strike in the count (called, swinging, foul, foul tip); false when put in play.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.is_ball IS 'details.isBall: a ball in the count.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.pitch_type IS 'details.type.code: FF four-seam, SI sinker, FT two-seam, FC cutter, SL slider, ST sweeper, CU curveball, KC knuckle curve, CH changeup, FS splitter, KN knuckleball… (mlb.reference_codes list pitchTypes); null when not classified.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.pitch_type_description IS 'details.type.description, e.g. Four-Seam Fastball.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.type_confidence IS 'pitchData.typeConfidence: the classifier''s confidence in pitch_type, on the API''s own scale (values from about 0.8 to 2 are seen).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.start_speed IS 'Release speed, mph (pitchData.startSpeed).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.end_speed IS 'Speed as the pitch reaches home plate, mph (pitchData.endSpeed).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.spin_rate IS 'Spin rate, rpm (pitchData.breaks.spinRate).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.spin_direction IS 'Spin axis, degrees (pitchData.breaks.spinDirection).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.break_angle IS 'Break angle, degrees (pitchData.breaks.breakAngle).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.break_length IS 'Break length, inches: the greatest distance between the pitch''s path and the straight line from release to the plate (pitchData.breaks.breakLength).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.break_vertical IS 'Total vertical break, inches, gravity included (negative = drop; pitchData.breaks.breakVertical).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.break_vertical_induced IS 'Induced vertical break, inches: vertical movement without gravity (pitchData.breaks.breakVerticalInduced).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.break_horizontal IS 'Horizontal break, inches (pitchData.breaks.breakHorizontal).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.plate_x IS 'Horizontal position as the pitch crosses home plate, feet from its middle, catcher''s view (pitchData.coordinates.pX).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.plate_z IS 'Height as the pitch crosses home plate, feet above the ground (pitchData.coordinates.pZ).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.pfx_x IS 'Horizontal movement against a spinless pitch, inches, PITCHf/x convention (pitchData.coordinates.pfxX).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.pfx_z IS 'Vertical movement against a spinless pitch, inches, PITCHf/x convention (pitchData.coordinates.pfxZ).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.strike_zone_top IS 'Top of the batter''s strike zone, feet above the ground (pitchData.strikeZoneTop).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.strike_zone_bottom IS 'Bottom of the batter''s strike zone, feet above the ground (pitchData.strikeZoneBottom).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.zone IS 'Gameday zone of the location (pitchData.zone): 1-9 the strike zone as a 3×3 grid from the catcher''s view, top left first; 11-14 the four quadrants outside it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.extension IS 'Release extension, feet toward home plate from the rubber (pitchData.extension).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.plate_time IS 'Seconds from release to home plate (pitchData.plateTime).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.launch_speed IS 'Exit velocity of the batted ball, mph (hitData.launchSpeed); null without hitData.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.launch_angle IS 'Vertical launch angle of the batted ball, degrees (hitData.launchAngle; negative = into the ground).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.total_distance IS 'Distance of the batted ball, feet (hitData.totalDistance).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.trajectory IS 'hitData.trajectory: ground_ball, line_drive, fly_ball, popup, bunt_grounder, bunt_popup, bunt_line_drive (mlb.reference_codes list hitTrajectories).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.hardness IS 'hitData.hardness: soft, medium or hard.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.hit_location IS 'hitData.location, as text: the position number (1-9) of the fielder who fielded the ball, as Gameday scores it (e.g. ''8'' center field).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.hit_coord_x IS 'Horizontal Gameday hit-chart coordinate of the batted ball (hitData.coordinates.coordX; chart units, home plate near 125).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.hit_coord_y IS 'Vertical Gameday hit-chart coordinate of the batted ball (hitData.coordinates.coordY; chart units, home plate near 200, smaller = deeper).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.play_id IS 'playId: the pitch''s UUID, the Statcast / Baseball Savant join key.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.start_time IS 'startTime of the pitch event (UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.end_time IS 'endTime of the pitch event (UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitches.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.pitching_lines IS 'Grain: one row per pitcher per team per game (game_pk, team_id, person_id): stats.pitching of every id in the boxscore''s teams.{away,home}.pitchers, in order of appearance; counts are for this game.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.team_id IS 'The team he pitched for: the boxscore side''s teams.{away,home}.team.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.person_id IS 'The pitcher (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.side IS '''home'' or ''away'': the boxscore side of the line.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.pitching_order IS 'Order of appearance, 1-based, from the boxscore pitchers list (1 = the starter).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.is_starter IS 'He started the game (first in the pitchers list).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.outs IS 'Outs recorded: from inningsPitched ("6.1" = 19), else the outs stat.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.innings_pitched IS 'inningsPitched as given: whole innings, then .1 or .2 for thirds ("6.1" = 6⅓ innings).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.batters_faced IS 'Batters faced.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.hits IS 'Hits allowed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.runs IS 'Runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.earned_runs IS 'Earned runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.base_on_balls IS 'Walks issued (intentional included).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.intentional_walks IS 'Intentional walks issued.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.strike_outs IS 'Strikeouts.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.home_runs IS 'Home runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.hit_by_pitch IS 'Batters hit by a pitch (hitByPitch, else hitBatsmen).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.pitches IS 'Pitches thrown (numberOfPitches, else pitchesThrown, else 0).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.strikes IS 'Strikes thrown, fouls and balls in play included (strikes + balls = pitches).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.balls IS 'Balls thrown.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.wild_pitches IS 'Wild pitches.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.balks IS 'Balks.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.inherited_runners IS 'Runners on base when he entered.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.inherited_runners_scored IS 'Inherited runners who scored.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.decision IS 'W, L or S: from wins/losses/saves in his line, else the boxscore note "(W, 5-3)", else liveData.decisions; null for no decision (holds and blown saves are not decisions).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.holds IS 'Holds.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.blown_saves IS 'Blown saves.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.pitching_lines.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.at_bat_index IS 'The play (mlb.plays.at_bat_index): liveData.plays.allPlays[].about.atBatIndex.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.play_event_index IS 'playEvents[].index (else its position in the array): the event''s place within the play, as for mlb.pitches.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.type IS 'playEvents[].type: action, pickoff, stepoff or no_pitch.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.event IS 'details.event, e.g. Pitching Substitution, Stolen Base 2B, Mound Visit; null on pickoffs, step-offs and no-pitches.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.event_type IS 'details.eventType, e.g. pitching_substitution, offensive_substitution, defensive_switch, stolen_base_2b, wild_pitch, mound_visit, runner_placed, game_advisory.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.description IS 'details.description, e.g. Pickoff Attempt 1B, Pitching Change: X replaces Y.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.player_id IS 'player.id: the player the event is about (the substitute entering, the base runner, the batter calling time); null when none.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.position_code IS 'position.code of a substitution: the position the player takes, ''1'' pitcher … ''9'' right field, ''10'' DH, ''11'' pinch hitter, ''12'' pinch runner.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.is_substitution IS 'isSubstitution: a substitution or defensive switch.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.strikes IS 'Strikes in the count when the action happened.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.outs IS 'Outs when the action happened.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.away_score IS 'Away score at the action (details.awayScore).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.home_score IS 'Home score at the action (details.homeScore).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.start_time IS 'startTime of the event (UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_actions.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.at_bat_index IS 'The play (mlb.plays.at_bat_index): atBatIndex of the winProbability entry.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.inning IS 'about.inning.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.half_inning IS 'about.halfInning: top or bottom.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.batter_id IS 'matchup.batter.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.pitcher_id IS 'matchup.pitcher.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.home_win_probability_before IS 'Home win probability when the play began, percent: home_win_probability − home_win_probability_added.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.home_win_probability IS 'Home win probability after the play, percent 0-100 (homeTeamWinProbability).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.away_win_probability IS 'Away win probability after the play, percent 0-100 (awayTeamWinProbability).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.play_win_probability.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.plays IS 'Grain: one row per play (game_pk, at_bat_index): each liveData.plays.allPlays[] entry of the play-by-play, normally a plate appearance (see is_plate_appearance). Pitches are in mlb.pitches, other events in mlb.play_actions, runner movements in mlb.runners.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.at_bat_index IS 'liveData.plays.allPlays[].about.atBatIndex: the play''s 0-based order in the game.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.inning IS 'about.inning.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.half_inning IS '''top'' (the away team bats) or ''bottom'' (about.halfInning).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.batter_id IS 'matchup.batter.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.pitcher_id IS 'matchup.pitcher.id: the pitcher at the end of the plate appearance (mlb.pitches credits pitches thrown before a mid-at-bat change to the replaced pitcher).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.bat_side IS 'matchup.batSide.code: L or R, the side he batted from.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.pitch_hand IS 'matchup.pitchHand.code: L or R.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.event IS 'result.event, e.g. Single, Strikeout, Groundout, Walk, Home Run.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.event_type IS 'result.eventType, e.g. single, strikeout, field_out, walk, home_run, force_out (mlb.reference_codes list eventTypes).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.description IS 'result.description: the play as narrated.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.rbi IS 'result.rbi: runs batted in on the play.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.away_score IS 'Away score after the play (result.awayScore).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.home_score IS 'Home score after the play (result.homeScore).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.is_out IS 'result.isOut: the play''s result is an out (also when a runner, not the batter, is put out, as on a force out).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.is_scoring_play IS 'about.isScoringPlay: a run scored on the play.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.has_review IS 'about.hasReview: the play was challenged or reviewed.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.is_complete IS 'about.isComplete: false for a play still in progress when the body was fetched.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.balls IS 'Balls in the count at the end of the play (count.balls).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.strikes IS 'Strikes in the count at the end of the play (count.strikes).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.outs IS 'Outs in the half-inning after the play (count.outs).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.runs_scored IS 'Runs that scored on the play: its runners[] entries ending at score or flagged isScoringEvent.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.pitch_count IS 'Pitches in the play: its playEvents[] with isPitch = true (no_pitch events not counted).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.start_time IS 'about.startTime (UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.end_time IS 'about.endTime, else playEndTime (UTC).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.on_2b_before IS 'Runner on second when the play began (person id, null = empty); see on_1b_before.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.on_3b_before IS 'Runner on third when the play began (person id, null = empty); see on_1b_before.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.home_score_before IS 'Home score when the play began (the previous play''s home_score, 0 at the start).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.plays.is_plate_appearance IS 'The batter completed a plate appearance: he is among the play''s runners starting from home (false when a runner made the inning''s last out first, or the play is incomplete).';
--> statement-breakpoint
COMMENT ON TABLE mlb.reference_codes IS 'Grain: one row per configuration list and code (list, code): the Stats API reference lists (gameTypes, gameStatus, positions, eventTypes, pitchTypes, pitchCodes, rosterTypes, jobTypes, hitTrajectories, windDirection, sky, reviewReasons…) that decode the code columns of the other tables.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reference_codes.list IS 'The list''s operation name, e.g. pitchCodes, eventTypes, gameTypes, positions.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reference_codes.code IS 'The entry''s code as text: the first present of code, id, statusCode, metricId, languageCode, abbrev, parameter, name, displayName, lookupParam.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reference_codes.description IS 'The entry''s text: the first present of description, name, displayName, detailedState.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reference_codes.attributes IS 'The whole entry as served.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reference_codes.updated_at IS 'When a load of the list last wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.reference_codes.run_id IS 'The ingest.runs run that last wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.team_id IS 'The club requested (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.roster_type IS 'The roster type requested: 40Man or active.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.roster_date IS 'The date requested: the roster as of that day.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.person_id IS 'roster[].person.id.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.full_name IS 'roster[].person.fullName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.jersey_number IS 'jerseyNumber, as text.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.position_code IS 'position.code: ''1'' pitcher … ''9'' right field, ''10'' DH, ''Y'' two-way player.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.position_abbreviation IS 'position.abbreviation, e.g. P, C, SS, TWP.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.status_description IS 'status.description, e.g. Active, Minor League Contract, Injured 10-Day.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.parent_team_id IS 'parentTeamId: the MLB organization of a minor-league club''s player, when the body names it.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.roster_entries.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.at_bat_index IS 'The play (mlb.plays.at_bat_index): liveData.plays.allPlays[].about.atBatIndex.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.runner_index IS 'Position of the entry in the play''s runners[] (0-based, feed order).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.runner_id IS 'details.runner.id: the runner (the batter for his own movement).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.out_base IS 'movement.outBase: where the runner was put out: 1B, 2B, 3B or 4B (home); null when not out.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.is_out IS 'movement.isOut: the runner was put out on this movement.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.out_number IS 'movement.outNumber: which out of the half-inning it was (1-3).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.event IS 'details.event of the play or action that moved him, e.g. Single, Stolen Base 2B.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.event_type IS 'details.eventType, e.g. single, stolen_base_2b, field_out.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.movement_reason IS 'details.movementReason, e.g. r_adv_play, r_adv_force, r_force_out, r_stolen_base_2b, r_caught_stealing_2b, r_pickoff_1b, r_adv_throw; null for the batter''s own movement.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.is_scoring_event IS 'details.isScoringEvent: the runner scored.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.rbi IS 'details.rbi: the run is credited to the batter as an RBI.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.earned IS 'details.earned: an earned run (to the responsible pitcher).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.team_unearned IS 'details.teamUnearned: the run is unearned for the team (it may still be earned to the pitcher).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.runners.run_id IS 'The ingest.runs run that wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.team_id IS 'The Stats API team id (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.season IS 'The season requested (/v1/teams?season=Y).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.sport_id IS 'sport.id: 1 MLB, 11 Triple-A, 12 Double-A, 13 High-A, 14 Single-A, 16 Rookie.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.name IS 'Full name that season, e.g. Oakland Athletics.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.team_name IS 'teamName that season, e.g. Athletics.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.abbreviation IS 'abbreviation that season, e.g. OAK.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.location_name IS 'locationName that season, e.g. Oakland.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.league_id IS 'league.id that season, e.g. 103 American League.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.league_name IS 'league.name that season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.division_id IS 'division.id that season, e.g. 200 American League West.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.division_name IS 'division.name that season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.venue_id IS 'Home venue that season (venue.id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.venue_name IS 'Home venue''s name that season (venue.name).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.parent_org_id IS 'parentOrgId: the MLB organization of a minor-league club; null for MLB clubs.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.parent_org_name IS 'parentOrgName.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.updated_at IS 'When a /v1/teams body last wrote the row.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.team_seasons.run_id IS 'The ingest.runs run that last wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.teams IS 'Grain: one row per team (team_id): /v1/teams of each configured sport, the latest season loaded winning (an older season''s body never replaces it), plus teams only mentioned by schedule listings (id and name). Use mlb.team_seasons for a club as it was in a given season.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.team_id IS 'The Stats API team id (id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.name IS 'Full name, e.g. Oakland Athletics.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.team_name IS 'teamName, e.g. Athletics.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.short_name IS 'shortName, e.g. Oakland.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.abbreviation IS 'abbreviation, e.g. OAK.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.team_code IS 'teamCode, a short lowercase code, e.g. oak.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.file_code IS 'fileCode, the code MLB uses in file and URL names, e.g. oak.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.location_name IS 'locationName: city or region, e.g. Oakland.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.franchise_name IS 'franchiseName, e.g. Oakland.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.club_name IS 'clubName, e.g. Athletics.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.league_id IS 'league.id, e.g. 103 American League, 104 National League.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.league_name IS 'league.name.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.division_id IS 'division.id, e.g. 200 American League West.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.division_name IS 'division.name.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.sport_id IS 'sport.id: 1 MLB, 11 Triple-A, 12 Double-A, 13 High-A, 14 Single-A, 16 Rookie.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.venue_id IS 'Home venue (venue.id; mlb.venues).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.parent_org_id IS 'parentOrgId: the MLB organization of a minor-league club; null for MLB clubs.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.first_year_of_play IS 'firstYearOfPlay, as text, e.g. 1901.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.season IS 'season of the /v1/teams body the row comes from.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.active IS 'active, as the API says.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.updated_at IS 'When a /v1/teams body last wrote the row (else when a mention first inserted it).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.teams.run_id IS 'The ingest.runs run that last wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE mlb.venues IS 'Grain: one row per venue (venue_id), from the venues named by /v1/teams and by schedule listings. Location and fieldInfo columns are filled only from a body that hydrated the venue (dugout''s own requests do not), so they are usually null.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.venue_id IS 'The Stats API venue id (id).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.name IS 'Venue name, e.g. Chase Field.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.city IS 'location.city.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.state IS 'location.state.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.state_abbrev IS 'location.stateAbbrev.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.country IS 'location.country.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.latitude IS 'location.defaultCoordinates.latitude, degrees.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.longitude IS 'location.defaultCoordinates.longitude, degrees.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.time_zone IS 'timeZone.id, e.g. America/Phoenix.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.capacity IS 'fieldInfo.capacity: seats.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.turf_type IS 'fieldInfo.turfType, e.g. Grass, Artificial Turf.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.roof_type IS 'fieldInfo.roofType, e.g. Open, Retractable, Dome.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.active IS 'active, as the API says.';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.updated_at IS 'When the row was inserted (later mentions fill its empty columns without moving it).';
--> statement-breakpoint
COMMENT ON COLUMN mlb.venues.run_id IS 'The ingest.runs run that last wrote the row.';
--> statement-breakpoint
COMMENT ON TABLE raw.boxscores IS 'Grain: one row per game (game_pk): its boxscore body, from /v1/game/{pk}/boxscore, or the liveData.boxscore of the v1.1 feed/live with DUGOUT_GAME_SOURCE=feed. Replaced when a load finds the game''s bodies changed; mlb.batting_lines, pitching_lines, fielding_lines and game_officials are extracted from it.';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.body IS 'The body as received (json keeps the text); with source feed, the feed''s liveData.boxscore object.';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.body_sha256 IS 'SHA-256 hex of the body without its top-level copyright and the players'' seasonStats (which drift at fetch time): an equal hash means unchanged, and nothing is written.';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.fetched_at IS 'When this version of the body was stored (a load that finds the game unchanged writes nothing).';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.run_id IS 'The ingest.runs run that stored this version.';
--> statement-breakpoint
COMMENT ON COLUMN raw.boxscores.source IS 'Which request the body came from: boxscore (the /boxscore and /playByPlay requests) or feed (the v1.1 feed/live).';
--> statement-breakpoint
COMMENT ON TABLE raw.people IS 'Grain: one row per person (person_id): the person''s object (a people[] entry of /v1/people?personIds=…) as received, rewritten at each fetch of that person; mlb.people is extracted from it.';
--> statement-breakpoint
COMMENT ON COLUMN raw.people.person_id IS 'The Stats API person id.';
--> statement-breakpoint
COMMENT ON COLUMN raw.people.body IS 'The people[] entry as received.';
--> statement-breakpoint
COMMENT ON COLUMN raw.people.body_sha256 IS 'SHA-256 hex of the object (its JSON text).';
--> statement-breakpoint
COMMENT ON COLUMN raw.people.fetched_at IS 'When the person was last fetched.';
--> statement-breakpoint
COMMENT ON COLUMN raw.people.run_id IS 'The ingest.runs run that last fetched the person.';
--> statement-breakpoint
COMMENT ON TABLE raw.play_by_play IS 'Grain: one row per game (game_pk): its play-by-play body, from /v1/game/{pk}/playByPlay, or the liveData.plays of the v1.1 feed/live with DUGOUT_GAME_SOURCE=feed. Replaced when a load finds the game''s bodies changed; mlb.plays, pitches, runners, fielding_credits, play_actions and linescore_innings are extracted from it.';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.body IS 'The body as received (json keeps the text); with source feed, the feed''s liveData.plays object.';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.body_sha256 IS 'SHA-256 hex of the body text with its leading top-level copyright member cut out (with source feed, of the object without copyright): an equal hash means unchanged.';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.fetched_at IS 'When this version of the body was stored (a load that finds the game unchanged writes nothing).';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.run_id IS 'The ingest.runs run that stored this version.';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.source IS 'Which request the body came from: boxscore (the /boxscore and /playByPlay requests) or feed (the v1.1 feed/live).';
--> statement-breakpoint
COMMENT ON COLUMN raw.play_by_play.feed_timestamp IS 'metaData.timeStamp of the feed/live body (YYYYMMDD_HHMMSS), the version of the feed; null when source is boxscore.';
--> statement-breakpoint
COMMENT ON TABLE raw.responses IS 'Grain: one row per operation and request parameters (operation, params_key): the latest body of every other request: schedule pages, game and people change-log passes, /v1/teams, configuration lists. Rewritten only when the body changes; the snapshot requests keep their history in raw.snapshots instead.';
--> statement-breakpoint
COMMENT ON COLUMN raw.responses.operation IS 'The interface operation, e.g. schedule, game.currentGameStats (game change log), person.currentGameStats (people change log), teams, or a configuration list (pitchCodes, gameTypes…).';
--> statement-breakpoint
COMMENT ON COLUMN raw.responses.params_key IS 'The request parameters as a canonical query string: key=value pairs sorted by key and joined by &, arrays comma-joined.';
--> statement-breakpoint
COMMENT ON COLUMN raw.responses.body IS 'The body as received (json keeps the text); for a game change-log pass, its pages merged with each gamePk once.';
--> statement-breakpoint
COMMENT ON COLUMN raw.responses.body_sha256 IS 'SHA-256 hex of the body without its top-level copyright.';
--> statement-breakpoint
COMMENT ON COLUMN raw.responses.fetched_at IS 'When this body was stored: a fetch returning the same body leaves the row as it is.';
--> statement-breakpoint
COMMENT ON COLUMN raw.responses.run_id IS 'The ingest.runs run that stored this body.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.operation IS 'The interface operation: team.roster, stats.stats, job.umpires, job.officialScorers, config.awards or person.award.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.params_key IS 'The request parameters as a canonical query string (key=value pairs sorted by key, joined by &); a page of a paged request includes limit and offset.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.body_sha256 IS 'SHA-256 hex of the body without its top-level copyright: one row per distinct body of the request.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.body IS 'The body exactly as received.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.last_seen_at IS 'The last fetch that returned this body.';
--> statement-breakpoint
COMMENT ON COLUMN raw.snapshots.run_id IS 'The ingest.runs run that last received this body.';
--> statement-breakpoint
COMMENT ON COLUMN raw.win_probability.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN raw.win_probability.body IS 'The body as received: a bare array of plays, each with homeTeamWinProbability, awayTeamWinProbability, homeTeamWinProbabilityAdded and leverageIndex.';
--> statement-breakpoint
COMMENT ON COLUMN raw.win_probability.body_sha256 IS 'SHA-256 hex of the body text: an equal hash means unchanged.';
--> statement-breakpoint
COMMENT ON COLUMN raw.win_probability.fetched_at IS 'When the game''s load stored this version.';
--> statement-breakpoint
COMMENT ON COLUMN raw.win_probability.run_id IS 'The ingest.runs run that stored this version.';
--> statement-breakpoint
COMMENT ON TABLE ingest.cursors IS 'Grain: one row per change-log cursor (name). A poll reads the log from position minus DUGOUT_CURSOR_OVERLAP_MINUTES (default 10) and moves the cursor in the transaction that queued what it found.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.cursors.name IS 'game_changes (/v1/game/changes) or people_changes (/v1/people/changes).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.cursors.position IS 'T0 of the last complete pass: dugout''s clock read before its first page; never moves backwards.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.cursors.details IS 'The last pass: its updatedSince and how many games or people it listed.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.cursors.updated_at IS 'When a pass last wrote the cursor.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.cursors.run_id IS 'The ingest.runs run whose pass last wrote the cursor.';
--> statement-breakpoint
COMMENT ON TABLE ingest.rejects IS 'Grain: one row per record extraction or validation could not turn into a row as given (a malformed play, a player without an id, a value out of range stored as null…). A game''s rejects are replaced with its rows at each load; the others (schedule, snapshots) accumulate.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.reject_id IS 'Serial id.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.game_pk IS 'The game the record belongs to; null for bodies that are not one game (people, teams, snapshots) or when the game number itself was the problem.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.target IS 'The table the record was meant for, e.g. plays, pitches, batting_lines, games, official_stats.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.path IS 'Where in the body, e.g. allPlays[12].playEvents[3] or teams.home.players.ID123.stats.batting.hits.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.reason IS 'Why, in one line, e.g. duplicate atBatIndex 12, or ''hits 1.5 is not a whole number; stored as null''.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.record IS 'The offending record as received (NUL characters replaced); null when there is none.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.created_at IS 'When it was stored.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.rejects.run_id IS 'The ingest.runs run that stored it.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.request_budget.id IS 'Always 1: the single budget row.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.request_budget.paused_until IS 'No request starts before this instant (server clock), set by a 429/503 any process saw; a later pause never shortens an earlier one.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.request_slots.slot_at IS 'A request start time granted by ingest.take_request_slots (server clock); deleted after a minute.';
--> statement-breakpoint
COMMENT ON TABLE ingest.runs IS 'Grain: one row per job run (run_id), the run ledger: sync, nightly, backfill, drain, snapshot, reference, rebuild, check, with their arguments, outcome and counts, heartbeated while running. The run_id columns of the other tables point here; analytics.operations_runs shows it to BI logins.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.run_id IS 'Serial id of the run.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.job IS 'The job: sync, nightly, backfill, drain, snapshot, reference, rebuild or check.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.args IS 'The job''s arguments.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.started_at IS 'When the run started.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.finished_at IS 'When it ended; null while running.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.heartbeat_at IS 'Last heartbeat, when the counts so far were written (every DUGOUT_HEARTBEAT_SECONDS, default 10).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.status IS 'running, succeeded, partial (ended without error but left work pending or dead), failed (an item failed or the run threw) or interrupted (shutdown, killed, or its worker lost).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.requested IS 'Items the run set out to process: work items pending when it began (and people queued since), or snapshot requests.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.fetched IS 'Items fetched: games, people, snapshot pages.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.unchanged IS 'Items fetched whose bodies were already stored (nothing written).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.loaded IS 'Items whose rows were written: games, people, changed snapshot requests.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.failed IS 'Items that failed (retried later or parked dead), and failed reference lists or snapshot requests.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.rejected IS 'Records rejected by the run (ingest.rejects).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.requests IS 'HTTP requests made to the Stats API.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.error IS 'The error that ended a failed or interrupted run, in one line (at most 2,000 characters).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.host IS 'Host name of the process.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.pid IS 'Process id on that host.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.details IS 'Results: games and people loaded or unchanged, durationMs, and the job''s own result (e.g. the check outcomes).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.runs.worker_id IS 'The process (ingest.workers) that ran it; null outside a registered worker.';
--> statement-breakpoint
COMMENT ON TABLE ingest.work_items IS 'Grain: one row per thing to fetch (kind, key): the worklist. A new request for a queued item coalesces into it; workers claim due items with FOR UPDATE SKIP LOCKED under a lease, and a load marks its item done in the transaction that stored its rows.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.kind IS 'game or person.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.key IS 'The game_pk or person_id, as text.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.reason IS 'Why it was queued: new_final, provisional (game over, to re-check), correction (the change log listed a loaded game), suspended, resumed, backfill, person_changed, game_person (referenced by a loaded game), retry (a dead item re-queued).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.status IS 'pending, deferred (a suspended game waiting for its resumption), done, or dead (parked after DUGOUT_WORK_MAX_ATTEMPTS failures or a non-retryable error; dugout retry re-queues it).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.priority IS 'Claim order, higher first: 2 correction, 1 a final game or a loaded game whose state changed, 0 otherwise.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.attempts IS 'Attempts so far (reset when a done or dead item is queued again).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.generation IS 'Bumped by each new request for the item; a load marks it done only if nothing re-queued it meanwhile.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.next_attempt_at IS 'Not claimed before this time (after a failure: 1, 2, 4… minutes, at most an hour).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.last_error IS 'The last failure''s error, in one line; null after a success.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.lease_owner IS 'host:pid:worker id of the process holding the claim; null when unclaimed.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.lease_expires_at IS 'When the claim lapses unless its worker''s heartbeat renews it; another process may then take the item.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.official_date IS 'For games: the official date, so checks can compare it with the cursors.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.created_at IS 'When the item was first queued.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.updated_at IS 'When the item last changed.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.done_at IS 'When a load last completed it (dugout''s clock).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.work_items.run_id IS 'The ingest.runs run that last changed it.';
--> statement-breakpoint
COMMENT ON TABLE ingest.workers IS 'Grain: one row per dugout process that runs jobs (worker_id): daemon, sync, backfill… It heartbeats while alive; one silent for DUGOUT_WORKER_TIMEOUT_SECONDS is marked lost, its running runs become interrupted and its leases lapse.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.worker_id IS 'Random UUID of the process (the last part of its lease_owner).';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.host IS 'Host name.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.pid IS 'Process id on that host.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.command IS 'The command the process runs: daemon, sync, backfill…';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.started_at IS 'When the process registered.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.heartbeat_at IS 'Its last heartbeat.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.stopped_at IS 'When it stopped cleanly, or, when found lost, its last heartbeat; null while alive.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.lost IS 'It stopped heartbeating without stopping cleanly.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.current_run_id IS 'The run in hand (ingest.runs); null between jobs.';
--> statement-breakpoint
COMMENT ON COLUMN ingest.workers.current_job IS 'The job in hand; null between jobs.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.person_id IS 'The runner (mlb.runners.runner_id).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.game_type IS 'Game type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games.game_type).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.stolen_bases IS 'Stolen bases: his movements with movement_reason r_stolen_base_*.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.stolen_third IS 'Steals of third (r_stolen_base_3b).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.stolen_home IS 'Steals of home (r_stolen_base_home).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.caught_stealing IS 'Caught stealing: movements r_caught_stealing_* or r_pickoff_caught_stealing_*.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.picked_off IS 'Times picked off: movements r_pickoff_* on which he was out (pickoff caught stealing included).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.stolen_base_pct IS 'stolen_bases / (stolen_bases + caught_stealing), 3 decimals; null without an attempt.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.baserunning.runs_scored IS 'Runs scored: movements ending at score.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.official_date IS 'The game''s official date (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.season IS 'The game''s season (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.game_type IS 'The game''s type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.team_id IS 'The team he batted for in this game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.is_home IS 'His team was the home team.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.person_id IS 'The player (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.position IS 'His position in this game, e.g. SS, DH, PH.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.plate_appearances IS 'Plate appearances.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.at_bats IS 'At-bats.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.runs IS 'Runs scored.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.hits IS 'Hits.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.doubles IS 'Doubles.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.triples IS 'Triples.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.home_runs IS 'Home runs.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.rbi IS 'Runs batted in.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.base_on_balls IS 'Walks (intentional included).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.intentional_walks IS 'Intentional walks.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.strike_outs IS 'Strikeouts.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.hit_by_pitch IS 'Times hit by a pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.sac_flies IS 'Sacrifice flies.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.sac_bunts IS 'Sacrifice bunts.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.stolen_bases IS 'Stolen bases.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.caught_stealing IS 'Caught stealing.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.left_on_base IS 'Runners he left on base (leftOnBase).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.total_bases IS 'Total bases: singles + 2 × doubles + 3 × triples + 4 × home runs.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.batting_game_logs.ground_into_double_play IS 'Grounded into double plays.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_backlog.kind IS 'game or person.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_backlog.status IS 'pending, deferred (suspended game waiting for its resumption) or dead (parked; dugout retry re-queues).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_backlog.reason IS 'Why the items were queued (ingest.work_items.reason), e.g. new_final, correction, backfill, person_changed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_backlog.items IS 'Work items in the group.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_backlog.next_attempt_at IS 'The earliest next attempt in the group.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.run_id IS 'The run (ingest.runs).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.job IS 'The job: sync, nightly, backfill, drain, snapshot, reference, rebuild or check.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.status IS 'running, succeeded, partial, failed or interrupted.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.started_at IS 'When the run started.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.finished_at IS 'When it ended; null while running.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.duration_seconds IS 'Seconds from started_at to finished_at (to the last heartbeat while running).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.requested IS 'Items the run set out to process.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.fetched IS 'Items fetched: games, people, snapshot pages.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.unchanged IS 'Items fetched whose bodies were already stored.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.loaded IS 'Items whose rows were written.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.failed IS 'Items that failed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.rejected IS 'Records rejected (ingest.rejects).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.requests IS 'HTTP requests made to the Stats API.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.error IS 'The error that ended a failed or interrupted run.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_runs.host IS 'Host name of the process.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.host IS 'Host name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.pid IS 'Process id on that host.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.command IS 'The command the process runs: daemon, sync, backfill…';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.started_at IS 'When the process registered.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.heartbeat_at IS 'Its last heartbeat.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.stopped_at IS 'When it stopped (for a lost worker, its last heartbeat); null while alive.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.lost IS 'It stopped heartbeating without stopping cleanly.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.current_job IS 'The job in hand; null between jobs.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.operations_workers.current_run_id IS 'The run in hand (ingest.runs); null between jobs.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.official_date IS 'The game''s official date (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.season IS 'The game''s season (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.game_type IS 'The game''s type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.inning IS 'Inning of the plate appearance (mlb.plays).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.half_inning IS '''top'' or ''bottom'' (mlb.plays).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.at_bat_index IS 'The plate appearance (mlb.plays.at_bat_index).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.play_event_index IS 'The pitch within it (mlb.pitches.play_event_index).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.pitch_number IS 'Pitch number in the plate appearance (1 = first).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.pitcher_id IS 'Who threw it (mlb.pitches.pitcher_id).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.pitcher_name IS 'The pitcher''s mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.batter_id IS 'The batter.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.batter_name IS 'The batter''s mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.balls IS 'Balls after the pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.strikes IS 'Strikes after the pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.outs IS 'Outs after the pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.call_code IS 'The call: B ball, *B ball in dirt, C called strike, S swinging strike, F foul, T foul tip, X/D/E in play (out, no out, runs)… (see mlb.pitches.call_code).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.call_description IS 'Text of the call, e.g. Called Strike.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.is_in_play IS 'Put in play.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.is_strike IS 'A strike in the count (false when put in play).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.is_ball IS 'A ball in the count.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.pitch_type IS 'Pitch type code, e.g. FF, SI, SL, CH (mlb.reference_codes list pitchTypes).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.pitch_type_description IS 'Pitch type, e.g. Four-Seam Fastball.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.start_speed IS 'Release speed, mph.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.end_speed IS 'Speed at home plate, mph.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.spin_rate IS 'Spin rate, rpm.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.spin_direction IS 'Spin axis, degrees.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.break_vertical_induced IS 'Induced vertical break, inches.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.break_horizontal IS 'Horizontal break, inches.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.plate_x IS 'Horizontal position at home plate, feet from its middle, catcher''s view.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.plate_z IS 'Height at home plate, feet above the ground.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.zone IS 'Gameday zone: 1-9 inside the strike zone, 11-14 outside.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.launch_speed IS 'Exit velocity, mph; null without hitData (not put in play).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.launch_angle IS 'Launch angle, degrees.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.total_distance IS 'Batted-ball distance, feet.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.trajectory IS 'Batted-ball trajectory: ground_ball, line_drive, fly_ball, popup, bunt_grounder…';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.play_event IS 'The result of the plate appearance (mlb.plays.event), e.g. Strikeout, Single.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.play_id IS 'Statcast / Baseball Savant pitch UUID.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.on_1b IS 'A runner was on first when the plate appearance began.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.on_2b IS 'A runner was on second when the plate appearance began.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitch_events.on_3b IS 'A runner was on third when the plate appearance began.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.official_date IS 'The game''s official date (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.season IS 'The game''s season (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.game_type IS 'The game''s type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.team_id IS 'The team he pitched for in this game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.opponent_id IS 'The other team of the game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.is_home IS 'His team was the home team.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.person_id IS 'The pitcher (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.pitching_order IS 'Order of appearance (1 = the starter).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.is_starter IS 'He started the game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.decision IS 'W, L, S or null.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.outs IS 'Outs recorded (innings pitched × 3).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.innings_pitched IS 'Innings pitched as the boxscore gives them ("6.1" = 6⅓).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.batters_faced IS 'Batters faced.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.hits IS 'Hits allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.runs IS 'Runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.earned_runs IS 'Earned runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.base_on_balls IS 'Walks issued (intentional included).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.strike_outs IS 'Strikeouts.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.home_runs IS 'Home runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.hit_by_pitch IS 'Batters hit by a pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.pitches IS 'Pitches thrown.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.strikes IS 'Strikes thrown, balls in play included.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.pitching_game_logs.balls IS 'Balls thrown.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.person_id IS 'The batter or pitcher (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.game_type IS 'Game type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games.game_type).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.games IS 'Games with at least one play credited to him.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.batting_plays IS 'Plays credited to him as the batter.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.batting_wpa IS 'Win probability added as a batter, in wins (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.batting_avg_leverage IS 'Mean leverage index of his plays as a batter (2 decimals); null when none had one.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.pitching_plays IS 'Plays credited to him as the pitcher.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.pitching_wpa IS 'Win probability added as a pitcher, in wins (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.pitching_avg_leverage IS 'Mean leverage index of his plays as a pitcher (2 decimals); null when none had one.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.player_wpa.wpa IS 'Total win probability added (batting + pitching), in wins (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.team_id IS 'The club (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.team_name IS 'The club''s current name (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.roster_type IS '40Man or active.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.move_date IS 'The snapshot date on which the change was first seen.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.previous_date IS 'The previous snapshot date of that team and roster type.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.move IS 'added (on the roster at move_date, not at previous_date) or removed (the reverse).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.person_id IS 'The player (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.full_name IS 'His name on the roster.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.status_code IS 'His roster status code on move_date (added) or previous_date (removed): A, 40M, D10, D60, MIN, RM…';
--> statement-breakpoint
COMMENT ON COLUMN analytics.roster_moves.position_abbreviation IS 'His roster position, e.g. P, C, SS.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.run_expectancy.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.run_expectancy.outs_before IS 'Outs when the plays began: 0, 1 or 2.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.run_expectancy.base_state IS 'Runners when the plays began, one character per base, ''1'' ''2'' ''3'' or ''_'' when empty: ''1_3'' = first and third, ''___'' = bases empty.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.run_expectancy.plays IS 'Completed plays from this state.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.run_expectancy.runs_to_end_of_inning IS 'Runs the batting team scored from these plays to the end of their half-innings, summed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.run_expectancy.expected_runs IS 'runs_to_end_of_inning / plays (3 decimals): the mean runs scored from this state to the end of the half-inning.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.person_id IS 'The player (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.team_id IS 'The club he batted for (one row per club for a player who changed clubs).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.game_type IS 'Game type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games.game_type).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.games IS 'Games with a batting line.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.pa IS 'Plate appearances.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.ab IS 'At-bats.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.r IS 'Runs scored.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.h IS 'Hits.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.doubles IS 'Doubles.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.triples IS 'Triples.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.hr IS 'Home runs.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.rbi IS 'Runs batted in.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.bb IS 'Walks (intentional included).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.hbp IS 'Hit by pitch.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.sf IS 'Sacrifice flies.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.so IS 'Strikeouts.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.sb IS 'Stolen bases.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.tb IS 'Total bases.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.avg IS 'Batting average H / AB (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.obp IS 'On-base percentage (H + BB + HBP) / (AB + BB + HBP + SF) (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.slg IS 'Slugging TB / AB (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.ops IS 'OBP + SLG (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.team_name IS 'The club''s name that season (mlb.team_seasons); null when that table lacks the club''s season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.team_abbreviation IS 'The club''s abbreviation that season (mlb.team_seasons).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.league_id IS 'The club''s league that season, e.g. 103 American League, 104 National League.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.league_name IS 'The club''s league name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.division_id IS 'The club''s division that season, e.g. 200 American League West.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_batting.division_name IS 'The club''s division name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.person_id IS 'The pitcher (mlb.people).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.full_name IS 'mlb.people.full_name.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.team_id IS 'The club he pitched for (one row per club for a pitcher who changed clubs).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.game_type IS 'Game type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games.game_type).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.games IS 'Games pitched.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.games_started IS 'Games started.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.wins IS 'Games with decision W.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.losses IS 'Games with decision L.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.saves IS 'Games with decision S.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.outs IS 'Outs recorded.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.ip IS 'Innings pitched as text: whole innings, then the remaining outs ("6.1" = 19 outs).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.innings IS 'Innings pitched as a number: outs / 3 (2 decimals; 19 outs = 6.33).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.h IS 'Hits allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.r IS 'Runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.er IS 'Earned runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.bb IS 'Walks issued (intentional included).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.so IS 'Strikeouts.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.hr IS 'Home runs allowed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.pitches IS 'Pitches thrown.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.era IS 'Earned run average: 9 × ER / IP (2 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.whip IS '(BB + H) / IP (3 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.k_per_9 IS 'Strikeouts per 9 innings (2 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.bb_per_9 IS 'Walks per 9 innings (2 decimals).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.team_name IS 'The club''s name that season (mlb.team_seasons); null when that table lacks the club''s season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.team_abbreviation IS 'The club''s abbreviation that season (mlb.team_seasons).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.league_id IS 'The club''s league that season, e.g. 103 American League, 104 National League.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.league_name IS 'The club''s league name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.division_id IS 'The club''s division that season, e.g. 200 American League West.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.season_pitching.division_name IS 'The club''s division name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.stale_seasons.mark_id IS 'Serial id of the mark (marks have no other key, so concurrent loads never wait on each other).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.stale_seasons.season IS 'A season whose standings and run expectancy must be recomputed.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.stale_seasons.marked_at IS 'When it was marked.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.as_of_date IS 'A regular-season date with games: the standings through that date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.league_id IS 'Its league that season, e.g. 103 American League, 104 National League.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.league_name IS 'Its league name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.division_id IS 'Its division that season, e.g. 200 American League West.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.division_name IS 'Its division name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.team_id IS 'The club (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.team_name IS 'The club''s name that season (mlb.team_seasons, else mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.wins IS 'Regular-season wins through as_of_date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.losses IS 'Regular-season losses through as_of_date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.pct IS 'wins / (wins + losses), 3 decimals; null before the first decision.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.games_back IS 'Games behind the division leader: ((leader wins − losses) − (wins − losses)) / 2; 0 for the leader.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings.team_abbreviation IS 'The club''s abbreviation that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.season IS 'The season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.as_of_date IS 'A regular-season date with games: the standings through that date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.team_id IS 'The club (mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.team_name IS 'The club''s name that season (mlb.team_seasons, else mlb.teams).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.team_abbreviation IS 'The club''s abbreviation that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.league_id IS 'Its league that season, e.g. 103 American League, 104 National League.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.league_name IS 'Its league name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.division_id IS 'Its division that season, e.g. 200 American League West.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.division_name IS 'Its division name that season.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.wins IS 'Regular-season wins through as_of_date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.losses IS 'Regular-season losses through as_of_date.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.pct IS 'wins / (wins + losses), 3 decimals; null before the first decision.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.standings_daily.games_back IS 'Games behind the division leader: ((leader wins − losses) − (wins − losses)) / 2; 0 for the leader.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.game_pk IS 'The game (mlb.games.game_pk).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.official_date IS 'The game''s official date (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.season IS 'The game''s season (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.game_type IS 'The game''s type: R regular season, S spring training, F/D/L/W postseason rounds… (mlb.games).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.team_id IS 'The team of the row (each game has one row for each team).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.opponent_id IS 'The other team of the game.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.is_home IS 'team_id was the home team.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.runs_for IS 'Runs team_id scored (the schedule score).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.runs_against IS 'Runs the opponent scored.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.is_win IS 'runs_for > runs_against.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.is_loss IS 'runs_for < runs_against (both false for a tie).';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.double_header IS 'N not a doubleheader, Y traditional, S split admission.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.game_number IS '1, or 2 for the second game of a doubleheader.';
--> statement-breakpoint
COMMENT ON COLUMN analytics.team_game_results.venue_id IS 'Where it was played (mlb.venues).';
