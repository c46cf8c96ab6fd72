/**
 * Row shapes produced by `extract/`. Keys are the exact SQL column names of the `mlb.*` and
 * `ingest.rejects` tables (see `src/db/schema/`), because the loader inserts them with
 * `json_populate_recordset(null::mlb.<table>, $json)`. `run_id` and `updated_at` are omitted: the
 * loader sets them.
 *
 * Value conventions: integers and floats are JS numbers, timestamps ISO-8601 strings (UTC),
 * dates `YYYY-MM-DD`, and a missing optional value is `null` (never `undefined`, `NaN` or `""`).
 */

/** A record extraction could not turn into a row; stored in `ingest.rejects`. */
export interface RejectRow {
  /** The game the record belongs to, or null for non-game bodies (people, teams…). */
  game_pk: number | null;
  /** The table the record was meant for, e.g. `plays`, `pitches`, `batting_lines`. */
  target: string;
  /** Where in the body, e.g. `allPlays[12].playEvents[3]`. */
  path: string;
  reason: string;
  /** The offending record as received (null when there was none). */
  record: unknown;
}

/** What every extractor returns: the rows it could build and the records it could not. */
export interface Extracted<T> {
  rows: T;
  rejects: RejectRow[];
}

/** `mlb.games`: one row per game. */
export interface GameRow {
  game_pk: number;
  season: number;
  game_type: string;
  sport_id: number;
  official_date: string;
  game_date: string | null;
  coded_game_state: string;
  abstract_game_state: string | null;
  detailed_state: string | null;
  status_code: string | null;
  status_reason: string | null;
  home_team_id: number | null;
  away_team_id: number | null;
  home_score: number | null;
  away_score: number | null;
  home_is_winner: boolean | null;
  away_is_winner: boolean | null;
  is_tie: boolean | null;
  venue_id: number | null;
  double_header: string | null;
  game_number: number | null;
  day_night: string | null;
  scheduled_innings: number | null;
  series_description: string | null;
  series_game_number: number | null;
  games_in_series: number | null;
  if_necessary: string | null;
  reschedule_date: string | null;
  reschedule_game_date: string | null;
  rescheduled_from: string | null;
  rescheduled_from_date: string | null;
  resume_date: string | null;
  resume_game_date: string | null;
  resumed_from: string | null;
  resumed_from_date: string | null;
}

/** `mlb.plays`: one row per plate appearance, keyed (game_pk, at_bat_index). */
export interface PlayRow {
  game_pk: number;
  at_bat_index: number;
  inning: number;
  half_inning: 'top' | 'bottom';
  batter_id: number | null;
  pitcher_id: number | null;
  bat_side: string | null;
  pitch_hand: string | null;
  event: string | null;
  event_type: string | null;
  description: string | null;
  rbi: number | null;
  away_score: number | null;
  home_score: number | null;
  is_out: boolean | null;
  is_scoring_play: boolean | null;
  has_review: boolean | null;
  is_complete: boolean | null;
  balls: number | null;
  strikes: number | null;
  outs: number | null;
  runs_scored: number;
  pitch_count: number;
  start_time: string | null;
  end_time: string | null;
  /** Outs when the play began (previous play's count.outs in the half-inning, else 0). */
  outs_before: number | null;
  /** Runner on each base when the play began (see `replayBaseState`), null = empty. */
  on_1b_before: number | null;
  on_2b_before: number | null;
  on_3b_before: number | null;
  /** Score when the play began (the previous play's score after, else 0-0). */
  away_score_before: number | null;
  home_score_before: number | null;
  /** The batter completed a plate appearance (he is among the play's runners starting from home). */
  is_plate_appearance: boolean;
}

/** `mlb.pitches`: one row per pitch, keyed (game_pk, at_bat_index, play_event_index). */
export interface PitchRow {
  game_pk: number;
  at_bat_index: number;
  play_event_index: number;
  pitcher_id: number | null;
  batter_id: number | null;
  pitch_number: number | null;
  balls: number | null;
  strikes: number | null;
  outs: number | null;
  call_code: string | null;
  call_description: string | null;
  is_in_play: boolean | null;
  is_strike: boolean | null;
  is_ball: boolean | null;
  pitch_type: string | null;
  pitch_type_description: string | null;
  type_confidence: number | null;
  start_speed: number | null;
  end_speed: number | null;
  spin_rate: number | null;
  spin_direction: number | null;
  break_angle: number | null;
  break_length: number | null;
  break_vertical: number | null;
  break_vertical_induced: number | null;
  break_horizontal: number | null;
  plate_x: number | null;
  plate_z: number | null;
  pfx_x: number | null;
  pfx_z: number | null;
  strike_zone_top: number | null;
  strike_zone_bottom: number | null;
  zone: number | null;
  extension: number | null;
  plate_time: number | null;
  launch_speed: number | null;
  launch_angle: number | null;
  total_distance: number | null;
  trajectory: string | null;
  hardness: string | null;
  hit_location: string | null;
  hit_coord_x: number | null;
  hit_coord_y: number | null;
  play_id: string | null;
  start_time: string | null;
  end_time: string | null;
}

/** `mlb.batting_lines`: keyed (game_pk, team_id, person_id). */
export interface BattingLineRow {
  game_pk: number;
  team_id: number;
  person_id: number;
  side: 'away' | 'home';
  batting_order: number | null;
  position: string | null;
  all_positions: string | null;
  is_substitute: boolean | null;
  games_played: number | null;
  plate_appearances: number | null;
  at_bats: number | null;
  runs: number | null;
  hits: number | null;
  doubles: number | null;
  triples: number | null;
  home_runs: number | null;
  rbi: number | null;
  base_on_balls: number | null;
  intentional_walks: number | null;
  strike_outs: number | null;
  hit_by_pitch: number | null;
  stolen_bases: number | null;
  caught_stealing: number | null;
  sac_bunts: number | null;
  sac_flies: number | null;
  ground_into_double_play: number | null;
  left_on_base: number | null;
  total_bases: number | null;
}

/** A pitcher's decision in a game. */
export type Decision = 'W' | 'L' | 'S';

/** `mlb.pitching_lines`: keyed (game_pk, team_id, person_id). */
export interface PitchingLineRow {
  game_pk: number;
  team_id: number;
  person_id: number;
  side: 'away' | 'home';
  pitching_order: number;
  is_starter: boolean;
  outs: number | null;
  innings_pitched: string | null;
  batters_faced: number | null;
  hits: number | null;
  runs: number | null;
  earned_runs: number | null;
  base_on_balls: number | null;
  intentional_walks: number | null;
  strike_outs: number | null;
  home_runs: number | null;
  hit_by_pitch: number | null;
  pitches: number;
  strikes: number | null;
  balls: number | null;
  wild_pitches: number | null;
  balks: number | null;
  inherited_runners: number | null;
  inherited_runners_scored: number | null;
  decision: Decision | null;
  holds: number | null;
  blown_saves: number | null;
}

/** `mlb.people`: one row per person. */
export interface PersonRow {
  person_id: number;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  use_name: string | null;
  middle_name: string | null;
  boxscore_name: string | null;
  primary_number: string | null;
  birth_date: string | null;
  birth_city: string | null;
  birth_state_province: string | null;
  birth_country: string | null;
  death_date: string | null;
  height: string | null;
  height_inches: number | null;
  weight: number | null;
  gender: string | null;
  bat_side: string | null;
  pitch_hand: string | null;
  primary_position: string | null;
  primary_position_code: string | null;
  mlb_debut_date: string | null;
  last_played_date: string | null;
  current_team_id: number | null;
  draft_year: number | null;
  active: boolean | null;
}

/** `mlb.teams`: one row per team. */
export interface TeamRow {
  team_id: number;
  name: string;
  team_name: string | null;
  short_name: string | null;
  abbreviation: string | null;
  team_code: string | null;
  file_code: string | null;
  location_name: string | null;
  franchise_name: string | null;
  club_name: string | null;
  league_id: number | null;
  league_name: string | null;
  division_id: number | null;
  division_name: string | null;
  sport_id: number | null;
  venue_id: number | null;
  parent_org_id: number | null;
  first_year_of_play: string | null;
  season: number | null;
  active: boolean | null;
}

/** `mlb.venues`: one row per venue. */
export interface VenueRow {
  venue_id: number;
  name: string;
  city: string | null;
  state: string | null;
  state_abbrev: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  capacity: number | null;
  turf_type: string | null;
  roof_type: string | null;
  active: boolean | null;
}

/**
 * A team seen inside another body (a schedule game, a boxscore): only the columns whose source
 * field was present (never null). Upsert only these keys so a sparse mention never erases what
 * /v1/teams stored.
 */
export type TeamRef = Pick<TeamRow, 'team_id' | 'name'> & Partial<TeamRow>;

/** A venue seen inside another body: only the columns whose source field was present (see {@link TeamRef}). */
export type VenueRef = Pick<VenueRow, 'venue_id' | 'name'> & Partial<VenueRow>;

/** `mlb.reference_codes`: one row per code of a configuration list. */
export interface ReferenceCodeRow {
  list: string;
  code: string;
  description: string | null;
  /** The whole entry as served. */
  attributes: unknown;
}

/** A row under construction: every column may still be null until it is validated. */
export type Draft<T> = { [K in keyof T]: T[K] | null };

/** A base as the feed names it in runner movements. */
export type BaseName = '1B' | '2B' | '3B' | 'score';

/** `mlb.runners`: one row per `runners[]` entry, keyed (game_pk, at_bat_index, runner_index). */
export interface RunnerRow {
  game_pk: number;
  at_bat_index: number;
  runner_index: number;
  runner_id: number | null;
  play_event_index: number | null;
  origin_base: string | null;
  start_base: string | null;
  end_base: string | null;
  out_base: string | null;
  is_out: boolean | null;
  out_number: number | null;
  event: string | null;
  event_type: string | null;
  movement_reason: string | null;
  is_scoring_event: boolean | null;
  rbi: boolean | null;
  earned: boolean | null;
  team_unearned: boolean | null;
  responsible_pitcher_id: number | null;
}

/** `mlb.fielding_credits`: keyed (game_pk, at_bat_index, runner_index, credit_index). */
export interface FieldingCreditRow {
  game_pk: number;
  at_bat_index: number;
  runner_index: number;
  credit_index: number;
  person_id: number | null;
  position_code: string | null;
  credit: string | null;
}

/** `mlb.play_actions`: a non-pitch play event, keyed (game_pk, at_bat_index, play_event_index). */
export interface PlayActionRow {
  game_pk: number;
  at_bat_index: number;
  play_event_index: number;
  type: string | null;
  event: string | null;
  event_type: string | null;
  description: string | null;
  player_id: number | null;
  position_code: string | null;
  is_substitution: boolean | null;
  balls: number | null;
  strikes: number | null;
  outs: number | null;
  away_score: number | null;
  home_score: number | null;
  start_time: string | null;
}

/** `mlb.fielding_lines`: boxscore stats.fielding, keyed (game_pk, team_id, person_id). */
export interface FieldingLineRow {
  game_pk: number;
  team_id: number;
  person_id: number;
  position: string | null;
  putouts: number | null;
  assists: number | null;
  errors: number | null;
  chances: number | null;
  passed_balls: number | null;
  stolen_bases: number | null;
  caught_stealing: number | null;
  pickoffs: number | null;
}

/** `mlb.game_officials`: keyed (game_pk, official_type). */
export interface GameOfficialRow {
  game_pk: number;
  official_type: string;
  person_id: number | null;
  full_name: string | null;
}

/** `mlb.linescore_innings`: keyed (game_pk, inning); a half not played is all null. */
export interface LinescoreInningRow {
  game_pk: number;
  inning: number;
  away_runs: number | null;
  away_hits: number | null;
  away_errors: number | null;
  away_left_on_base: number | null;
  home_runs: number | null;
  home_hits: number | null;
  home_errors: number | null;
  home_left_on_base: number | null;
}

/** The game-context columns of `mlb.games`, written by a game's load (an update by game_pk). */
export interface GameContextRow {
  game_pk: number;
  attendance: number | null;
  first_pitch: string | null;
  duration_minutes: number | null;
  delay_minutes: number | null;
  weather_condition: string | null;
  temperature_f: number | null;
  wind: string | null;
}

/** `mlb.team_seasons`: a club as it was in one season, keyed (team_id, season). */
export interface TeamSeasonRow {
  team_id: number;
  season: number;
  sport_id: number | null;
  name: string;
  team_name: string | null;
  abbreviation: string | null;
  location_name: string | null;
  league_id: number | null;
  league_name: string | null;
  division_id: number | null;
  division_name: string | null;
  venue_id: number | null;
  venue_name: string | null;
  parent_org_id: number | null;
  parent_org_name: string | null;
}

/** `mlb.roster_entries`: one row per person on a team's roster of one type on one date. */
export interface RosterEntryRow {
  team_id: number;
  roster_type: string;
  roster_date: string;
  person_id: number;
  full_name: string | null;
  jersey_number: string | null;
  position_code: string | null;
  position_abbreviation: string | null;
  status_code: string | null;
  status_description: string | null;
  parent_team_id: number | null;
}

/** `mlb.official_stats`: one split of a `/v1/stats?stats=season` body. */
export interface OfficialStatRow {
  season: number;
  sport_id: number;
  game_type: string;
  stat_group: string;
  person_id: number;
  team_id: number;
  /** A fielding split's position abbreviation; '' for hitting and pitching. */
  position: string;
  full_name: string | null;
  num_teams: number | null;
  games_played: number | null;
  plate_appearances: number | null;
  at_bats: number | null;
  runs: number | null;
  hits: number | null;
  doubles: number | null;
  triples: number | null;
  home_runs: number | null;
  rbi: number | null;
  base_on_balls: number | null;
  intentional_walks: number | null;
  hit_by_pitch: number | null;
  strike_outs: number | null;
  stolen_bases: number | null;
  caught_stealing: number | null;
  sac_flies: number | null;
  games_started: number | null;
  wins: number | null;
  losses: number | null;
  saves: number | null;
  outs: number | null;
  earned_runs: number | null;
  batters_faced: number | null;
  put_outs: number | null;
  assists: number | null;
  errors: number | null;
  chances: number | null;
  stat: unknown;
  as_of_date: string;
}

/** `mlb.play_win_probability`: one play of a /v1/game/{pk}/winProbability body. */
export interface WinProbabilityRow {
  game_pk: number;
  at_bat_index: number;
  inning: number | null;
  half_inning: string | null;
  batter_id: number | null;
  pitcher_id: number | null;
  home_win_probability_before: number | null;
  home_win_probability: number | null;
  away_win_probability: number | null;
  home_win_probability_added: number | null;
  leverage_index: number | null;
}

/** `mlb.league_staff`: one person of a `/v1/jobs/{umpires|officialScorers}` listing. */
export interface LeagueStaffRow {
  listing: string;
  sport_id: number;
  person_id: number;
  full_name: string | null;
  jersey_number: string | null;
  job: string | null;
  job_id: string | null;
  title: string | null;
  as_of_date: string;
}

/** `mlb.awards`: one award of the `/v1/awards` catalogue. */
export interface AwardRow {
  award_id: string;
  name: string | null;
  description: string | null;
  sort_order: number | null;
  sport_id: number | null;
  league_id: number | null;
  notes: string | null;
  active: boolean | null;
  as_of_date: string;
}

/** `mlb.person_awards`: one award given to a person (`/v1/people/{personId}/awards`). */
export interface PersonAwardRow {
  person_id: number;
  award_id: string;
  /** The award's date, else its season, else empty: the key of one receipt of an award. */
  award_key: string;
  award_date: string | null;
  season: number | null;
  team_id: number | null;
  award_name: string | null;
  notes: string | null;
  as_of_date: string;
}
