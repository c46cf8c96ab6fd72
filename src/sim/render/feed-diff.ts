/** The operations of a diffPatch answer: RFC 6902 JSON Patch between two rendered feeds. */

import { type Operation, Pointer } from 'rfc6902';
import { diffAny } from 'rfc6902/diff.js';

/**
 * The operations that turn `from` into `to`. Objects are compared key by key (rfc6902's own diff); arrays
 * position by position, with additions and removals at the end: a feed's arrays (plays, pitches, batting
 * orders) grow at the end, and rfc6902's default edit-distance diff of arrays is quadratic in deep
 * comparisons, too slow for a feed's hundred plays.
 */
export function diffFeeds(from: unknown, to: unknown): Operation[] {
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
