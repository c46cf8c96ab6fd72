import { type Executor, sql } from '../client.js';
import { refreshStaleSeasons } from './analytics.js';
import { settleAll } from '../rows.js';
import { GAME_TABLES } from './game-rows.js';
import { GAME_BODY_TABLES } from './raw-bodies.js';

/** The tables a game's load rewrites (its rows, its rejects, its win probability) and mlb.games. */
const GAME_LOAD_TABLES = [...GAME_TABLES, 'mlb.play_win_probability', 'mlb.games'];

/** The longest to sample first: the largest game tables. */
const LARGEST = ['mlb.pitches', 'mlb.plays', 'mlb.play_win_probability', 'mlb.batting_lines', 'mlb.runners'];

/**
 * Tables analyzed at once, each lane one after the other: ANALYZE is CPU work on one core, and the
 * end of a run leaves the others idle (two lanes beat one; more gained nothing).
 */
const ANALYZE_LANES = 2;

/**
 * Games a run must load before it refreshes the planner's statistics itself: below this, autovacuum
 * keeps up (and a nightly sync of a dozen games should not pay for sampling every table).
 */
export const ANALYZE_AFTER_GAMES = 100;

/** What a run asks of the server at its end, beyond what the server's autovacuum does. */
export interface MaintenanceOptions {
  /** Mark the new pages all-visible (a backfill or sync: rows mostly added). */
  vacuum?: boolean;
  /**
   * Whether the server vacuums and analyzes by itself (default true). PGlite does not: it is one
   * process, with no autovacuum, so a replaced row's dead version stays until someone vacuums.
   */
  autovacuum?: boolean;
}

/**
 * Whether a database of this kind vacuums and analyzes by itself: PostgreSQL does (autovacuum);
 * PGlite runs the server as one process with no autovacuum at all.
 */
export function hasAutovacuum(kind: 'postgres' | 'pglite'): boolean {
  return kind !== 'pglite';
}

/**
 * The statement run on each game table at the end of a run that loaded `gamesLoaded` games, or
 * undefined for none. With autovacuum: ANALYZE (VACUUM (ANALYZE) with `vacuum`) once a run loaded
 * {@link ANALYZE_AFTER_GAMES} games, else nothing. Without (PGlite): VACUUM after any run that
 * loaded a game, since nothing else ever will (every rebuild of a season added its size again, and
 * queries read the dead half too), with ANALYZE too from {@link ANALYZE_AFTER_GAMES} games.
 */
export function endOfRunMaintenance(
  gamesLoaded: number,
  opts: MaintenanceOptions = {},
): 'analyze' | 'vacuum' | 'vacuum (analyze)' | undefined {
  const large = gamesLoaded >= ANALYZE_AFTER_GAMES;
  if (opts.autovacuum === false) return gamesLoaded < 1 ? undefined : large ? 'vacuum (analyze)' : 'vacuum';
  if (!large) return undefined;
  return opts.vacuum ? 'vacuum (analyze)' : 'analyze';
}

/**
 * ANALYZE the game tables after a run that loaded at least {@link ANALYZE_AFTER_GAMES} games, so the
 * queries run right after a backfill or a rebuild (the run's own analytics refresh, a dashboard, an
 * analyst's SQL) are planned from the rows now stored, not from an empty warehouse's estimates:
 * before autovacuum got to a freshly loaded season, the umpires' called-strike query sorted on
 * disk. Takes no lock that blocks readers or writers.
 *
 * With `vacuum` (a backfill or sync: rows mostly added) it is VACUUM (ANALYZE), which also marks
 * the new pages all-visible, so a query that an index covers reads the index alone rather than
 * scanning the pitches table, for a little more time at the end of the load. A rebuild rewrites
 * every row, and vacuuming the dead half costs several times that: on PostgreSQL that is left to
 * autovacuum.
 * Without autovacuum (PGlite) see {@link endOfRunMaintenance}.
 * Runs outside any transaction (VACUUM cannot run in one). Returns whether it ran.
 */
export async function analyzeAfterLargeLoad(
  db: Executor,
  gamesLoaded: number,
  opts: MaintenanceOptions = {},
): Promise<boolean> {
  const verb = endOfRunMaintenance(gamesLoaded, opts);
  if (!verb) return false;
  const tables = [...LARGEST, ...GAME_LOAD_TABLES.filter((t) => !LARGEST.includes(t))];
  const lanes = Array.from({ length: ANALYZE_LANES }, (_, i) => tables.filter((_, j) => j % ANALYZE_LANES === i));
  await settleAll(
    lanes.map(async (lane) => {
      for (const table of lane) await db.execute(sql.raw(`${verb} ${table}`));
    }),
  );
  return true;
}

/** Bodies and rows a run replaces whether or not it loads a game: schedule and change-log pages, people. */
const REPLACED_EVERY_RUN = ['raw.responses', 'raw.people', 'mlb.people'];

/** A game's stored bodies, replaced when it is loaded again. */
const RAW_GAME_TABLES = GAME_BODY_TABLES.map((t) => t.table);

/**
 * Without autovacuum (PGlite), VACUUM what a run replaced besides the game tables (those are
 * {@link analyzeAfterLargeLoad}'s): the stored schedule and change-log pages and people that every
 * sync may rewrite, and, when it loaded a game, the games' raw bodies, whose replaced versions
 * (a play-by-play is large even compressed) would otherwise stay for good. A vacuum reads only
 * the pages changed since the last one.
 */
export async function vacuumReplacedBodies(db: Executor, gamesLoaded: number): Promise<void> {
  for (const table of [...REPLACED_EVERY_RUN, ...(gamesLoaded > 0 ? RAW_GAME_TABLES : [])]) {
    await db.execute(sql.raw(`vacuum ${table}`));
  }
}

/**
 * What every loading run does last: refresh the planner's statistics after a large load (and, with
 * `vacuum`, the visibility map: see {@link analyzeAfterLargeLoad}); without autovacuum also vacuum
 * what the run replaced ({@link vacuumReplacedBodies}); then the precomputed analytics
 * of the seasons it changed (planned from those statistics). Returns the number of seasons refreshed.
 */
export async function refreshAfterLoad(
  db: Executor,
  gamesLoaded: number,
  opts: MaintenanceOptions & { vacuum: boolean },
): Promise<number> {
  await analyzeAfterLargeLoad(db, gamesLoaded, opts);
  if (opts.autovacuum === false) await vacuumReplacedBodies(db, gamesLoaded);
  return refreshStaleSeasons(db);
}
