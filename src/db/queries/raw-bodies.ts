import { type Executor, executePrepared, queryRows, sql } from '../client.js';
import { intList } from '../rows.js';

export type GameBodyTable = 'boxscores' | 'play_by_play';

/** The raw table of each kind of game body, and what names the request it came from. */
export const GAME_BODY_TABLES = [
  { kind: 'boxscore', table: 'raw.boxscores', source: 'source' },
  { kind: 'playByPlay', table: 'raw.play_by_play', source: 'source' },
  { kind: 'winProbability', table: 'raw.win_probability', source: "'boxscore'" },
] as const;

/**
 * One row per body raw.* stores of the game: its kind, then `columns` (given the table's source
 * column). The game number is written into the text (checked, as the deletes of game-rows.ts): no
 * describe round trip, and planned at each run, an index lookup however the tables grew.
 */
export function eachGameBody(gamePk: number, columns: (source: string) => string) {
  const pk = intList([gamePk]);
  return sql.raw(
    GAME_BODY_TABLES.map(
      (t) => `select '${t.kind}' as kind, ${columns(t.source)} from ${t.table} where game_pk = ${pk}`,
    ).join(' union all '),
  );
}

/** Stored body hashes of a game, to skip unchanged bodies. */
export async function readGameHashes(
  tx: Executor,
  gamePk: number,
): Promise<{ boxscore?: string; playByPlay?: string; winProbability?: string }> {
  const rows = await queryRows<{ kind: string; sha: string }>(
    tx,
    eachGameBody(gamePk, () => 'body_sha256 as sha'),
  );
  const sha = (kind: string) => rows.find((r) => r.kind === kind)?.sha;
  return { boxscore: sha('boxscore'), playByPlay: sha('playByPlay'), winProbability: sha('winProbability') };
}

/** The first key of the advisory locks a game's load takes (the second is the game number). */
const GAME_LOCK_CLASS = 727_001_003;

/**
 * Hold the game's advisory lock until the transaction ends: every load of a game takes it first,
 * so loads of one game in several processes (a sync beside a backfill, say) write one after the
 * other, and the later one finds the earlier one's hashes (and revisions) rather than storing its
 * bodies as a new game's.
 */
export async function lockGame(tx: Executor, gamePk: number): Promise<void> {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock(${GAME_LOCK_CLASS}, ${intList([gamePk])})`));
}

/** Upsert a game's /winProbability body (DUGOUT_GAME_EXTRAS=winProbability). */
export async function upsertWinProbabilityBody(
  tx: Executor,
  gamePk: number,
  text: string,
  sha: string,
  runId: number,
): Promise<void> {
  await executePrepared(
    tx,
    sql`
    insert into raw.win_probability (game_pk, body, body_sha256, fetched_at, run_id)
    values (${gamePk}, ${text}::json, ${sha}, now(), ${runId})
    on conflict (game_pk) do update set body = excluded.body, body_sha256 = excluded.body_sha256,
      fetched_at = excluded.fetched_at, run_id = excluded.run_id`,
  );
}

/**
 * Upsert one game body. The text is bound straight to a json parameter (`${text}::json`; both
 * drivers send a string json value as it is), so the server validates it once as it reads the
 * parameter; through `::text::json` it was also copied as text and cast while the insert was
 * planned.
 */
export async function upsertGameBody(
  tx: Executor,
  table: GameBodyTable,
  gamePk: number,
  text: string,
  sha: string,
  runId: number,
  source: 'boxscore' | 'feed',
  feedTimestamp?: string | null,
  absChallenges?: string | null,
): Promise<void> {
  if (table === 'boxscores') {
    await executePrepared(
      tx,
      sql`
      insert into raw.boxscores (game_pk, body, body_sha256, fetched_at, run_id, source, abs_challenges)
      values (${gamePk}, ${text}::json, ${sha}, now(), ${runId}, ${source}, ${absChallenges ?? null}::json)
      on conflict (game_pk) do update set body = excluded.body, body_sha256 = excluded.body_sha256,
        fetched_at = excluded.fetched_at, run_id = excluded.run_id, source = excluded.source,
        abs_challenges = excluded.abs_challenges`,
    );
  } else {
    await executePrepared(
      tx,
      sql`
      insert into raw.play_by_play (game_pk, body, body_sha256, fetched_at, run_id, source, feed_timestamp)
      values (${gamePk}, ${text}::json, ${sha}, now(), ${runId}, ${source}, ${feedTimestamp ?? null})
      on conflict (game_pk) do update set body = excluded.body, body_sha256 = excluded.body_sha256,
        fetched_at = excluded.fetched_at, run_id = excluded.run_id, source = excluded.source,
        feed_timestamp = excluded.feed_timestamp`,
    );
  }
}

/** Canonical key of a request's parameters: sorted `k=v` pairs. */
export function paramsKey(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${k}=${Array.isArray(params[k]) ? (params[k] as unknown[]).join(',') : String(params[k])}`)
    .join('&');
}

/** Store any other operation's body in raw.responses; returns false when the stored hash is equal. */
export async function storeResponse(
  tx: Executor,
  operation: string,
  params: Record<string, unknown>,
  text: string,
  sha: string,
  runId: number,
): Promise<boolean> {
  const key = paramsKey(params);
  const rows = await queryRows<{ changed: boolean }>(
    tx,
    sql`insert into raw.responses (operation, params_key, body, body_sha256, fetched_at, run_id)
        values (${operation}, ${key}, ${text}::json, ${sha}, now(), ${runId})
        on conflict (operation, params_key) do update set body = excluded.body, body_sha256 = excluded.body_sha256,
          fetched_at = excluded.fetched_at, run_id = excluded.run_id
        where raw.responses.body_sha256 is distinct from excluded.body_sha256
        returning true as changed`,
  );
  return rows.length > 0;
}

/**
 * Upsert person bodies (one JSON object each) with their hashes. Each body is bound as a json
 * parameter of its own, stored as received: sent as one JSON array taken apart on the server
 * (json_to_recordset), every string of every body was decoded, and a `\u0000` escape in one
 * person's name (valid JSON, which a `json` column keeps) failed the whole batch with 22P05.
 */
export async function upsertPeopleBodies(
  tx: Executor,
  people: Array<{ id: number; text: string; sha: string }>,
  runId: number,
): Promise<void> {
  if (people.length === 0) return;
  const rows = people.map((p) => sql`(${p.id}::int, ${p.text}::json, ${p.sha}, now(), ${runId}::bigint)`);
  await tx.execute(sql`
    insert into raw.people (person_id, body, body_sha256, fetched_at, run_id)
    values ${sql.join(rows, sql`, `)}
    on conflict (person_id) do update set body = excluded.body, body_sha256 = excluded.body_sha256,
      fetched_at = excluded.fetched_at, run_id = excluded.run_id`);
}

/** The stored requests of some operations (raw.responses), oldest first. */
export async function listStoredRequests(
  db: Executor,
  operations: readonly string[],
): Promise<Array<{ operation: string; paramsKey: string }>> {
  return queryRows<{ operation: string; paramsKey: string }>(
    db,
    sql`select operation, params_key as "paramsKey" from raw.responses
        where operation = any(string_to_array(${operations.join(',')}, ',')) order by fetched_at, operation, params_key`,
  );
}

/** The stored body of one request (raw.responses) as received. */
export async function readResponseBody(
  db: Executor,
  operation: string,
  paramsKey: string,
): Promise<string | undefined> {
  const [row] = await queryRows<{ body: string }>(
    db,
    sql`select body::text as body from raw.responses where operation = ${operation} and params_key = ${paramsKey}`,
  );
  return row?.body;
}

/** The stored requests and bodies of some operations (raw.responses), oldest first. */
export async function readResponses(
  db: Executor,
  operations: readonly string[],
): Promise<Array<{ operation: string; paramsKey: string; body: string; fetchedAt: Date | string }>> {
  return queryRows<{ operation: string; paramsKey: string; body: string; fetchedAt: Date | string }>(
    db,
    sql`select operation, params_key as "paramsKey", body::text as body, fetched_at as "fetchedAt" from raw.responses
        where operation = any(string_to_array(${operations.join(',')}, ','))
        order by fetched_at`,
  );
}

/** Games whose two bodies are stored. */
export async function countStoredGames(db: Executor): Promise<number> {
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from raw.boxscores b join raw.play_by_play p using (game_pk)`,
  );
  return Number(total?.n ?? 0);
}

export interface StoredGame {
  gamePk: number;
  box: string;
  pbp: string;
  /** The stored /winProbability body, when the game was loaded with that extra. */
  win: string | null;
  /** The feed's gameData.absChallenges block, when the game came as a feed that had one. */
  abs: string | null;
}

/** The stored games: those with both a boxscore (`b`) and a play-by-play (`p`) body. */
const STORED_GAMES = 'raw.boxscores b join raw.play_by_play p using (game_pk)';

/** A stored game's bodies as text (its win probability when it has one), before the condition. */
const STORED_GAME_BODIES = sql.raw(`select b.game_pk as "gamePk", b.body::text as box, p.body::text as pbp,
      w.body::text as win, b.abs_challenges::text as abs
    from ${STORED_GAMES}
    left join raw.win_probability w using (game_pk)`);

/** A keyset page of stored games after `afterGamePk`, with their bodies as text. */
export async function readStoredGames(db: Executor, afterGamePk: number, limit: number): Promise<StoredGame[]> {
  return queryRows<StoredGame>(
    db,
    sql`${STORED_GAME_BODIES} where b.game_pk > ${afterGamePk} order by b.game_pk limit ${limit}`,
  );
}

/** A keyset page of the games {@link readStoredGames} reads, their numbers only. */
export async function readStoredGamePks(db: Executor, afterGamePk: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ gamePk: number }>(
    db,
    sql`select b.game_pk as "gamePk" from ${sql.raw(STORED_GAMES)}
        where b.game_pk > ${afterGamePk} order by b.game_pk limit ${limit}`,
  );
  return rows.map((r) => Number(r.gamePk));
}

/**
 * The stored bodies as text ({@link readStoredGames}) of the games numbered `first` to `last`, in
 * game number order. Sorted here, not by the server, which would sort the rows with their bodies'
 * text (on disk); both tables are bounded by the range so that each is read by its key.
 */
export async function readStoredGamesBetween(db: Executor, first: number, last: number): Promise<StoredGame[]> {
  const rows = await queryRows<StoredGame>(
    db,
    sql`${STORED_GAME_BODIES} where b.game_pk between ${first} and ${last} and p.game_pk between ${first} and ${last}`,
    { prepared: true },
  );
  return rows.sort((a, b) => Number(a.gamePk) - Number(b.gamePk));
}

/** Every stored person body, by person id. */
export async function readPeopleBodies(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ body: string }>(db, sql`select body::text as body from raw.people order by person_id`);
  return rows.map((r) => r.body);
}
