import type { Executor } from '../client.js';
import { queryRows, sql } from '../client.js';
import { intList, settleAll } from '../rows.js';
import { eachGameBody } from './raw-bodies.js';

/**
 * How a revision's content is kept: `whole` (the canonical content), `patch` (the operations from the
 * previous revision's content) or `stored` (no body: the canonical content of the game's body of this
 * kind that raw.* holds; only ever a kind's latest revision, made whole before that body is replaced).
 */
export type RevisionEncoding = 'whole' | 'patch' | 'stored';

/** One stored revision of a game body as read back: its body as JSON text (`null` for `stored`). */
export interface StoredRevision {
  gamePk: number;
  kind: string;
  revision: number;
  contentSha256: string;
  source: string;
  fetchedAt: Date;
  reason: string;
  encoding: RevisionEncoding;
  bodyText: string;
  /** `stored`: the SHA-256 of the raw body's text it was written beside (null: not recorded). */
  storedTextSha256: string | null;
}

/** A revision to write. */
export interface RevisionToStore {
  gamePk: number;
  kind: string;
  revision: number;
  contentSha256: string;
  source: string;
  /** Null: the transaction's time. */
  fetchedAt: Date | null;
  reason: 'new_final' | 'correction' | 'repoll';
  encoding: RevisionEncoding;
  /** The content or patch as JSON text; `null` for `stored` (the body is raw.*'s). */
  bodyText: string;
  /** `stored`: the SHA-256 of the raw body's text as it is stored beside the revision. */
  storedTextSha256?: string | null;
  runId: number | null;
}

interface RevisionRow {
  game_pk: number;
  kind: string;
  revision: number;
  content_sha256: string;
  source: string;
  fetched_at: Date | string;
  reason: string;
  encoding: RevisionEncoding;
  body: string;
  stored_text_sha256: string | null;
}

function fromRow(r: RevisionRow): StoredRevision {
  return {
    gamePk: Number(r.game_pk),
    kind: r.kind,
    revision: Number(r.revision),
    contentSha256: r.content_sha256,
    source: r.source,
    fetchedAt: r.fetched_at instanceof Date ? r.fetched_at : new Date(r.fetched_at),
    reason: r.reason,
    encoding: r.encoding,
    bodyText: r.body,
    storedTextSha256: r.stored_text_sha256,
  };
}

const REVISION_COLUMNS = `game_pk, kind, revision, content_sha256, source, fetched_at, reason, encoding, body::text as body, stored_text_sha256`;

/** A game's revisions of every kind, in kind and revision order. */
export async function readGameRevisions(tx: Executor, gamePk: number): Promise<StoredRevision[]> {
  const rows = await queryRows<RevisionRow>(
    tx,
    sql.raw(
      `select ${REVISION_COLUMNS} from raw.game_revisions where game_pk = ${intList([gamePk])} order by kind, revision`,
    ),
  );
  return rows.map(fromRow);
}

/** The game numbers that have revisions, in order, after `afterGamePk` (a rebuild's pages). */
export async function listRevisedGames(tx: Executor, afterGamePk: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ game_pk: number }>(
    tx,
    sql`select distinct game_pk from raw.game_revisions where game_pk > ${afterGamePk} order by game_pk limit ${limit}`,
  );
  return rows.map((r) => Number(r.game_pk));
}

/** A kind's latest revision as compared with a new body: no body read. */
export interface RevisionHead {
  revision: number;
  sha: string;
  encoding: RevisionEncoding;
  fetchedAt: Date;
}

/**
 * The latest revision of each kind of a game (its number, content hash, encoding and fetch time, no
 * body), and the fetch time of the game's latest revision of any kind (undefined: no revision).
 */
export async function readLatestRevisions(
  tx: Executor,
  gamePk: number,
): Promise<{ heads: Map<string, RevisionHead>; lastAt: Date | undefined }> {
  const rows = await queryRows<{
    kind: string;
    revision: number;
    content_sha256: string;
    encoding: RevisionEncoding;
    fetched_at: Date | string;
    last_at: Date | string;
  }>(
    tx,
    sql.raw(
      `select distinct on (kind) kind, revision, content_sha256, encoding, fetched_at, max(fetched_at) over () as last_at
         from raw.game_revisions where game_pk = ${intList([gamePk])} order by kind, revision desc`,
    ),
  );
  const at = rows[0]?.last_at;
  return {
    heads: new Map(
      rows.map((r) => [
        r.kind,
        { revision: Number(r.revision), sha: r.content_sha256, encoding: r.encoding, fetchedAt: asDate(r.fetched_at) },
      ]),
    ),
    lastAt: at === undefined ? undefined : asDate(at),
  };
}

function asDate(at: Date | string): Date {
  return at instanceof Date ? at : new Date(at);
}

/**
 * The revisions of these kinds of a game that its latest contents are rebuilt from: each kind's
 * latest revision that is not a patch (stored whole, or `stored`) and those after it, in kind and
 * revision order.
 */
export async function readRevisionChains(
  tx: Executor,
  gamePk: number,
  kinds: readonly string[],
): Promise<StoredRevision[]> {
  if (kinds.length === 0) return [];
  const rows = await queryRows<RevisionRow>(
    tx,
    sql`select ${sql.raw(REVISION_COLUMNS)} from raw.game_revisions r
        where game_pk = ${gamePk} and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
          and revision >= coalesce((select max(w.revision) from raw.game_revisions w
            where w.game_pk = r.game_pk and w.kind = r.kind and w.encoding <> 'patch'), 1)
        order by kind, revision`,
  );
  return rows.map(fromRow);
}

/**
 * A game's stored bodies as text: the content of its `stored` revisions, and of the first revision of
 * a game loaded before revisions were kept.
 */
export async function readStoredGameBodies(
  tx: Executor,
  gamePk: number,
): Promise<Array<{ kind: string; text: string; source: string; fetchedAt: Date }>> {
  const rows = await queryRows<{ kind: string; body: string; source: string; fetched_at: Date | string }>(
    tx,
    eachGameBody(gamePk, (source) => `body::text as body, ${source} as source, fetched_at`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    text: r.body,
    source: r.source,
    fetchedAt: r.fetched_at instanceof Date ? r.fetched_at : new Date(r.fetched_at),
  }));
}

/**
 * The SHA-256 hex of the text of each of a game's bodies in raw.*, by kind, made by the server (the
 * text does not cross the connection).
 */
export async function readStoredBodyTextShas(tx: Executor, gamePk: number): Promise<Map<string, string>> {
  const rows = await queryRows<{ kind: string; sha: string }>(
    tx,
    eachGameBody(gamePk, () => `encode(sha256(convert_to(body::text, 'UTF8')), 'hex') as sha`),
  );
  return new Map(rows.map((r) => [r.kind, r.sha]));
}

/**
 * Insert revisions (each one statement: a body is up to a megabyte of text). A `stored` revision
 * keeps the JSON null and 0 characters, and the hash of the raw body's text it stands for.
 */
export async function insertRevisions(tx: Executor, revisions: readonly RevisionToStore[]): Promise<void> {
  await settleAll(
    revisions.map((r) => {
      const text = r.encoding === 'stored' ? 'null' : r.bodyText;
      return tx.execute(
        sql`insert into raw.game_revisions (game_pk, kind, revision, content_sha256, source, fetched_at, reason, encoding, body, body_chars, stored_text_sha256, run_id)
          values (${r.gamePk}, ${r.kind}, ${r.revision}, ${r.contentSha256}, ${r.source},
            coalesce(${r.fetchedAt?.toISOString() ?? null}::timestamptz, now()), ${r.reason}, ${r.encoding},
            ${text}::json, ${r.encoding === 'stored' ? 0 : text.length},
            ${r.encoding === 'stored' ? (r.storedTextSha256 ?? null) : null}, ${r.runId})`,
      );
    }),
  );
}

/**
 * Keep a `stored` revision's content whole, before the raw body it stands for is replaced (in that
 * load's transaction, under the game's lock): the one update a revision ever gets.
 */
export async function materialiseStoredRevision(
  tx: Executor,
  gamePk: number,
  kind: string,
  revision: number,
  text: string,
): Promise<void> {
  await tx.execute(
    sql`update raw.game_revisions set encoding = 'whole', body = ${text}::json, body_chars = ${text.length},
          stored_text_sha256 = null
        where game_pk = ${gamePk} and kind = ${kind} and revision = ${revision} and encoding = 'stored'`,
  );
}

/** Record that the game's final bodies were fetched and compared now (the transaction's time). */
export async function markGameChecked(tx: Executor, gamePk: number, at: Date | null = null): Promise<void> {
  await tx.execute(
    sql`insert into raw.game_checks (game_pk, checked_at) values (${gamePk}, coalesce(${at?.toISOString() ?? null}::timestamptz, now()))
      on conflict (game_pk) do update set checked_at = greatest(raw.game_checks.checked_at, excluded.checked_at)`,
  );
}

/**
 * Final games whose re-poll is due at `now`: a game ends at its first pitch plus its time of game
 * and its delays, as its load recorded them (four hours after its scheduled start where the body
 * gave none); the re-poll of day N is due from end + N days while no fetch was made since then.
 * Only games scheduled within the last re-poll day (and one more) of now are looked at.
 */
export async function dueRepolls(tx: Executor, now: Date, days: readonly number[], limit: number): Promise<number[]> {
  if (days.length === 0) return [];
  const max = Math.max(...days);
  const dayList = intList([...days]);
  const rows = await queryRows<{ game_pk: number }>(
    tx,
    sql`with ended as (
          select g.game_pk,
                 coalesce(
                   g.first_pitch + make_interval(mins => g.duration_minutes + coalesce(g.delay_minutes, 0)),
                   coalesce(g.game_date, g.official_date::timestamptz) + interval '4 hours'
                 ) as ended_at,
                 c.checked_at
          from mlb.games g join raw.game_checks c using (game_pk)
          where g.abstract_game_state = 'Final'
            and coalesce(g.game_date, g.official_date::timestamptz) > ${now.toISOString()}::timestamptz - make_interval(days => ${max + 1})
        )
        select game_pk from ended e
        where exists (
          select 1 from unnest(${sql.raw(`array[${dayList}]`)}::int[]) d
          where e.ended_at + make_interval(days => d) <= ${now.toISOString()}::timestamptz
            and e.checked_at < e.ended_at + make_interval(days => d)
        )
        order by game_pk limit ${limit}`,
  );
  return rows.map((r) => Number(r.game_pk));
}

/**
 * Close the versions of the game's plays and boxscore lines that its new rows changed or removed and
 * open versions of its new and changed rows, dated `at` (null: the transaction's time); after its
 * rows are replaced, in the same transaction (mlb.record_game_history).
 */
export async function recordGameHistory(tx: Executor, gamePk: number, at: Date | null): Promise<void> {
  await tx.execute(
    sql`select mlb.record_game_history(${gamePk}::int, coalesce(${at?.toISOString() ?? null}::timestamptz, now()))`,
  );
}

/** A scoring change to store (mlb.scoring_changes). */
export interface ScoringChangeRow {
  game_pk: number;
  kind: string;
  before_revision: number;
  after_revision: number;
  fact: string;
  at_bat_index: number | null;
  person_id: number | null;
  team_id: number | null;
  before: string | null;
  after: string | null;
  before_fetched_at: string;
  /** Null: the transaction's time. */
  after_fetched_at: string | null;
}

/** Insert scoring changes in one statement. */
export async function insertScoringChanges(tx: Executor, rows: readonly ScoringChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into mlb.scoring_changes (game_pk, kind, before_revision, after_revision, fact, at_bat_index, person_id,
      team_id, before, after, before_fetched_at, after_fetched_at)
    select r.game_pk, r.kind, r.before_revision, r.after_revision, r.fact, r.at_bat_index, r.person_id, r.team_id,
      r.before, r.after, r.before_fetched_at, coalesce(r.after_fetched_at, now())
    from json_to_recordset(${JSON.stringify(rows)}::text::json) as r(game_pk int, kind text, before_revision int,
      after_revision int, fact text, at_bat_index int, person_id int, team_id int, before text, after text,
      before_fetched_at timestamptz, after_fetched_at timestamptz)`);
}

/** Delete a game's history rows and scoring changes (a rebuild replays its revisions). */
export async function deleteGameHistory(tx: Executor, gamePk: number): Promise<void> {
  const pk = intList([gamePk]);
  await settleAll(
    ['plays_history', 'batting_lines_history', 'pitching_lines_history', 'scoring_changes'].map((t) =>
      tx.execute(sql.raw(`delete from mlb.${t} where game_pk = ${pk}`)),
    ),
  );
}

/** A game's stored feed `gameData.absChallenges` (source feed), as text, or undefined. */
export async function readStoredAbsChallenges(tx: Executor, gamePk: number): Promise<string | undefined> {
  const rows = await queryRows<{ abs: string | null }>(
    tx,
    sql.raw(`select abs_challenges::text as abs from raw.boxscores where game_pk = ${intList([gamePk])}`),
  );
  return rows[0]?.abs ?? undefined;
}
