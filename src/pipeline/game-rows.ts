import { queryRows, sql } from '../db/client.js';
import { insertRows, type Executor, updateRows } from '../db/rows.js';
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
} from '../db/schema/index.js';
import {
  extractBoxscore,
  extractGameDetail,
  extractPlayByPlay,
  extractPlayDetail,
  extractWinProbability,
  type RejectRow,
} from '../extract/index.js';
import { createRowValidator } from '../db/validate-rows.js';
import { markGameSeasonsStale } from './analytics.js';
import { storeRejects } from './rejects-store.js';

type Rows = Record<string, unknown>[];

/** Every derived row of one game, as extraction produced them. */
export interface GameRows {
  plays: Rows;
  pitches: Rows;
  battingLines: Rows;
  pitchingLines: Rows;
  runners: Rows;
  fieldingCredits: Rows;
  playActions: Rows;
  fieldingLines: Rows;
  officials: Rows;
  linescoreInnings: Rows;
  /** The game-context columns of mlb.games (an update of the game's row). */
  gameContext: Record<string, unknown>;
  /** Win probability per play, when the game's winProbability body was fetched (else the stored rows stay). */
  winProbability?: Rows;
  rejects: RejectRow[];
}

/** The validators of a game's tables: every integer column there is a count, an index or an id. */
const VALIDATORS = {
  plays: createRowValidator(plays, { nonNegative: true }),
  pitches: createRowValidator(pitches, { nonNegative: true }),
  battingLines: createRowValidator(battingLines, { nonNegative: true }),
  pitchingLines: createRowValidator(pitchingLines, { nonNegative: true }),
  runners: createRowValidator(runners, { nonNegative: true }),
  fieldingCredits: createRowValidator(fieldingCredits, { nonNegative: true }),
  playActions: createRowValidator(playActions, { nonNegative: true }),
  fieldingLines: createRowValidator(fieldingLines, { nonNegative: true }),
  officials: createRowValidator(gameOfficials, { nonNegative: true }),
  linescoreInnings: createRowValidator(linescoreInnings, { nonNegative: true }),
} as const;
const GAME_CONTEXT = createRowValidator(gamesTable, { nonNegative: true, signed: ['temperature_f'] });
const WIN_PROBABILITY = createRowValidator(playWinProbability, { nonNegative: true });

/**
 * Extract every derived row of a game from its two bodies (pure), each checked against its
 * table's column types: a bad value is nulled or its row rejected, with a reject row saying which,
 * so the rest of the game loads (see db/validate-rows.ts).
 */
export function extractGameRows(gamePk: number, boxscore: unknown, playByPlay: unknown, winProbability?: unknown): GameRows {
  const raw = extractRawGameRows(gamePk, boxscore, playByPlay);
  const rejected: RejectRow[] = [...raw.rejects];
  const checked = (key: keyof typeof VALIDATORS): Rows => {
    const { rows, rejects: bad } = VALIDATORS[key].validate(raw[key]);
    rejected.push(...bad);
    return rows;
  };
  const context = GAME_CONTEXT.validate([raw.gameContext], { partial: true });
  rejected.push(...context.rejects);
  let winRows: Rows | undefined;
  if (winProbability !== undefined) {
    const extracted = extractWinProbability(gamePk, winProbability);
    const { rows, rejects: bad } = WIN_PROBABILITY.validate(extracted.rows as unknown as Rows);
    rejected.push(...extracted.rejects, ...bad);
    winRows = rows;
  }
  return {
    plays: checked('plays'),
    pitches: checked('pitches'),
    battingLines: checked('battingLines'),
    pitchingLines: checked('pitchingLines'),
    runners: checked('runners'),
    fieldingCredits: checked('fieldingCredits'),
    playActions: checked('playActions'),
    fieldingLines: checked('fieldingLines'),
    officials: checked('officials'),
    linescoreInnings: checked('linescoreInnings'),
    gameContext: context.rows[0] ?? { game_pk: gamePk },
    ...(winRows ? { winProbability: winRows } : {}),
    rejects: rejected,
  };
}

function extractRawGameRows(gamePk: number, boxscore: unknown, playByPlay: unknown): GameRows {
  const box = extractBoxscore(gamePk, boxscore);
  const pbp = extractPlayByPlay(gamePk, playByPlay);
  const play = extractPlayDetail(gamePk, playByPlay);
  const game = extractGameDetail(gamePk, boxscore, playByPlay, pbp.rows.plays);
  const rows = (r: readonly object[]) => r as unknown as Rows;
  return {
    plays: rows(pbp.rows.plays),
    pitches: rows(pbp.rows.pitches),
    battingLines: rows(box.rows.battingLines),
    pitchingLines: rows(box.rows.pitchingLines),
    runners: rows(play.rows.runners),
    fieldingCredits: rows(play.rows.fieldingCredits),
    playActions: rows(play.rows.playActions),
    fieldingLines: rows(game.rows.fieldingLines),
    officials: rows(game.rows.officials),
    linescoreInnings: rows(game.rows.linescoreInnings),
    gameContext: { ...game.rows.gameContext },
    rejects: [...box.rejects, ...pbp.rejects, ...play.rejects, ...game.rejects],
  };
}

/** Tables holding a game's derived rows, deleted and re-inserted together (children first). */
const GAME_TABLES = [
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
  const pks = `{${games.map((g) => g.gamePk).join(',')}}`;
  for (const table of GAME_TABLES) {
    await tx.execute(sql`delete from ${sql.raw(table)} where game_pk = any(${pks}::int[])`);
  }
  const all = (key: Exclude<keyof GameRows, 'rejects' | 'gameContext' | 'winProbability'>) => games.flatMap((g) => g.rows[key]);
  const extra = { run_id: runId };
  let n = 0;
  n += await insertRows(tx, plays, all('plays'), extra);
  n += await insertRows(tx, pitches, all('pitches'), extra);
  n += await insertRows(tx, battingLines, all('battingLines'), extra);
  n += await insertRows(tx, pitchingLines, all('pitchingLines'), extra);
  n += await insertRows(tx, runners, all('runners'), extra);
  n += await insertRows(tx, fieldingCredits, all('fieldingCredits'), extra);
  n += await insertRows(tx, playActions, all('playActions'), extra);
  n += await insertRows(tx, fieldingLines, all('fieldingLines'), extra);
  n += await insertRows(tx, gameOfficials, all('officials'), extra);
  n += await insertRows(tx, linescoreInnings, all('linescoreInnings'), extra);
  const withWin = games.filter((g) => g.rows.winProbability !== undefined);
  if (withWin.length > 0) {
    await tx.execute(sql`delete from mlb.play_win_probability where game_pk = any(${`{${withWin.map((g) => g.gamePk).join(',')}}`}::int[])`);
    n += await insertRows(tx, playWinProbability, withWin.flatMap((g) => g.rows.winProbability ?? []), extra);
  }
  await updateRows(tx, gamesTable, games.map((g) => g.rows.gameContext));
  await markGameSeasonsStale(tx, games.map((g) => g.gamePk));
  const rejected = games.flatMap((g) => g.rows.rejects);
  await storeRejects(tx, rejected, runId);
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
