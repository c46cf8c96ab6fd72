import { recordNewFields } from '../db/queries/new-fields.js';
import { paramsKey } from '../db/queries/raw-bodies.js';
import type { NewFieldRow } from '../db/schema/rows.js';
import { newFieldRows } from '../extract/new-paths.js';
import { describeError } from '../errors.js';
import type { PipelineContext } from './context.js';
import { inStage } from './stages.js';

/**
 * Noticing the fields the API adds: every loaded body is walked beside the key paths dugout knows
 * for its kind, and the paths it lacks are recorded in ingest.new_fields with the game or request
 * they first came in. Only bodies with a new path cost a statement.
 */

/** The new paths this process has logged (`kind:path`). */
const LOGGED_PATHS = new Set<string>();

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
    // Logged once per process each: a daemon meets the same new field in every pass, and
    // ingest.new_fields (`dugout status`) counts every sighting.
    const fresh = rows.map((r) => `${r.body_kind}:${r.path}`).filter((p) => !LOGGED_PATHS.has(p));
    if (fresh.length === 0) return;
    for (const p of fresh) LOGGED_PATHS.add(p);
    ctx.log.info({ paths: fresh, firstKey: rows[0]?.first_key }, 'new fields');
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
  await recordNewPaths(
    ctx,
    inStage('notice', () => newFieldRows(kind, body, requestKey(operation, params))),
  );
}
