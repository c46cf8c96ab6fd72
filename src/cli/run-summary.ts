import type { RunCounts } from '../pipeline/context.js';

/** `1 game`, `2 games`; `people` for persons. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** `a`, `a and b`, `a, b and c`. */
function joinWords(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * What a run did, in plain words with each noun right after its number and every kind counted
 * apart: `loaded 15 games and 402 people; 3 games unchanged; 38 requests`.
 */
export function describeRunWork(c: RunCounts): string {
  const loaded = c.gamesLoaded ? [countOf(c.gamesLoaded, 'game')] : [];
  if (c.peopleLoaded) loaded.push(countOf(c.peopleLoaded, 'person', 'people'));
  if (c.listsLoaded) loaded.push(countOf(c.listsLoaded, 'reference list'));
  if (c.snapshotsLoaded) loaded.push(countOf(c.snapshotsLoaded, 'snapshot'));
  // `loaded 0 games` when nothing at all was: a game job's answer; a snapshot's names only snapshots.
  const parts = [`loaded ${loaded.length ? joinWords(loaded) : countOf(0, 'game')}`];
  if (c.gamesUnchanged) parts.push(`${countOf(c.gamesUnchanged, 'game')} unchanged`);
  const otherFailed = c.failed - c.gamesFailed;
  const failed = [
    ...(c.gamesFailed ? [countOf(c.gamesFailed, 'game')] : []),
    ...(otherFailed ? [countOf(otherFailed, 'other item')] : []),
  ];
  if (failed.length) parts.push(`failed ${joinWords(failed)}`);
  if (c.rejected) parts.push(`${countOf(c.rejected, 'record')} rejected (ingest.rejects)`);
  parts.push(countOf(c.requests, 'request'));
  return parts.join('; ');
}
