import { ParamError } from '../errors.js';
import type { OperationDef, ParamDef } from './params.js';
import { checkList, checkScalar } from './values.js';

/**
 * Validate `params` against the operation and build `path?query` (relative to the base URL).
 * Path values are percent-encoded segment by segment; query values are percent-encoded and lists
 * are sent comma-joined (`personIds=1,2`). Query parameters appear in the registry's order, so one
 * request always has one URL. No request is made.
 *
 * @throws ParamError listing every problem (missing, malformed, unknown) in one line.
 */
export function buildPathAndQuery(op: OperationDef & { callName?: string }, params: unknown): string {
  const label = op.callName ?? op.name;
  if (params === null || params === undefined) params = {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new ParamError(`${label}: parameters must be an object of name → value`, { operation: label });
  }
  const given = params as Record<string, unknown>;
  const problems: string[] = [];
  const known = new Set(op.params.map((d) => d.name));
  const unknown = Object.keys(given).filter((k) => !known.has(k) && given[k] !== undefined);
  if (unknown.length > 0) {
    const accepted = op.params.length > 0 ? describeAccepted(op.params) : 'none';
    problems.push(`unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (accepted: ${accepted})`);
  }

  let path = op.path;
  const query: string[] = [];
  for (const def of op.params) {
    const value = given[def.name];
    if (value === undefined || value === null) {
      if (def.required) problems.push(`missing required parameter ${def.name} (${def.specType})`);
      continue;
    }
    const wire = toWire(def, value);
    if (typeof wire !== 'string') {
      problems.push(wire.problem);
      continue;
    }
    if (def.in === 'path') {
      if (wire === '.' || wire === '..') {
        problems.push(`${def.name} must not be "${wire}"`);
        continue;
      }
      path = path.replace(`{${def.name}}`, encodeURIComponent(wire));
    } else {
      query.push(`${encodeURIComponent(def.name)}=${wire}`);
    }
  }
  if (problems.length > 0) {
    throw new ParamError(`${label}: ${problems.join('; ')}`, { operation: label, problems });
  }
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** The encoded wire value (path values are encoded by the caller), or the problem. */
function toWire(def: ParamDef, value: unknown): string | { problem: string } {
  if (def.kind === 'array') {
    const list = checkList(def, value);
    return list.ok ? list.items.map(encodeURIComponent).join(',') : { problem: list.problem };
  }
  const checked = checkScalar(def, value);
  if (!checked.ok) return { problem: checked.problem };
  return def.in === 'path' ? checked.wire : encodeURIComponent(checked.wire);
}

/** `game_pk (required), timecode, fields` */
export function describeAccepted(params: readonly ParamDef[]): string {
  return params.map((d) => (d.required ? `${d.name} (required)` : d.name)).join(', ');
}
