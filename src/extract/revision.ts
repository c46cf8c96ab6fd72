/**
 * Revisions of a game's bodies: the canonical content of a body (what a revision keeps and its hash
 * names), the RFC 6902 JSON Patch from one revision to the next and its application. Pure: JSON in,
 * JSON out. The patches are made and applied with `rfc6902`, the library of the live diffPatch path.
 */

import { applyPatch, type Operation, Pointer } from 'rfc6902';
import { diffAny } from 'rfc6902/diff.js';
import { asObject, type JsonObject } from './coerce.js';
import { textSha256, withoutSeasonStats } from './hash.js';

/** The body kinds a game keeps revisions of (one raw table each). */
export type RevisionKind = 'boxscore' | 'playByPlay' | 'winProbability';

/** A body's canonical content, its JSON text (sorted keys) and that text's SHA-256. */
export interface CanonicalBody {
  content: unknown;
  text: string;
  sha: string;
}

/**
 * The canonical content of a body: without the top-level `copyright` (its year changes, the game
 * does not), without `metaData` (a feed's `timeStamp` moves at every fetch; no stored body carries
 * it, but a body that did would not make a revision of it), and, for a boxscore, without every
 * `teams.{away,home}.players.*.seasonStats` (the standalone /boxscore fills them at fetch time with
 * the player's season to date, so two fetches of an unchanged game differ there). Object keys are
 * sorted, so two bodies that differ only in key order are one content.
 */
export function canonicalBody(kind: RevisionKind, body: unknown): CanonicalBody {
  const content = canonicalize(kind, body);
  const text = JSON.stringify(content);
  return { content, text, sha: textSha256(text) };
}

function canonicalize(kind: RevisionKind, body: unknown): unknown {
  const obj = asObject(body);
  if (!obj) return sortKeys(body);
  const { copyright: _c, metaData: _m, ...rest } = obj;
  return sortKeys(kind === 'boxscore' ? withoutSeasonStats(rest) : rest);
}

/** A copy of `v` with every object's keys in code-unit order. */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v as JsonObject).sort()) out[k] = sortKeys((v as JsonObject)[k]);
  return out;
}

/**
 * The operations that turn `from` into `to`: objects key by key (rfc6902's own diff), arrays position
 * by position with additions and removals at the end (a body's arrays, plays and players, keep their
 * order; rfc6902's edit-distance diff of arrays is quadratic in deep comparisons).
 */
export function diffBodies(from: unknown, to: unknown): Operation[] {
  return diffJson(from, to, new Pointer());
}

function diffJson(from: unknown, to: unknown, ptr: Pointer): Operation[] {
  if (!Array.isArray(from) || !Array.isArray(to)) return diffAny(from, to, ptr, diffJson);
  const ops: Operation[] = [];
  const common = Math.min(from.length, to.length);
  for (let i = 0; i < common; i++) ops.push(...diffJson(from[i], to[i], ptr.add(String(i))));
  for (let i = from.length - 1; i >= common; i--) ops.push({ op: 'remove', path: ptr.add(String(i)).toString() });
  for (let i = common; i < to.length; i++) ops.push({ op: 'add', path: ptr.add(String(i)).toString(), value: to[i] });
  return ops;
}

/** Why a stored revision could not be applied. */
export class RevisionPatchError extends Error {
  readonly retryable = false;
}

/**
 * The content after `ops` are applied to a copy of `from` (never modified). Throws
 * {@link RevisionPatchError} when the operations are not a patch or one does not apply.
 */
export function applyRevisionPatch(from: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw new RevisionPatchError('a revision patch is not an array of operations');
  const doc = { root: structuredClone(from) };
  const rooted = ops.map((op, i) => {
    const o = asObject(op);
    if (!o || typeof o.op !== 'string' || typeof o.path !== 'string') {
      throw new RevisionPatchError(`operation ${i} of a revision patch is not an operation`);
    }
    const moved: JsonObject = { ...o, path: `/root${o.path}` };
    if (typeof o.from === 'string') moved.from = `/root${o.from}`;
    return moved as unknown as Operation;
  });
  const results = applyPatch(doc, rooted);
  const failed = results.findIndex((r) => r !== null);
  if (failed >= 0) {
    throw new RevisionPatchError(`operation ${failed} of a revision patch does not apply: ${String(results[failed])}`);
  }
  return doc.root;
}
