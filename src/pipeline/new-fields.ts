import { recordNewFields } from '../db/queries/new-fields.js';
import { paramsKey } from '../db/queries/raw-bodies.js';
import type { NewFieldRow } from '../db/schema/rows.js';
import { describeError } from '../errors.js';
import { KNOWN_PATHS, newPaths } from '../extract/new-paths.js';
import type { PipelineContext } from './context.js';
import { timed } from './thread-cpu.js';

/**
 * Noticing the fields the API adds: every loaded body is walked beside the key paths dugout knows
 * for its kind, and the paths it lacks are recorded in ingest.new_fields with the game or request
 * they first came in. Only bodies with a new path cost a statement.
 */

/** The new paths of one body as rows of ingest.new_fields (none for a kind without a known set). */
export function newFieldRows(kind: string, body: unknown, firstKey: string): NewFieldRow[] {
  return newPaths(kind, body, KNOWN_PATHS).map((path) => ({ body_kind: kind, path, first_key: firstKey }));
}

/** What a request's body is keyed by in ingest.new_fields: its operation and parameters. */
export function requestKey(operation: string, params: Record<string, unknown>): string {
  const key = paramsKey(params);
  return key === '' ? operation : `${operation}?${key}`;
}

/**
 * Record new paths, after the body's own transaction: a notice never fails or holds up the load
 * that met it (a failure is logged, and the next body carrying the path records it).
 */
export async function recordNewPaths(ctx: PipelineContext, rows: readonly NewFieldRow[]): Promise<void> {
  if (rows.length === 0) return;
  try {
    await recordNewFields(ctx.db, rows);
    ctx.log.info({ paths: rows.map((r) => `${r.body_kind}:${r.path}`), firstKey: rows[0]?.first_key }, 'new fields');
  } catch (err) {
    ctx.log.warn({ err: describeError(err) }, 'could not record new fields');
  }
}

/** Record the new paths of one request's body ({@link newFieldRows}, {@link recordNewPaths}). */
export async function noticeBody(
  ctx: PipelineContext,
  kind: string,
  body: unknown,
  operation: string,
  params: Record<string, unknown>,
): Promise<void> {
  const { result: rows, ms } = timed(() => newFieldRows(kind, body, requestKey(operation, params)), !!ctx.timings);
  if (ctx.timings) ctx.timings.noticeMs += ms;
  await recordNewPaths(ctx, rows);
}
