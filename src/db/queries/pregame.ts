import { type Executor, sql } from '../client.js';

/** A poll's rows of the four pregame tables (extract/pregame.ts makes them). */
type PregameRows = Record<'probables' | 'lineups' | 'officials' | 'weather', readonly object[]>;

/** How a pregame table is keyed: what is announced (`key`), what it says (`values`), and its first-seen column. */
interface Shape {
  table: string;
  key: readonly string[];
  values: readonly string[];
  /** Written with the row, not compared (a name). */
  extra: readonly string[];
  first: string;
}

const SHAPES: Record<keyof PregameRows, Shape> = {
  probables: {
    table: 'mlb.pregame_probables',
    key: ['game_pk', 'side'],
    values: ['pitcher_id'],
    // Where he was first seen named (the schedule or the game's feed): a later sight elsewhere moves last_seen_at only.
    extra: ['pitcher_name', 'seen_in'],
    first: 'announced_at',
  },
  lineups: {
    table: 'mlb.pregame_lineups',
    key: ['game_pk', 'side', 'batting_order'],
    values: ['person_id', 'position'],
    extra: ['full_name'],
    first: 'first_seen_at',
  },
  officials: {
    table: 'mlb.pregame_officials',
    key: ['game_pk', 'official_type'],
    values: ['person_id'],
    extra: ['full_name'],
    first: 'first_seen_at',
  },
  weather: {
    table: 'mlb.pregame_weather',
    key: ['game_pk'],
    values: ['condition', 'temperature', 'wind'],
    extra: [],
    first: 'first_seen_at',
  },
};

/**
 * Record one poll's observations of a pregame table, seen at `seenAt` (dugout's clock): an open row
 * (not replaced) that says the same only moves its `last_seen_at`; one that says something else is
 * closed (`replaced_at` = seenAt) and a row opens for what is seen now; what had no open row opens
 * one. Nothing is ever deleted, and a poll older than a row's first sight closes nothing.
 */
async function record(tx: Executor, shape: Shape, rows: readonly object[], seenAt: Date, runId: number): Promise<void> {
  if (rows.length === 0) return;
  const t = sql.raw(shape.table);
  const json = JSON.stringify(rows);
  const seen = seenAt.toISOString();
  const keyMatch = sql.raw(shape.key.map((c) => `t.${c} = o.${c}`).join(' and '));
  const same = sql.raw(shape.values.map((c) => `t.${c} is not distinct from o.${c}`).join(' and '));
  const first = sql.raw(shape.first);
  const obs = sql`(select * from json_populate_recordset(null::${t}, ${json}::text::json)) o`;
  await tx.execute(
    sql`update ${t} t set replaced_at = ${seen}::timestamptz from ${obs}
        where t.replaced_at is null and ${keyMatch} and not (${same}) and t.${first} < ${seen}::timestamptz`,
  );
  await tx.execute(
    sql`update ${t} t set last_seen_at = greatest(t.last_seen_at, ${seen}::timestamptz), run_id = ${runId}::bigint from ${obs}
        where t.replaced_at is null and ${keyMatch} and ${same}`,
  );
  const cols = [...shape.key, ...shape.values, ...shape.extra];
  const colList = sql.raw(cols.join(', '));
  const oCols = sql.raw(cols.map((c) => `o.${c}`).join(', '));
  await tx.execute(
    sql`insert into ${t} (${colList}, ${first}, last_seen_at, run_id)
        select ${oCols}, ${seen}::timestamptz, ${seen}::timestamptz, ${runId}::bigint from ${obs}
        where not exists (select 1 from ${t} t where t.replaced_at is null and ${keyMatch})
        on conflict do nothing`,
  );
}

/**
 * Record a sight's pregame rows in the four tables: a pregame poll's (all four), or the probables a
 * live feed of a game not started names (the others empty), in the same history.
 */
export async function recordPregame(tx: Executor, rows: PregameRows, seenAt: Date, runId: number): Promise<void> {
  for (const name of Object.keys(SHAPES) as Array<keyof PregameRows>)
    await record(tx, SHAPES[name], rows[name], seenAt, runId);
}
