import { createHash } from 'node:crypto';
import { asObject, type JsonObject } from './coerce.js';

/** Which raw table a body goes to; boxscores get extra normalization. */
export type BodyKind = 'boxscore' | 'playByPlay' | 'person' | 'other';

/** SHA-256 hex of a UTF-8 text. */
export function textSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A shallow copy of `obj` without `key` (the input is never mutated). */
function without(obj: JsonObject, key: string): JsonObject {
  const { [key]: _dropped, ...rest } = obj;
  return rest;
}

/** A boxscore with every `teams.{away,home}.players.*.seasonStats` removed, copying only the path touched. */
export function withoutSeasonStats(box: JsonObject): JsonObject {
  const teams = asObject(box.teams);
  if (!teams) return box;
  const copy: JsonObject = { ...teams };
  for (const side of ['away', 'home']) {
    const team = asObject(teams[side]);
    const players = asObject(team?.players);
    if (!team || !players) continue;
    // A loop, not a callback made anew for every game (see extractPlayByPlay).
    const entries: Array<[string, unknown]> = [];
    for (const [id, p] of Object.entries(players)) {
      entries.push([id, asObject(p) ? without(p as JsonObject, 'seasonStats') : p]);
    }
    const stripped = Object.fromEntries(entries);
    copy[side] = { ...team, players: stripped };
  }
  return { ...box, teams: copy };
}

/**
 * The "unchanged?" fingerprint of a body: SHA-256 hex of `JSON.stringify` of the body with the
 * top-level `copyright` key removed (its year changes without the data changing) and, for
 * boxscores, every `teams.{away,home}.players.*.seasonStats` removed (the standalone /boxscore
 * re-hydrates season stats at fetch time, so they drift while the game does not). Key order is as
 * received; the body is never mutated. Non-object bodies are hashed as they are.
 */
export function bodySha256(kind: BodyKind, body: unknown): string {
  const obj = asObject(body);
  if (!obj) return textSha256(JSON.stringify(body) ?? 'undefined');
  const normalized = without(obj, 'copyright');
  return textSha256(JSON.stringify(kind === 'boxscore' ? withoutSeasonStats(normalized) : normalized));
}

/**
 * {@link bodySha256} of a body whose `JSON.stringify` is `json` (made already, to be stored): that
 * text hashed as it is where the fingerprint leaves nothing out of the body (a play-by-play or other
 * body without a top-level `copyright`), which saves serializing it again.
 */
export function bodyJsonSha256(kind: BodyKind, body: unknown, json: string): string {
  const obj = asObject(body);
  if (!obj || (kind !== 'boxscore' && !Object.hasOwn(obj, 'copyright'))) return textSha256(json);
  return bodySha256(kind, body);
}

/** A body text that starts with its `copyright` member: `{ "copyright" : "…" ,` in any spacing. */
const LEADING_COPYRIGHT = /^\s*\{\s*"copyright"\s*:\s*"(?:[^"\\]|\\.)*"\s*,?\s*/;

/**
 * The fingerprint of a body computed from its text, ~7× cheaper than {@link bodySha256} (no
 * re-serialization): SHA-256 of the text with a leading top-level `copyright` member cut out.
 * Used for play-by-play bodies as received; the API serializes a body the same way each time, so
 * an unchanged body gives the same text.
 */
export function bodyTextSha256(text: string): string {
  const m = LEADING_COPYRIGHT.exec(text);
  if (!m) return textSha256(text);
  // Two updates, not the hash of `{` + the rest: hashing that concatenation would first copy the
  // whole body into one new string.
  return createHash('sha256').update('{', 'utf8').update(text.slice(m[0].length), 'utf8').digest('hex');
}
