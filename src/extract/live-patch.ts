/**
 * The live protocol's bodies: a `feed/live/diffPatch` answer applied to the stored feed it was asked
 * for, and the `feed/live/timestamps` list. Pure: JSON in, a new feed (or a typed failure) out, so the
 * live loop can fall back to one full feed whenever a patch cannot be trusted.
 */

import { applyPatch, type Operation } from 'rfc6902';
import type { JsonObject } from './coerce.js';

/** Bounds on a diffPatch answer, beyond the body's own byte and nesting bounds. */
export interface LivePatchLimits {
  /** Operations in the whole answer (default 50,000; a pitch changes a few dozen, a pitching change a few hundred). */
  maxOperations: number;
  /** Tokens in one JSON pointer (default 32; the deepest recorded feed nests 14 levels). */
  maxPointerDepth: number;
  /** Characters in one JSON pointer (default 1,024). */
  maxPointerChars: number;
  /**
   * Bytes of the patched document as JSON text, counted as the operations are applied (default 64 MiB,
   * the body limit's default; the live loop passes STATSAPI_MAX_BODY_BYTES). Each `add`, `replace`
   * and `copy` adds the size of the value it writes, never subtracting what it replaces: an upper
   * bound, so a `copy` that would take the document past the limit is refused before it is made
   * (40 copies each doubling the document once took the process to 4.3 GB).
   */
  maxDocumentBytes: number;
}

export const LIVE_PATCH_LIMITS: LivePatchLimits = {
  maxOperations: 50_000,
  maxPointerDepth: 32,
  maxPointerChars: 1024,
  maxDocumentBytes: 64 * 1024 * 1024,
};

/**
 * Why an answer was not applied. `full-document`: the API answered with a whole feed (it does when the
 * start is too old or unknown), carried as `document`. `gap`: the stored feed is not the one the patch
 * starts from. `stale`: the patch moves the feed back in time. `foreign`: the patch turns the feed
 * into another game's. `too-large`: the document grew past `maxDocumentBytes` while being patched.
 * `does-not-apply`: an operation fails on the stored feed (a path that is not there) or the result
 * is no longer a feed. `malformed`: the answer is neither a patch nor a feed, or is over a bound.
 */
export type LivePatchFailure =
  | { kind: 'full-document'; message: string; document: JsonObject }
  | { kind: 'gap'; message: string }
  | { kind: 'stale'; message: string }
  | { kind: 'foreign'; message: string }
  | { kind: 'too-large'; message: string; operationIndex: number }
  | { kind: 'does-not-apply'; message: string; operationIndex?: number }
  | { kind: 'malformed'; message: string };

export type LivePatchResult =
  | {
      ok: true;
      /** The feed after the patch (a new object; the stored one is never modified). */
      feed: JsonObject;
      /** `metaData.timeStamp` of the new feed: the next `startTimecode`. */
      timeStamp: string;
      /** False when the answer was empty: nothing changed since the stored feed. */
      changed: boolean;
      operations: number;
    }
  | { ok: false; failure: LivePatchFailure };

const TIMECODE_RE = /^\d{8}_\d{6}$/;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const UNSAFE_TOKENS = new Set(['__proto__', 'constructor', 'prototype']);
const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/**
 * Applies a diffPatch answer (`[{diff: [RFC 6902 operations]}, …]`, or `[]`) to `stored`, the feed
 * whose `metaData.timeStamp` was sent as `startTimecode` (checked when given). Every operation is
 * validated (its target must exist as RFC 6902 requires) and the result must still be the same
 * game's feed with a timestamp no earlier than the stored one.
 */
export function applyLivePatch(
  stored: unknown,
  answer: unknown,
  startTimecode?: string,
  limits: LivePatchLimits = LIVE_PATCH_LIMITS,
): LivePatchResult {
  const base = feedIdentity(stored);
  if (typeof base === 'string') return fail('does-not-apply', `the stored feed ${base}`);
  if (startTimecode !== undefined && base.timeStamp !== startTimecode)
    return fail('gap', `the stored feed is at ${base.timeStamp}, the patch starts at ${startTimecode}`);
  if (!Array.isArray(answer)) {
    if (isObject(answer) && isObject(answer.metaData) && isObject(answer.gameData) && isObject(answer.liveData))
      return {
        ok: false,
        failure: { kind: 'full-document', message: 'the answer is a whole feed, not a patch', document: answer },
      };
    return fail('malformed', 'the answer is neither a list of diffs nor a feed');
  }
  const ops = operationsOf(answer, limits);
  if (typeof ops === 'string') return fail('malformed', ops);
  const { gamePk, timeStamp } = base;
  if (ops.length === 0) return { ok: true, feed: stored as JsonObject, timeStamp, changed: false, operations: 0 };
  const feed = structuredClone(stored) as JsonObject;
  const max = limits.maxDocumentBytes;
  let bytes = jsonBytes(feed, max);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    if (op.op === 'copy') {
      const source = resolvePointer(feed, op.from as string);
      if (source.found) bytes += jsonBytes(source.value, max - bytes);
    } else if (op.op === 'add' || op.op === 'replace') bytes += jsonBytes(op.value, max - bytes);
    if (bytes > max) {
      const message = `operation ${i} (${describe(op)}) takes the document past ${max} bytes`;
      return { ok: false, failure: { kind: 'too-large', message, operationIndex: i } };
    }
    const [error] = applyPatch(feed, [op as unknown as Operation]);
    if (error) return fail('does-not-apply', `operation ${i} (${describe(op)}): ${error.message}`, i);
  }
  const after = feedIdentity(feed);
  if (typeof after === 'string') return fail('does-not-apply', `the patched feed ${after}`);
  if (after.gamePk !== gamePk) return fail('foreign', `the patch turns game ${gamePk} into ${after.gamePk}`);
  if (after.timeStamp < timeStamp)
    return fail('stale', `the patch moves the feed back from ${timeStamp} to ${after.timeStamp}`);
  return { ok: true, feed, timeStamp: after.timeStamp, changed: true, operations: ops.length };
}

/**
 * The timecodes of a `feed/live/timestamps` body (a JSON array of `YYYYMMDD_HHMMSS`), in order and
 * without repeats; a problem string when it is not one.
 */
export function parseLiveTimestamps(body: unknown, maxEntries = 100_000): string[] | string {
  if (!Array.isArray(body)) return 'the timestamps body is not a list';
  if (body.length > maxEntries) return `the timestamps body lists ${body.length} timecodes, more than ${maxEntries}`;
  for (const [i, t] of body.entries())
    if (typeof t !== 'string' || !TIMECODE_RE.test(t)) return `timestamp ${i} is not a timecode YYYYMMDD_HHMMSS`;
  return [...new Set(body as string[])].sort();
}

function fail(
  kind: Exclude<LivePatchFailure['kind'], 'full-document' | 'too-large'>,
  message: string,
  operationIndex?: number,
) {
  const failure: LivePatchFailure =
    kind === 'does-not-apply' && operationIndex !== undefined ? { kind, message, operationIndex } : { kind, message };
  return { ok: false as const, failure };
}

/** The game and version of a feed, or what is wrong with it. */
function feedIdentity(feed: unknown): { gamePk: number; timeStamp: string } | string {
  if (!isObject(feed)) return 'is not an object';
  const meta = feed.metaData;
  const timeStamp = isObject(meta) ? meta.timeStamp : undefined;
  if (typeof timeStamp !== 'string' || !TIMECODE_RE.test(timeStamp)) return 'has no metaData.timeStamp YYYYMMDD_HHMMSS';
  if (typeof feed.gamePk !== 'number') return 'has no gamePk';
  return { gamePk: feed.gamePk, timeStamp };
}

/** The operations of an answer in order, each checked for shape and bounds; or the problem. */
function operationsOf(answer: unknown[], limits: LivePatchLimits): JsonObject[] | string {
  const ops: JsonObject[] = [];
  for (const [i, entry] of answer.entries()) {
    if (!isObject(entry) || !Array.isArray(entry.diff)) return `entry ${i} of the answer has no diff list`;
    if (ops.length + entry.diff.length > limits.maxOperations)
      return `the answer has more than ${limits.maxOperations} operations`;
    for (const op of entry.diff) {
      const problem = operationProblem(op, limits);
      if (problem) return `operation ${ops.length}: ${problem}`;
      ops.push(op as JsonObject);
    }
  }
  return ops;
}

function operationProblem(op: unknown, limits: LivePatchLimits): string | undefined {
  if (!isObject(op) || typeof op.op !== 'string' || !OPS.has(op.op)) return 'not an RFC 6902 operation';
  for (const key of op.op === 'move' || op.op === 'copy' ? ['path', 'from'] : ['path']) {
    const pointer = op[key];
    if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/')))
      return `${key} is not a JSON pointer`;
    if (pointer === '') return `${key} is the whole document`;
    if (pointer.length > limits.maxPointerChars) return `${key} is longer than ${limits.maxPointerChars} characters`;
    const tokens = pointer.slice(1).split('/');
    if (tokens.length > limits.maxPointerDepth) return `${key} is deeper than ${limits.maxPointerDepth} levels`;
    if (tokens.some((t) => UNSAFE_TOKENS.has(t.replace(/~1/g, '/').replace(/~0/g, '~'))))
      return `${key} names an object's prototype`;
  }
  if ((op.op === 'add' || op.op === 'replace' || op.op === 'test') && !('value' in op)) return `${op.op} has no value`;
  return undefined;
}

/**
 * About the length of `value` as JSON text (each string's characters, quotes, separators; escapes
 * and multi-byte characters counted as one), counted until it passes `budget`: the walk stops there, so measuring a huge subtree costs the budget, not
 * the subtree.
 */
export function jsonBytes(value: unknown, budget: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= budget) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 3;
    else if (typeof v === 'number' || typeof v === 'boolean') total += String(v).length;
    else if (v === null || v === undefined) total += 4;
    else if (Array.isArray(v)) {
      total += 2 + v.length;
      for (const x of v) stack.push(x);
    } else if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v as JsonObject)) {
        total += k.length + 4;
        stack.push(x);
      }
      total += 2;
    }
  }
  return total;
}

/** The value a JSON pointer names in `doc`, if it is there. */
function resolvePointer(doc: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  let at: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < at.length) at = at[Number(token)];
    else if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return { found: false };
  }
  return { found: true, value: at };
}

function describe(op: JsonObject): string {
  return `${op.op} ${op.path}${typeof op.from === 'string' ? ` from ${op.from}` : ''}`;
}
