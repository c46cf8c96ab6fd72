import { bigint, boolean, date, index, integer, json, numeric, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb, raw } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * Bodies of the snapshot catalogue (rosters…) with their history: one row per distinct body of an
 * (operation, parameters) pair. A fetch that returns a body already stored only moves its
 * `last_seen_at`; a changed body adds a row, so every version ever received is kept.
 */
export const rawSnapshots = raw.table(
  'snapshots',
  {
    operation: text('operation').notNull(),
    /** Canonical query string of the request (sorted keys). */
    paramsKey: text('params_key').notNull(),
    /** SHA-256 hex of the body without `copyright`. */
    bodySha256: text('body_sha256').notNull(),
    /** The body exactly as received. */
    body: json('body').notNull(),
    firstSeenAt: timestamp('first_seen_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.operation, t.paramsKey, t.bodySha256] }),
    index('snapshots_latest_idx').on(t.operation, t.paramsKey, t.lastSeenAt),
  ],
);

/** Who was on a team's roster of one type (`40Man`, `active`) on one date, from /v1/teams/{id}/roster. */
export const rosterEntries = mlb.table(
  'roster_entries',
  {
    teamId: integer('team_id').notNull(),
    rosterType: text('roster_type').notNull(),
    rosterDate: date('roster_date', { mode: 'string' }).notNull(),
    personId: integer('person_id').notNull(),
    fullName: text('full_name'),
    jerseyNumber: text('jersey_number'),
    positionCode: text('position_code'),
    positionAbbreviation: text('position_abbreviation'),
    /** `A` active, `40M` forty-man, `D10`/`D60` injured list, `MIN` minor-league contract… */
    statusCode: text('status_code'),
    statusDescription: text('status_description'),
    /** The MLB organization of a minor-league club's player, when the body names it. */
    parentTeamId: integer('parent_team_id'),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.rosterType, t.rosterDate, t.personId] }),
    index('roster_entries_person_idx').on(t.personId, t.rosterDate),
  ],
);

/**
 * The league's own season statistics (`/v1/stats?stats=season&playerPool=ALL`), one row per split
 * of the latest body: per player, sport, season, game type and group (`hitting`, `pitching`). The
 * API gives a player who changed clubs one split with `num_teams` > 1 and his last club.
 */
export const officialStats = mlb.table(
  'official_stats',
  {
    season: integer('season').notNull(),
    sportId: integer('sport_id').notNull(),
    gameType: text('game_type').notNull(),
    statGroup: text('stat_group').notNull(),
    personId: integer('person_id').notNull(),
    teamId: integer('team_id').notNull(),
    /** A fielding split's position (abbreviation: one split per position played); '' for hitting and pitching. */
    position: text('position').notNull().default(''),
    fullName: text('full_name'),
    numTeams: integer('num_teams'),
    gamesPlayed: integer('games_played'),
    plateAppearances: integer('plate_appearances'),
    atBats: integer('at_bats'),
    runs: integer('runs'),
    hits: integer('hits'),
    doubles: integer('doubles'),
    triples: integer('triples'),
    homeRuns: integer('home_runs'),
    rbi: integer('rbi'),
    baseOnBalls: integer('base_on_balls'),
    intentionalWalks: integer('intentional_walks'),
    hitByPitch: integer('hit_by_pitch'),
    strikeOuts: integer('strike_outs'),
    stolenBases: integer('stolen_bases'),
    caughtStealing: integer('caught_stealing'),
    sacFlies: integer('sac_flies'),
    gamesStarted: integer('games_started'),
    wins: integer('wins'),
    losses: integer('losses'),
    saves: integer('saves'),
    outs: integer('outs'),
    earnedRuns: integer('earned_runs'),
    battersFaced: integer('batters_faced'),
    putOuts: integer('put_outs'),
    assists: integer('assists'),
    errors: integer('errors'),
    chances: integer('chances'),
    /** The split's whole `stat` object, for the fields without a column. */
    stat: json('stat'),
    /** The UTC day the body in force (its newest page) was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({
      name: 'official_stats_pk',
      columns: [t.season, t.sportId, t.gameType, t.statGroup, t.personId, t.teamId, t.position],
    }),
    index('official_stats_person_idx').on(t.personId, t.season),
  ],
);

/**
 * How many games a season's schedule lists (`/v1/schedule?season=…&gameType=R`), as of the latest
 * `dugout snapshot stats`: what the official-statistics checks need to know that the warehouse
 * holds the whole season before comparing it with the league's.
 */
export const seasonGames = mlb.table(
  'season_games',
  {
    season: integer('season').notNull(),
    sportId: integer('sport_id').notNull(),
    gameType: text('game_type').notNull(),
    /** Games the schedule lists (one per gamePk), cancelled ones left out. */
    scheduledGames: integer('scheduled_games').notNull(),
    /** Of those, the games the schedule calls final. */
    finalGames: integer('final_games').notNull(),
    /** The UTC day the body in force was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'season_games_pk', columns: [t.season, t.sportId, t.gameType] })],
);

/**
 * The league's staff from the `jobs` operations (`/v1/jobs/umpires`, `/v1/jobs/officialScorers`):
 * one row per listing, sport and person, as of the latest snapshot.
 */
export const leagueStaff = mlb.table(
  'league_staff',
  {
    /** The listing requested: `umpires` or `officialScorers`. */
    listing: text('listing').notNull(),
    sportId: integer('sport_id').notNull(),
    personId: integer('person_id').notNull(),
    fullName: text('full_name'),
    jerseyNumber: text('jersey_number'),
    job: text('job'),
    jobId: text('job_id'),
    title: text('title'),
    /** The UTC day this version of the listing was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.listing, t.sportId, t.personId] })],
);

/** The award catalogue (`/v1/awards`): one row per award id, as of the latest snapshot. */
export const awards = mlb.table('awards', {
  awardId: text('award_id').primaryKey(),
  name: text('name'),
  description: text('description'),
  sortOrder: integer('sort_order'),
  /** The sport of a sport-wide award (the Hall of Fame, a club's MVP); null when it names a league. */
  sportId: integer('sport_id'),
  /** The league of a league award (AL MVP: 103); null when it names a sport. */
  leagueId: integer('league_id'),
  notes: text('notes'),
  active: boolean('active'),
  /** The UTC day this version of the catalogue was first received. */
  asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
  runId: bigint('run_id', { mode: 'number' }),
});

/**
 * Awards given to a person (`/v1/people/{personId}/awards`): one row per receipt, as of the latest
 * snapshot of that person.
 */
export const personAwards = mlb.table(
  'person_awards',
  {
    personId: integer('person_id').notNull(),
    awardId: text('award_id').notNull(),
    /** The receipt's date, else its season, else empty: one receipt of an award per key. */
    awardKey: text('award_key').notNull(),
    awardDate: date('award_date', { mode: 'string' }),
    season: integer('season'),
    teamId: integer('team_id'),
    /** The award's name as the person's body gives it. */
    awardName: text('award_name'),
    notes: text('notes'),
    /** The UTC day this version of the person's awards was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.awardId, t.awardKey] }),
    index('person_awards_award_idx').on(t.awardId, t.season),
  ],
);

/**
 * The seasons of a sport (`/v1/seasons`): one row per season and sport with its dates by game type
 * (spring training, the regular season, the postseason), as of the latest snapshot. The backfill
 * planner reads a season's dates here.
 */
export const seasons = mlb.table(
  'seasons',
  {
    season: integer('season').notNull(),
    sportId: integer('sport_id').notNull(),
    hasWildcard: boolean('has_wildcard'),
    preSeasonStartDate: date('pre_season_start_date', { mode: 'string' }),
    /** The first day of the season (spring training included). */
    seasonStartDate: date('season_start_date', { mode: 'string' }),
    springStartDate: date('spring_start_date', { mode: 'string' }),
    springEndDate: date('spring_end_date', { mode: 'string' }),
    regularSeasonStartDate: date('regular_season_start_date', { mode: 'string' }),
    lastDate1stHalf: date('last_date_1st_half', { mode: 'string' }),
    allStarDate: date('all_star_date', { mode: 'string' }),
    firstDate2ndHalf: date('first_date_2nd_half', { mode: 'string' }),
    regularSeasonEndDate: date('regular_season_end_date', { mode: 'string' }),
    postSeasonStartDate: date('post_season_start_date', { mode: 'string' }),
    postSeasonEndDate: date('post_season_end_date', { mode: 'string' }),
    /** The last day of the season (the postseason included). */
    seasonEndDate: date('season_end_date', { mode: 'string' }),
    offSeasonEndDate: date('off_season_end_date', { mode: 'string' }),
    qualifierPlateAppearances: numeric('qualifier_plate_appearances', { precision: 4, scale: 2 }),
    qualifierOutsPitched: numeric('qualifier_outs_pitched', { precision: 4, scale: 2 }),
    /** The UTC day this version of the seasons body was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'seasons_pk', columns: [t.season, t.sportId] })],
);

/**
 * A club's coaching staff in a season (`/v1/teams/{teamId}/coaches?season=`): one row per club,
 * season, person and job (a person holding two jobs, such as a bench coach who is also the interim
 * manager, has two rows), as of the latest snapshot of that club and season.
 */
export const teamCoaches = mlb.table(
  'team_coaches',
  {
    teamId: integer('team_id').notNull(),
    season: integer('season').notNull(),
    personId: integer('person_id').notNull(),
    /** The job's code (`MNGR` manager, `NTRM` interim manager, `COAB` bench coach…); the job's name when the code is missing. */
    jobId: text('job_id').notNull(),
    job: text('job'),
    title: text('title'),
    fullName: text('full_name'),
    jerseyNumber: text('jersey_number'),
    /** The UTC day this version of the club's staff was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'team_coaches_pk', columns: [t.teamId, t.season, t.personId, t.jobId] })],
);

/**
 * The postseason's series (`/v1/schedule/postseason/series`): one row per season, sport and series
 * with its round, its two clubs, the games won by each and the winner, as of the latest snapshot.
 */
export const postseasonSeries = mlb.table(
  'postseason_series',
  {
    season: integer('season').notNull(),
    sportId: integer('sport_id').notNull(),
    /** The series id the API gives (`W_1`, `L_2`, `D_3`, `F_4`…). */
    seriesId: text('series_id').notNull(),
    /** The round as a game type: F wild card, D division series, L league championship, W World Series. */
    gameType: text('game_type'),
    /** The round's name (`World Series`, `ALDS`…). */
    description: text('description'),
    /** Games the series is played to at most (best of). */
    gamesInSeries: integer('games_in_series'),
    /** Games of the series played to an end (final). */
    gamesPlayed: integer('games_played').notNull(),
    /** The club at home in the series' first game (the higher seed). */
    homeTeamId: integer('home_team_id'),
    awayTeamId: integer('away_team_id'),
    homeWins: integer('home_wins').notNull(),
    awayWins: integer('away_wins').notNull(),
    /** The club that won the series; null while it is undecided. */
    winnerTeamId: integer('winner_team_id'),
    firstGameDate: date('first_game_date', { mode: 'string' }),
    lastGameDate: date('last_game_date', { mode: 'string' }),
    /** The UTC day this version of the series body was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'postseason_series_pk', columns: [t.season, t.sportId, t.seriesId] })],
);
