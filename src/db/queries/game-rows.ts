import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  BattingLineRow,
  FieldingCreditRow,
  FieldingLineRow,
  GameContextRow,
  GameOfficialRow,
  LinescoreInningRow,
  PitchingLineRow,
  PitchRow,
  PlayActionRow,
  PlayRow,
  RejectRow,
  RunnerRow,
  WinProbabilityRow,
} from '../../extract/types.js';
import { queryRows, sql } from '../client.js';
import { copyTarget } from '../copy.js';
import {
  copyRows,
  type EncodedRows,
  encodeRows,
  type Executor,
  insertRows,
  intList,
  settleAll,
  updateRows,
} from '../rows.js';
import {
  battingLines,
  fieldingCredits,
  fieldingLines,
  gameOfficials,
  games as gamesTable,
  linescoreInnings,
  pitches,
  pitchingLines,
  playActions,
  plays,
  playWinProbability,
  runners,
} from '../schema/index.js';
import { markGameSeasonsStale } from './analytics.js';
import { storeRejects } from './rejects.js';

/** Every derived row of one game, as extraction produced them (and validation kept them). */
export interface GameRows {
  plays: PlayRow[];
  pitches: PitchRow[];
  battingLines: BattingLineRow[];
  pitchingLines: PitchingLineRow[];
  runners: RunnerRow[];
  fieldingCredits: FieldingCreditRow[];
  playActions: PlayActionRow[];
  fieldingLines: FieldingLineRow[];
  officials: GameOfficialRow[];
  linescoreInnings: LinescoreInningRow[];
  /** The game-context columns of mlb.games (an update of the game's row). */
  gameContext: Pick<GameContextRow, 'game_pk'> & Partial<GameContextRow>;
  /** Win probability per play, when the game's winProbability body was fetched (else the stored rows stay). */
  winProbability?: WinProbabilityRow[];
  rejects: RejectRow[];
  /**
   * Lists already written as COPY text (by {@link encodeGameRowsForCopy} on a worker thread): their
   * row arrays are then empty, and the text is sent as it is.
   */
  copyText?: Partial<Record<CopiedList, EncodedRows>>;
}

/** The row lists of a game that may travel as COPY text. */
type CopiedList = GameRowList | 'winProbability';

/** Each list of a game's rows and the table it is written to, in insert order. */
export const GAME_ROW_TABLES = {
  plays,
  pitches,
  battingLines,
  pitchingLines,
  runners,
  fieldingCredits,
  playActions,
  fieldingLines,
  officials: gameOfficials,
  linescoreInnings,
} as const;

/** The row lists of {@link GameRows} that are written whole (the game context is an update). */
export type GameRowList = keyof typeof GAME_ROW_TABLES;

/** Every list of a game's rows with its table, in insert order: win probability last (when fetched). */
const ROW_LISTS = [...Object.entries(GAME_ROW_TABLES), ['winProbability', playWinProbability]] as Array<
  [CopiedList, PgTable]
>;

/** Tables holding a game's derived rows, deleted and re-inserted together (children first). */
export const GAME_TABLES = [
  'mlb.pitches',
  'mlb.fielding_credits',
  'mlb.runners',
  'mlb.play_actions',
  'mlb.plays',
  'mlb.batting_lines',
  'mlb.pitching_lines',
  'mlb.fielding_lines',
  'mlb.game_officials',
  'mlb.linescore_innings',
  'ingest.rejects',
] as const;

/**
 * Replace a game's derived rows: delete every row of the game, then insert the new ones. Run inside
 * the game's transaction, so readers see the old rows or the new ones, never a mix, and rows a
 * correction removed disappear.
 */
export async function replaceGameRows(tx: Executor, gamePk: number, rows: GameRows, runId: number): Promise<number> {
  return replaceGamesRows(tx, [{ gamePk, rows }], runId);
}

/**
 * Replace the derived rows of several games in one transaction with one delete and one insert per
 * table (a rebuild's batch): the same rows as replacing them one by one, with a few statements
 * instead of a dozen per game.
 */
export async function replaceGamesRows(
  tx: Executor,
  games: ReadonlyArray<{ gamePk: number; rows: GameRows }>,
  runId: number,
): Promise<number> {
  if (games.length === 0) return 0;
  await deleteGamesRows(tx, games);
  return insertGamesRows(tx, games, runId);
}

/**
 * Delete every derived row of these games (and their win probability where new rows replace it).
 * The deletes are sent together, pipelined on the transaction's connection: one round trip. The
 * game numbers are written into the statements (integers, checked) rather than bound: a statement
 * without parameters needs no describe round trip, so it never holds up the pipeline, and is
 * planned at each run with the tables as they are.
 */
export async function deleteGamesRows(
  tx: Executor,
  games: ReadonlyArray<{ gamePk: number; rows: Pick<GameRows, 'winProbability'> }>,
): Promise<void> {
  if (games.length === 0) return;
  const pks = intList(games.map((g) => g.gamePk));
  const deletes = GAME_TABLES.map((table) => tx.execute(sql.raw(`delete from ${table} where game_pk in (${pks})`)));
  const withWin = games.filter((g) => g.rows.winProbability !== undefined);
  if (withWin.length > 0) {
    const winPks = intList(withWin.map((g) => g.gamePk));
    deletes.push(tx.execute(sql.raw(`delete from mlb.play_win_probability where game_pk in (${winPks})`)));
  }
  await settleAll(deletes);
}

/**
 * A game's (or a batch's) list of at least this many rows is written with COPY where the driver
 * allows it: COPY costs the server a fraction of the JSON insert per row, but two round trips of
 * its own, not pipelined, so short lists go with the other statements. A game's plays, pitches,
 * runners and fielding credits pass it; on 629 games Postgres spent 9.4 s with 50 here against
 * 10.0 s with 100, with no gain below.
 */
export const COPY_MIN_ROWS = 50;

/**
 * Write each list of a game long enough to be copied in ({@link COPY_MIN_ROWS}) as COPY text, as
 * {@link insertGamesRows} would send it with this run: on a worker thread, so the text (one string
 * per list, cheap to pass between threads) replaces row objects the main thread would otherwise
 * receive by structured clone and then encode. The lists sent as text are left empty.
 */
export function encodeGameRowsForCopy(rows: GameRows, runId: number): GameRows {
  const extra = { run_id: runId };
  const copyText: NonNullable<GameRows['copyText']> = { ...rows.copyText };
  const out: GameRows = { ...rows, copyText };
  for (const [key, table] of ROW_LISTS) {
    const list = rows[key] ?? [];
    const encoded = list.length >= COPY_MIN_ROWS ? encodeRows(table, list, extra) : undefined;
    if (!encoded) continue;
    copyText[key] = encoded;
    out[key] = [];
  }
  return out;
}

/**
 * Insert the derived rows of games whose old rows are deleted, update their games' context columns
 * and queue their seasons' standings. The short lists and the other statements are sent together
 * (pipelined on the transaction's connection, since none depends on another); then each long list
 * is copied in, one after the other, the connection carrying nothing else meanwhile.
 */
export async function insertGamesRows(
  tx: Executor,
  games: ReadonlyArray<{ gamePk: number; rows: GameRows }>,
  runId: number,
): Promise<number> {
  if (games.length === 0) return 0;
  const extra = { run_id: runId };
  // Games without a win probability body keep their stored rows: they add nothing to its list.
  const lists = ROW_LISTS.map(([key, table]) => ({
    table,
    rows: games.flatMap((g): readonly object[] => g.rows[key] ?? []),
    encoded: games.flatMap((g) => g.rows.copyText?.[key] ?? []),
  }));
  const foreign = lists.flatMap((l) => l.encoded).find((e) => e.extra.run_id !== runId);
  if (foreign) throw new Error(`rows encoded for run ${String(foreign.extra.run_id)} written by run ${runId}`);
  const copyable = copyTarget(tx) !== undefined;
  const size = (l: (typeof lists)[number]) => l.encoded.reduce((n, e) => n + e.count, l.rows.length);
  const copied = lists.filter((l) => l.encoded.length > 0 || (copyable && size(l) >= COPY_MIN_ROWS));
  const piped = lists.filter((l) => !copied.includes(l));
  const others = [
    updateRows(
      tx,
      gamesTable,
      games.map((g) => g.rows.gameContext),
    ),
    markGameSeasonsStale(
      tx,
      games.map((g) => g.gamePk),
    ),
    storeRejects(
      tx,
      games.flatMap((g) => g.rows.rejects),
      runId,
    ),
  ];
  const [counts] = await settleAll([
    settleAll(piped.map((l) => insertRows(tx, l.table, l.rows, extra))),
    settleAll(others),
  ]);
  let n = counts.reduce((a, b) => a + b, 0);
  for (const l of copied)
    n += (await copyRows(tx, l.table, l.rows, extra, l.encoded)) ?? (await insertRows(tx, l.table, l.rows, extra));
  return n;
}

/**
 * Queue a fetch of every person a loaded game references who is not in mlb.people yet. Derived from
 * the stored rows in one statement after the games are loaded, so it holds no lock inside a game's
 * transaction and a crash cannot lose it (the next drain derives it again).
 */
export async function enqueueMissingPeople(tx: Executor, runId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with referenced as (
          select person_id as id from mlb.batting_lines
          union select person_id from mlb.pitching_lines
          union select batter_id from mlb.plays where batter_id is not null
          union select pitcher_id from mlb.plays where pitcher_id is not null),
        added as (
          insert into ingest.work_items (kind, key, reason, status, run_id)
          select 'person', r.id::text, 'game_person', 'pending', ${runId}
          from referenced r
          where not exists (select 1 from mlb.people p where p.person_id = r.id)
          order by r.id
          on conflict (kind, key) do nothing
          returning 1)
        select count(*)::int as n from added`,
  );
  return Number(rows[0]?.n ?? 0);
}
