import { getTableConfig } from 'drizzle-orm/pg-core';
import { type Executor, queryRows, sql } from '../client.js';
import { identList, quoteIdent } from '../identifiers.js';
import { upsertRows } from '../rows.js';
import { games, teams, venues } from '../schema/index.js';
import type { GameRow } from '../schema/rows.js';

/** Link columns: kept when a later listing of the same game lacks them. */
const LINK_COLUMNS = new Set([
  'reschedule_date',
  'reschedule_game_date',
  'rescheduled_from',
  'rescheduled_from_date',
  'resume_date',
  'resume_game_date',
  'resumed_from',
  'resumed_from_date',
]);

const upsertSql = new Map<string, string>();
const GAME_COLUMNS = new Set(getTableConfig(games).columns.map((c) => c.name));

/**
 * The update of a schedule listing: only the columns the rows carry (a schedule's), never the game
 * context a game's load writes (attendance, first pitch, weather…), which no schedule has.
 */
function gameUpsertSet(rowColumns: readonly string[]): string {
  const key = rowColumns.join(',');
  let set = upsertSql.get(key);
  if (!set) {
    const given = new Set(rowColumns);
    const cols = getTableConfig(games)
      .columns.map((c) => c.name)
      .filter((c) => given.has(c) && c !== 'game_pk' && c !== 'updated_at' && c !== 'run_id');
    // A game listed twice (suspended, postponed) keeps the listing with the latest game_date.
    const newer =
      '(excluded.game_date is null or mlb.games.game_date is null or excluded.game_date >= mlb.games.game_date)';
    const sets = cols.map((c) => {
      const q = quoteIdent(c);
      return LINK_COLUMNS.has(c)
        ? `${q} = coalesce(excluded.${q}, mlb.games.${q})`
        : `${q} = case when ${newer} then excluded.${q} else mlb.games.${q} end`;
    });
    set = [...sets, '"updated_at" = now()', '"run_id" = excluded."run_id"'].join(', ');
    upsertSql.set(key, set);
  }
  return set;
}

/** Upsert game rows from a schedule-shaped body. */
export async function upsertGames(tx: Executor, rows: GameRow[], runId: number): Promise<void> {
  if (rows.length === 0) return;
  // Only keys that are columns of mlb.games reach the statement (as quoted identifiers).
  const cols = Object.keys(rows[0]!).filter((c) => c !== 'updated_at' && c !== 'run_id' && GAME_COLUMNS.has(c));
  const json = JSON.stringify(rows.map((r) => ({ ...r, run_id: runId })));
  const list = identList([...cols, 'run_id']);
  const selectList = identList([...cols, 'run_id'], 'r');
  await tx.execute(sql`
    insert into mlb.games (${list})
    select ${selectList} from json_populate_recordset(null::mlb.games, ${json}::text::json) r
    on conflict (game_pk) do update set ${sql.raw(gameUpsertSet(cols))}`);
}

/**
 * Lock the stored rows of these games, in game_pk order, for the rest of the transaction. A game's
 * load updates its row in the transaction that stores its bodies and marks its work done, so once
 * the lock is held, what {@link readKnownGames} reads next is either before that load or after it
 * committed, never a load committing in between (which a poll would have queued again).
 */
export async function lockStoredGames(tx: Executor, gamePks: number[]): Promise<void> {
  if (gamePks.length === 0) return;
  await tx.execute(
    sql`select game_pk from mlb.games
        where game_pk = any(string_to_array(${gamePks.join(',')}, ',')::int[])
        order by game_pk for update`,
  );
}

/**
 * What we already know of these games: stored state and whether both raw bodies are stored (and
 * the win-probability body, when `withWinProbability`: a game loaded before the extra was turned
 * on is then fetched again).
 */
export async function readKnownGames(
  tx: Executor,
  gamePks: number[],
  opts: { withWinProbability?: boolean } = {},
): Promise<Map<number, { state: string | null; loaded: boolean; doneAt: Date | null }>> {
  if (gamePks.length === 0) return new Map();
  // The win-probability body is looked up only when that extra is on (a schedule poll's hot path).
  const win = opts.withWinProbability
    ? { loaded: sql` and wp.game_pk is not null`, join: sql`left join raw.win_probability wp on wp.game_pk = g.pk` }
    : { loaded: sql``, join: sql`` };
  const rows = await queryRows<{ gamePk: number; state: string | null; loaded: boolean; doneAt: string | null }>(
    tx,
    sql`select g.pk as "gamePk", m.coded_game_state as state,
               (b.game_pk is not null and p.game_pk is not null${win.loaded}) as loaded,
               w.done_at as "doneAt"
        from unnest(string_to_array(${gamePks.join(',')}, ',')::int[]) as g(pk)
        left join mlb.games m on m.game_pk = g.pk
        left join raw.boxscores b on b.game_pk = g.pk
        left join raw.play_by_play p on p.game_pk = g.pk
        ${win.join}
        left join ingest.work_items w on w.kind = 'game' and w.key = g.pk::text and w.status = 'done'`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.gamePk),
      { state: r.state, loaded: Boolean(r.loaded), doneAt: r.doneAt ? new Date(r.doneAt) : null },
    ]),
  );
}

/** A team or venue known by its id and name, with whatever other columns the mention gave. */
type Ref = { name?: unknown };

/**
 * Keep teams and venues known only from mentions in other bodies (a schedule's games, a team's
 * venue): only the fields present are written, so richer data from /v1/teams is kept. A mention
 * without a name cannot create a row (name is required) and would add nothing anyway.
 */
export async function upsertTeamAndVenueRefs(
  tx: Executor,
  refs: { teams?: Ref[]; venues?: Ref[] },
  runId: number,
): Promise<void> {
  const named = (rows: Ref[] = []) => rows.filter((r) => typeof r.name === 'string');
  await upsertRows(tx, teams, named(refs.teams), { extra: { run_id: runId }, keepExisting: true });
  await upsertRows(tx, venues, named(refs.venues), { extra: { run_id: runId }, keepExisting: true });
}
