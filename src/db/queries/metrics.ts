import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';

/** What the Prometheus gauges read from the ledger and the worklist at each scrape. */

/** Games by outcome summed over every run (games only: people, lists and snapshots are counted apart). */
export async function gameOutcomeTotals(db: Executor): Promise<{ loaded: number; unchanged: number; failed: number }> {
  const [r] = await queryRows<{ loaded: number; unchanged: number; failed: number }>(
    db,
    sql`select coalesce(sum(games_loaded), 0)::bigint as loaded, coalesce(sum(games_unchanged), 0)::bigint as unchanged,
               coalesce(sum(games_failed), 0)::bigint as failed from ingest.runs`,
  );
  return { loaded: Number(r?.loaded ?? 0), unchanged: Number(r?.unchanged ?? 0), failed: Number(r?.failed ?? 0) };
}

/** People, reference lists and snapshot requests stored, summed over every run. */
export async function otherLoadedTotals(db: Executor): Promise<{ people: number; lists: number; snapshots: number }> {
  const [r] = await queryRows<{ people: number; lists: number; snapshots: number }>(
    db,
    sql`select coalesce(sum(people_loaded), 0)::bigint as people, coalesce(sum(lists_loaded), 0)::bigint as lists,
               coalesce(sum(snapshots_loaded), 0)::bigint as snapshots from ingest.runs`,
  );
  return { people: Number(r?.people ?? 0), lists: Number(r?.lists ?? 0), snapshots: Number(r?.snapshots ?? 0) };
}

/** Work items not done, by kind and status. */
export async function openWorkByKindAndStatus(
  db: Executor,
): Promise<Array<{ kind: string; status: string; n: number }>> {
  const rows = await queryRows<{ kind: string; status: string; n: number }>(
    db,
    sql`select kind, status, count(*)::int as n from ingest.work_items where status <> 'done' group by kind, status`,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export async function countDeadLetters(db: Executor): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ingest.work_items where status = 'dead'`,
  );
  return Number(r?.n ?? 0);
}

/** When each job last finished successfully (Unix seconds). */
export async function lastSuccessByJob(db: Executor): Promise<Array<{ job: string; at: number }>> {
  const rows = await queryRows<{ job: string; at: number }>(
    db,
    sql`select job, extract(epoch from max(finished_at))::float8 as at from ingest.runs where status = 'succeeded' group by job`,
  );
  return rows.map((r) => ({ job: r.job, at: Number(r.at) }));
}

/** The latest finished run of each job: its status and duration in seconds. */
export async function lastRunByJob(db: Executor): Promise<Array<{ job: string; status: string; seconds: number }>> {
  const rows = await queryRows<{ job: string; status: string; seconds: number }>(
    db,
    sql`select distinct on (job) job, status, extract(epoch from finished_at - started_at)::float8 as seconds
        from ingest.runs where finished_at is not null order by job, run_id desc`,
  );
  return rows.map((r) => ({ ...r, seconds: Number(r.seconds) }));
}
