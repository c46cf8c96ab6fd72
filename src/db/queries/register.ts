import { type Executor, queryRows, sql } from '../client.js';
import { copyRows, insertRows } from '../rows.js';
import { registerStage } from '../schema/index.js';

/**
 * The Chadwick register's load (`mlb.person_ids`, `mlb.person_id_changes`, staged in
 * `ingest.register_stage`). Every statement runs inside the one transaction of a load.
 */

/** The keys whose changes are kept, as columns of both tables. */
const KEYS = [
  'key_person',
  'key_mlbam',
  'key_retro',
  'key_bbref',
  'key_bbref_minors',
  'key_fangraphs',
  'key_npb',
  'key_sr_nfl',
  'key_sr_nba',
  'key_sr_nhl',
  'key_wikidata',
] as const;

/** Every column a staged row carries into `mlb.person_ids`. */
const PERSON_COLUMNS = [
  'key_uuid',
  ...KEYS,
  'name_last',
  'name_first',
  'name_given',
  'name_suffix',
  'name_matrilineal',
  'name_nick',
  'birth_year',
  'birth_month',
  'birth_day',
  'birth_date',
  'death_year',
  'death_month',
  'death_day',
  'mlb_played_first',
  'mlb_played_last',
  'mlb_managed_first',
  'mlb_managed_last',
  'mlb_umpired_first',
  'mlb_umpired_last',
].join(', ');

/**
 * Begin a load: one load at a time (a second waits for the first to end), and an empty stage (a
 * load that died mid-way rolled its rows back, so this only guards against a hand-made leftover).
 */
export async function beginRegisterLoad(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dugout.register'))`);
  await tx.execute(sql`delete from ingest.register_stage`);
}

/** Stage rows read from the register (COPY where the driver has it). */
export async function stageRegisterRows(tx: Executor, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  if ((await copyRows(tx, registerStage, rows)) === undefined) await insertRows(tx, registerStage, rows);
}

/** A staged row set aside: where it came from and why. */
export interface StagedReject {
  file: string;
  line: number;
  reason: string;
  keyUuid: string;
  keyPerson: string;
  keyMlbam: number | null;
}

/**
 * Take out of the stage every row whose MLBAM id or UUID another staged row also has: the register
 * cannot say which is right, so none of them is loaded (each becomes a reject). At most `max` of
 * them are returned; `count` is all of them.
 */
export async function takeDuplicateRows(tx: Executor, max: number): Promise<{ rows: StagedReject[]; count: number }> {
  const rows = await queryRows<StagedReject & { total: number }>(
    tx,
    sql`with dup as (
          select ctid, file, line, key_uuid, key_person, key_mlbam,
                 case when n_uuid > 1 then 'key_uuid ' || key_uuid || ' is on more than one row'
                      else 'key_mlbam ' || key_mlbam || ' is on more than one row' end as reason
          from (select *, ctid,
                       count(*) over (partition by key_mlbam) as n_mlbam,
                       count(*) over (partition by key_uuid) as n_uuid
                from ingest.register_stage) s
          where (key_mlbam is not null and n_mlbam > 1) or n_uuid > 1
        ), gone as (
          delete from ingest.register_stage st using dup where st.ctid = dup.ctid
          returning dup.file, dup.line, dup.reason, dup.key_uuid, dup.key_person, dup.key_mlbam
        )
        select file, line, reason, key_uuid::text as "keyUuid", key_person as "keyPerson", key_mlbam as "keyMlbam",
               count(*) over ()::int as total
        from gone order by file, line limit ${max}`,
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), count: rows[0]?.total ?? 0 };
}

/** Rows in the stage, and rows of the register in force. */
export async function registerCounts(tx: Executor): Promise<{ staged: number; stored: number }> {
  const [c] = await queryRows<{ staged: number; stored: number }>(
    tx,
    sql`select (select count(*) from ingest.register_stage)::int as staged, (select count(*) from mlb.person_ids)::int as stored`,
  );
  return c ?? { staged: 0, stored: 0 };
}

/**
 * Replace the register in force with the stage: first record, key by key, what differs from the
 * rows in force (nothing when none are: a first load is the starting point), then swap the rows and
 * empty the stage. Returns the number of changes recorded.
 */
export async function replaceRegister(
  tx: Executor,
  load: { source: string; readAt: Date; seenOn: string; runId: number },
): Promise<number> {
  const pairs = KEYS.map((k) => `('${k}', p.${k}::text, s.${k}::text)`).join(',\n                 ');
  const [changes] = await queryRows<{ n: number }>(
    tx,
    sql`with ins as (
          insert into mlb.person_id_changes (key_uuid, key_mlbam, key_name, old_value, new_value, seen_on, run_id)
          select coalesce(s.key_uuid, p.key_uuid), coalesce(s.key_mlbam, p.key_mlbam), k.name, k.old, k.new,
                 ${load.seenOn}::date, ${load.runId}
          from ingest.register_stage s
          full join mlb.person_ids p on p.key_uuid = s.key_uuid
          cross join lateral (values ${sql.raw(pairs)}) as k(name, old, new)
          where exists (select 1 from mlb.person_ids) and k.old is distinct from k.new
          returning 1
        ) select count(*)::int as n from ins`,
  );
  await tx.execute(sql`delete from mlb.person_ids`);
  await tx.execute(
    sql`insert into mlb.person_ids (${sql.raw(PERSON_COLUMNS)}, source, read_at, run_id)
        select ${sql.raw(PERSON_COLUMNS)}, ${load.source}, ${load.readAt.toISOString()}::timestamptz, ${load.runId}
        from ingest.register_stage`,
  );
  await tx.execute(sql`delete from ingest.register_stage`);
  return changes?.n ?? 0;
}
