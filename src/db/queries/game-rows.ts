import { getTableConfig } from 'drizzle-orm/pg-core';
import { type Executor, queryRows, sql } from '../client.js';
import { intList, settleAll } from '../rows.js';
import {
  absChallenges,
  battingLines,
  fieldingCredits,
  fieldingLines,
  gameOfficials,
  linescoreInnings,
  pitches,
  pitchingLines,
  playActions,
  plays,
  rejects,
  reviews,
  runners,
} from '../schema/index.js';
import { GAME_ROWS_RUN_SETTING } from '../schema/run-id.js';
import type {
  AbsChallengeRow,
  BattingLineRow,
  FieldingCreditRow,
  FieldingLineRow,
  GameContextRow,
  GameOfficialRow,
  LinescoreInningRow,
  PitchRow,
  PitchingLineRow,
  PlayActionRow,
  PlayRow,
  RejectRow,
  ReviewRow,
  RunnerRow,
  WinProbabilityRow,
} from '../schema/rows.js';

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
  reviews: ReviewRow[];
  absChallenges: AbsChallengeRow[];
  /** The game-context columns of mlb.games (an update of the game's row). */
  gameContext: Pick<GameContextRow, 'game_pk'> & Partial<GameContextRow>;
  /** Win probability per play, when the game's winProbability body was fetched (else the stored rows stay). */
  winProbability?: WinProbabilityRow[];
  rejects: RejectRow[];
}

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
  reviews,
  absChallenges,
} as const;

/** The row lists of {@link GameRows} that are written whole (the game context is an update). */
export type GameRowList = keyof typeof GAME_ROW_TABLES;

/**
 * Tables holding a game's derived rows, deleted and re-inserted together: those of
 * {@link GAME_ROW_TABLES} in reverse insert order (children first), then ingest.rejects. Derived
 * from the schema, so a list added to {@link GameRows} is deleted with the others.
 */
export const GAME_TABLES: readonly string[] = [...Object.values(GAME_ROW_TABLES).reverse(), rejects].map((table) => {
  const { schema, name } = getTableConfig(table);
  return `${schema ?? 'public'}.${name}`;
});

/**
 * Name the run writing game rows in this transaction: the `run_id` default of every table of
 * {@link GAME_ROW_TABLES} and mlb.play_win_probability reads it (schema/run-id.ts), so the rows
 * themselves, COPY text included, carry no run. Local to the transaction. The run id is written into
 * the statement (an integer, checked), so it has no parameter and is pipelined like the deletes.
 */
export async function setGameRowsRun(tx: Executor, runId: number): Promise<void> {
  await tx.execute(sql.raw(`select set_config('${GAME_ROWS_RUN_SETTING}', '${intList([runId])}', true)`));
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
