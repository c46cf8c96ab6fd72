import type { InferInsertModel, Table } from 'drizzle-orm';
import type * as s from './index.js';

/**
 * The rows extraction produces and the writers take, derived from the drizzle tables: one type per
 * table, keyed by SQL column name (the writers send rows as JSON, which
 * `json_populate_recordset` types by the table). Types only: `extract/` imports them with
 * `import type`, so nothing of `db/` runs in extraction.
 *
 * Every column is present (a missing value is `null`, never left out) except those the loader
 * sets itself (`run_id`, `updated_at`, a serial key, a default timestamp); a timestamp is its
 * ISO-8601 text. A few columns are narrowed to what extraction always gives them (`half_inning`,
 * `side`, `decision`, counts it always computes), where code reading the rows relies on it.
 */

type Columns<T extends Table> = T['_']['columns'];

/** The SQL names of a table's columns (`game_pk`, …), as literal types from the drizzle schema. */
export type ColumnName<T extends Table> = { [K in keyof Columns<T>]: Columns<T>[K]['_']['name'] }[keyof Columns<T>];

/** A value as it travels to the writers in JSON: a timestamp may be a `Date` or its ISO-8601 text. */
type Wire<V> = V extends Date ? Date | string : V;

/** A row of a table as the writers take it: the insert model keyed by column name (columns with defaults optional). */
export type ColumnRow<T extends Table> = {
  [K in keyof InferInsertModel<T> as K extends keyof Columns<T> ? Columns<T>[K]['_']['name'] : never]: Wire<
    InferInsertModel<T>[K]
  >;
};

/** Columns the loader sets, never extraction. */
type LoaderColumns = 'run_id' | 'updated_at';

/** The insert model keyed by column name, a timestamp as its ISO-8601 text (what extraction writes). */
type TextRow<T extends Table> = {
  [K in keyof InferInsertModel<T> as K extends keyof Columns<T> ? Columns<T>[K]['_']['name'] : never]-?: Exclude<
    InferInsertModel<T>[K],
    undefined
  > extends infer V
    ? V extends Date
      ? string
      : V
    : never;
};

/** A table's row as extraction produces it: every column but the loader's present, null where missing. */
export type TableRow<T extends Table, Left extends string = never> = {
  [K in Exclude<keyof TextRow<T>, LoaderColumns | Left>]: Exclude<TextRow<T>[K], undefined>;
};

/** Narrow some columns of a row type to the values extraction gives them. */
type Narrow<R, N extends { [K in keyof N]: K extends keyof R ? R[K] : never }> = Omit<R, keyof N> & N;

/** The game-context columns of `mlb.games`, written by a game's load (an update by game_pk). */
type GameContextColumn =
  | 'attendance'
  | 'first_pitch'
  | 'duration_minutes'
  | 'delay_minutes'
  | 'weather_condition'
  | 'temperature_f'
  | 'wind';

/** Which team of a game a line belongs to. */
export type Side = 'away' | 'home';

/** A pitcher's decision in a game. */
export type Decision = 'W' | 'L' | 'S';

/** A record extraction could not turn into a row; stored in `ingest.rejects` (`game_pk` null for non-game bodies). */
export type RejectRow = TableRow<typeof s.rejects, 'reject_id' | 'created_at'>;
/** `mlb.games`: one row per game, as a schedule gives it (the game-context columns are a load's). */
export type GameRow = TableRow<typeof s.games, GameContextColumn>;
/** The game-context columns of `mlb.games`, written by a game's load (an update by game_pk). */
export type GameContextRow = Pick<TableRow<typeof s.games>, 'game_pk' | GameContextColumn>;
export type PlayRow = Narrow<
  TableRow<typeof s.plays>,
  { half_inning: 'top' | 'bottom'; runs_scored: number; pitch_count: number; is_plate_appearance: boolean }
>;
export type PitchRow = TableRow<typeof s.pitches>;
/** The columns of a boxscore line the database copies from mlb.games (a boxscore does not say its season). */
type LineGameColumn = (typeof s.LINE_GAME_COLUMNS)[number];
export type BattingLineRow = Narrow<TableRow<typeof s.battingLines, LineGameColumn>, { side: Side }>;
export type PitchingLineRow = Narrow<
  TableRow<typeof s.pitchingLines, LineGameColumn>,
  { side: Side; decision: Decision | null; pitching_order: number; is_starter: boolean; pitches: number }
>;
export type PersonRow = TableRow<typeof s.people>;
export type TeamRow = TableRow<typeof s.teams>;
export type VenueRow = TableRow<typeof s.venues>;
/**
 * A team seen inside another body (a schedule game, a boxscore): only the columns whose source
 * field was present (never null). Upsert only these keys so a sparse mention never erases what
 * /v1/teams stored.
 */
export type TeamRef = Pick<TeamRow, 'team_id' | 'name'> & Partial<TeamRow>;
/** A venue seen inside another body: only the columns whose source field was present (see {@link TeamRef}). */
export type VenueRef = Pick<VenueRow, 'venue_id' | 'name'> & Partial<VenueRow>;
export type ReferenceCodeRow = TableRow<typeof s.referenceCodes>;
export type RunnerRow = TableRow<typeof s.runners>;
export type FieldingCreditRow = TableRow<typeof s.fieldingCredits>;
export type PlayActionRow = TableRow<typeof s.playActions>;
export type FieldingLineRow = TableRow<typeof s.fieldingLines>;
export type GameOfficialRow = TableRow<typeof s.gameOfficials>;
export type LinescoreInningRow = TableRow<typeof s.linescoreInnings>;
export type TeamSeasonRow = TableRow<typeof s.teamSeasons>;
export type RosterEntryRow = TableRow<typeof s.rosterEntries>;
export type OfficialStatRow = TableRow<typeof s.officialStats>;
export type WinProbabilityRow = TableRow<typeof s.playWinProbability>;
export type LeagueStaffRow = TableRow<typeof s.leagueStaff>;
export type AwardRow = TableRow<typeof s.awards>;
export type PersonAwardRow = TableRow<typeof s.personAwards>;
export type SeasonRow = TableRow<typeof s.seasons>;
export type TeamCoachRow = TableRow<typeof s.teamCoaches>;
export type PostseasonSeriesRow = TableRow<typeof s.postseasonSeries>;
export type ReviewRow = TableRow<typeof s.reviews>;
export type AbsChallengeRow = Narrow<TableRow<typeof s.absChallenges>, { side: Side }>;
export type TransactionRow = TableRow<typeof s.transactions, 'first_seen_at' | 'last_seen_at'>;
export type PregameProbableRow = TableRow<typeof s.pregameProbables, 'announced_at' | 'last_seen_at' | 'replaced_at'>;
export type PregameLineupRow = TableRow<typeof s.pregameLineups, 'first_seen_at' | 'last_seen_at' | 'replaced_at'>;
export type PregameOfficialRow = TableRow<typeof s.pregameOfficials, 'first_seen_at' | 'last_seen_at' | 'replaced_at'>;
export type PregameWeatherRow = TableRow<typeof s.pregameWeather, 'first_seen_at' | 'last_seen_at' | 'replaced_at'>;
export type NewFieldRow = TableRow<typeof s.newFields, 'first_seen_at' | 'last_seen_at' | 'seen'>;
export type DraftPickRow = TableRow<typeof s.draftPicks>;
export type VenueFieldInfoRow = TableRow<typeof s.venueFieldInfo>;
