import { defaultUserAgent } from '../../api/client.js';
import { isoDay } from '../../dates.js';
import {
  beginRegisterLoad,
  registerCounts,
  replaceRegister,
  stageRegisterRows,
  takeDuplicateRows,
} from '../../db/queries/register.js';
import { storeRejects } from '../../db/queries/rejects.js';
import { transactionWithRetry } from '../../db/retry-transaction.js';
import type { RejectRow } from '../../db/schema/rows.js';
import { RegisterError } from '../../errors.js';
import { csvRecords } from '../../extract/register/csv.js';
import { registerLayout, registerRecord } from '../../extract/register/people.js';
import type { PipelineContext } from '../context.js';
import {
  DEFAULT_REGISTER_LIMITS,
  downloadRegisterSource,
  localRegisterSource,
  type RegisterLimits,
  type RegisterSource,
} from './source.js';

/** What a register load is asked for. */
export interface RegisterArgs {
  /** A local folder or zip; the register's URL (DUGOUT_REGISTER_URL) when unset. */
  from?: string;
  /**
   * Load even when the new register has fewer than half the rows of the one in force (a register
   * that shrank that much is more likely a partial copy than a real one).
   */
  allowShrink?: boolean;
  limits?: Partial<RegisterLimits>;
}

export interface RegisterResult {
  source: string;
  files: number;
  /** Rows now in mlb.person_ids. */
  loaded: number;
  /** Records set aside (ingest.rejects, target mlb.person_ids). */
  rejected: number;
  /** Register people who carry no key but the register's own (not kept). */
  skipped: number;
  /** Key changes recorded in mlb.person_id_changes. */
  changes: number;
}

/** The whole download's deadline (the archive is some tens of MB). */
const REGISTER_TIMEOUT_MS = 10 * 60_000;
/** Rows staged per statement. */
const BATCH = 5000;
/** Reject records stored per load at most (all are counted). */
const MAX_STORED_REJECTS = 1000;

/**
 * Load the Chadwick register into `mlb.person_ids` in one transaction: every people file is
 * streamed into the stage (a batch in memory at a time), duplicated ids are set aside, the changes
 * against the register in force are recorded, and the rows replace it. Any error before the commit
 * (a missing column, a damaged archive, a bound passed) leaves the register in force as it was.
 */
export async function loadRegister(ctx: PipelineContext, args: RegisterArgs): Promise<RegisterResult> {
  const limits = { ...DEFAULT_REGISTER_LIMITS, ...args.limits };
  const source: RegisterSource = args.from
    ? await localRegisterSource(args.from, limits)
    : await downloadRegisterSource(ctx.config.registerUrl, limits, {
        timeoutMs: REGISTER_TIMEOUT_MS,
        signal: ctx.signal,
        userAgent: defaultUserAgent(),
      });
  try {
    const readAt = ctx.now();
    const result = await transactionWithRetry(
      ctx.db,
      async (tx) => {
        await beginRegisterLoad(tx);
        const rejects: RejectRow[] = [];
        let rejected = 0;
        let skipped = 0;
        let rows = 0;
        const reject = (file: string, line: number, reason: string, record: unknown) => {
          rejected++;
          if (rejects.length < MAX_STORED_REJECTS) {
            rejects.push({ game_pk: null, target: 'mlb.person_ids', path: `${file}:${line}`, reason, record });
          }
        };
        for (const file of source.files) {
          let layout: ReturnType<typeof registerLayout> | undefined;
          let batch: Record<string, unknown>[] = [];
          const stream = await file.open();
          for await (const rec of csvRecords(stream as AsyncIterable<Buffer>, file.name, limits.recordChars)) {
            if (ctx.signal.aborted) throw new RegisterError('register load stopped (shutdown); nothing was loaded');
            if (!layout) {
              layout = registerLayout(rec.fields, file.name);
              continue;
            }
            const r = registerRecord(rec.fields, layout);
            if (r.kind === 'skip') skipped++;
            else if (r.kind === 'reject') reject(file.name, rec.line, r.reason, rec.fields.slice(0, 60));
            else {
              if (++rows > limits.rows) {
                throw new RegisterError(`the register has more than ${limits.rows} rows; nothing was loaded`);
              }
              batch.push({ ...r.row, file: file.name, line: rec.line });
              if (batch.length >= BATCH) {
                await stageRegisterRows(tx, batch);
                batch = [];
              }
            }
          }
          if (!layout) throw new RegisterError(`${file.name} is empty (no header); nothing was loaded`);
          await stageRegisterRows(tx, batch);
        }
        const dups = await takeDuplicateRows(tx, MAX_STORED_REJECTS);
        for (const d of dups.rows) reject(d.file, d.line, d.reason, d);
        rejected += dups.count - dups.rows.length;
        const counts = await registerCounts(tx);
        if (!args.allowShrink && counts.staged < counts.stored / 2) {
          throw new RegisterError(
            `${source.description} has ${counts.staged} rows to load, fewer than half the ${counts.stored} in force; nothing was loaded (--allow-shrink loads it anyway)`,
          );
        }
        const changes = await replaceRegister(tx, {
          source: source.description,
          readAt,
          seenOn: isoDay(readAt),
          runId: ctx.runId,
        });
        await storeRejects(tx, rejects, ctx.runId);
        return { loaded: counts.staged, rejected, skipped, changes };
      },
      { log: ctx.log, label: 'register load' },
    );
    ctx.counts.loaded += result.loaded;
    ctx.counts.rejected += result.rejected;
    ctx.counts.snapshotsLoaded += 1;
    ctx.log.info({ source: source.description, ...result }, 'register loaded');
    return { source: source.description, files: source.files.length, ...result };
  } finally {
    await source.close();
  }
}
