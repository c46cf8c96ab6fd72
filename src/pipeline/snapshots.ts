import { insertRows } from '../db/rows.js';
import { queryRows, sql } from '../db/client.js';
import { rosterEntries } from '../db/schema/index.js';
import { describeError } from '../errors.js';
import { bodySha256 } from '../extract/hash.js';
import { extractRoster } from '../extract/roster.js';
import type { Extracted } from '../extract/types.js';
import type { Executor } from '../db/rows.js';
import type { PipelineContext } from './context.js';
import { storeRejects } from './rejects-store.js';
import { paramsKey } from './raw-store.js';
import { ensureReference } from './sync.js';

/** What a snapshot run is asked for. */
export interface SnapshotArgs {
  /** Day the snapshot describes (rosters); default today (dugout's clock, UTC). */
  date?: string;
  season?: number;
}

/** One request of a snapshot and how its body becomes rows (replacing that request's earlier rows). */
interface SnapshotRequest {
  operation: string;
  params: Record<string, unknown>;
  extract(body: unknown): Extracted<object[]>;
  /** Delete the rows an earlier body of this same request made. */
  clear(tx: Executor): Promise<void>;
  table: typeof rosterEntries;
}

/** A snapshot, declared as data: its requests for a date/season and the sports configured. */
export interface SnapshotDefinition {
  name: string;
  description: string;
  requests(ctx: PipelineContext, args: Required<Pick<SnapshotArgs, 'date'>> & SnapshotArgs): Promise<SnapshotRequest[]>;
}

export const ROSTER_TYPES = ['40Man', 'active'] as const;

/** The snapshot catalogue. */
export const SNAPSHOTS: readonly SnapshotDefinition[] = [
  {
    name: 'roster',
    description: '40-man and active roster of every club of the configured sports on a date (2 requests per club)',
    async requests(ctx, args) {
      const season = args.season ?? Number(args.date.slice(0, 4));
      await ensureReference(ctx, season, ctx.config.sportIds);
      const teams = await queryRows<{ teamId: number }>(
        ctx.db,
        sql`select team_id as "teamId" from mlb.teams
            where sport_id in ${sql.raw(`(${ctx.config.sportIds.map(Number).join(',')})`)} and coalesce(active, true)
            order by team_id`,
      );
      return teams.flatMap(({ teamId }) =>
        ROSTER_TYPES.map((rosterType) => ({
          operation: 'team.roster',
          params: { teamId, rosterType, date: args.date },
          table: rosterEntries,
          extract: (body: unknown) => extractRoster(body, { teamId, rosterType, date: args.date }),
          clear: async (tx: Executor) => {
            await tx.execute(
              sql`delete from mlb.roster_entries where team_id = ${teamId} and roster_type = ${rosterType} and roster_date = ${args.date}`,
            );
          },
        })),
      );
    },
  },
];

export function snapshotNames(): string[] {
  return SNAPSHOTS.map((s) => s.name);
}

/**
 * Run one snapshot of the catalogue: every request through the shared client (so the shared rate
 * limit applies), each body stored in `raw.snapshots` — a new row only when its hash is new for
 * that request, else only `last_seen_at` moves — and, when new, its rows replace the request's
 * earlier rows, in one transaction per request.
 */
export async function runSnapshot(ctx: PipelineContext, name: string, args: SnapshotArgs): Promise<Record<string, unknown>> {
  const def = SNAPSHOTS.find((s) => s.name === name);
  if (!def) throw new Error(`unknown snapshot ${name}`);
  const date = args.date ?? ctx.now().toISOString().slice(0, 10);
  const requests = await def.requests(ctx, { ...args, date });
  let changed = 0;
  let unchanged = 0;
  let rows = 0;
  for (const req of requests) {
    if (ctx.signal.aborted) break;
    ctx.counts.requested++;
    try {
      const res = await ctx.client.call(req.operation as never, req.params as never, { signal: ctx.signal });
      ctx.counts.requests++;
      ctx.counts.fetched++;
      const sha = bodySha256('other', res.body);
      await ctx.db.transaction(async (tx) => {
        const [stored] = await queryRows<{ inserted: boolean }>(
          tx,
          sql`insert into raw.snapshots (operation, params_key, body_sha256, body, run_id)
              values (${req.operation}, ${paramsKey(req.params)}, ${sha}, ${res.text}::text::json, ${ctx.runId})
              on conflict (operation, params_key, body_sha256) do update set last_seen_at = now(), run_id = excluded.run_id
              returning (xmax = 0) as inserted`,
        );
        if (!stored?.inserted) {
          unchanged++;
          ctx.counts.unchanged++;
          return;
        }
        const extracted = req.extract(res.body);
        await req.clear(tx);
        await insertRows(tx, req.table, extracted.rows as Array<Record<string, unknown>>, { run_id: ctx.runId });
        if (extracted.rejects.length) {
          await storeRejects(tx, extracted.rejects, ctx.runId);
          ctx.counts.rejected += extracted.rejects.length;
        }
        rows += extracted.rows.length;
        changed++;
        ctx.counts.loaded++;
      });
    } catch (err) {
      ctx.counts.failed++;
      ctx.log.warn({ snapshot: name, operation: req.operation, params: req.params, err: describeError(err) }, 'snapshot request failed');
    }
  }
  return { snapshot: name, date, requests: requests.length, changed, unchanged, rows };
}
