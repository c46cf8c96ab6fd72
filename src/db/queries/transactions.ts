import { type Executor, executePrepared, queryRows, sql } from '../client.js';
import type { TransactionRow } from '../schema/rows.js';

/**
 * Upsert transactions by id as the latest body lists them. `first_seen_at` is set once (the moment
 * this poll began, dugout's clock) and never moves; `last_seen_at` moves forward only.
 */
export async function upsertTransactions(
  tx: Executor,
  rows: readonly TransactionRow[],
  seenAt: Date,
  runId: number,
): Promise<number> {
  if (rows.length === 0) return 0;
  const json = JSON.stringify(rows);
  await executePrepared(
    tx,
    sql`insert into mlb.transactions (transaction_id, person_id, person_name, from_team_id, from_team_name, to_team_id,
          to_team_name, transaction_date, effective_date, resolution_date, type_code, type_desc, description, il_action,
          il_days, first_seen_at, last_seen_at, run_id)
        select r.transaction_id, r.person_id, r.person_name, r.from_team_id, r.from_team_name, r.to_team_id,
          r.to_team_name, r.transaction_date, r.effective_date, r.resolution_date, r.type_code, r.type_desc,
          r.description, r.il_action, r.il_days, ${seenAt.toISOString()}::timestamptz, ${seenAt.toISOString()}::timestamptz,
          ${runId}::bigint
        from json_populate_recordset(null::mlb.transactions, ${json}::text::json) r
        on conflict (transaction_id) do update set
          person_id = excluded.person_id, person_name = excluded.person_name,
          from_team_id = excluded.from_team_id, from_team_name = excluded.from_team_name,
          to_team_id = excluded.to_team_id, to_team_name = excluded.to_team_name,
          transaction_date = excluded.transaction_date, effective_date = excluded.effective_date,
          resolution_date = excluded.resolution_date, type_code = excluded.type_code, type_desc = excluded.type_desc,
          description = excluded.description, il_action = excluded.il_action, il_days = excluded.il_days,
          first_seen_at = least(mlb.transactions.first_seen_at, excluded.first_seen_at),
          last_seen_at = greatest(mlb.transactions.last_seen_at, excluded.last_seen_at),
          run_id = excluded.run_id`,
  );
  return rows.length;
}

/** Of these people, those neither stored in mlb.people nor already on the worklist. */
export async function peopleNotKnown(tx: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select i as id from unnest(${`{${ids.join(',')}}`}::int[]) i
        where not exists (select 1 from mlb.people p where p.person_id = i)
          and not exists (select 1 from ingest.work_items w where w.kind = 'person' and w.key = i::text)
        order by i`,
  );
  return rows.map((r) => Number(r.id));
}
