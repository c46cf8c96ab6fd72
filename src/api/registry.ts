import { OperationUnavailableError } from '../errors.js';
import { beyondInterfaceOperations } from './operations/beyond-interface.js';
import { configOperations } from './operations/config.js';
import { gameOperations } from './operations/game.js';
import { homeRunDerbyOperations } from './operations/home-run-derby.js';
import { jobOperations } from './operations/job.js';
import { personOperations } from './operations/person.js';
import { scheduleOperations } from './operations/schedule.js';
import { seasonOperations } from './operations/season.js';
import { statsOperations } from './operations/stats.js';
import { teamOperations } from './operations/team.js';
import type { GroupName, OperationDef } from './params.js';

/** Every operation of the interface's §4, grouped as the interface groups them, then the few beyond it. */
export const allOperations = [
  ...gameOperations,
  ...teamOperations,
  ...homeRunDerbyOperations,
  ...seasonOperations,
  ...jobOperations,
  ...configOperations,
  ...scheduleOperations,
  ...statsOperations,
  ...personOperations,
  ...beyondInterfaceOperations,
] as const;

/** Team operations the interface names but declares not available. */
export const UNAVAILABLE_OPERATIONS: readonly string[] = ['affiliates', 'allTeams'];

/** An operation of the registry, with the name to call it by. */
export interface RegisteredOperation extends OperationDef {
  /** `group.name`; always accepted. */
  readonly qualifiedName: string;
  /** The shortest accepted name: `name` when it is unique across groups, else `qualifiedName`. */
  readonly callName: string;
}

const definitions = allOperations as readonly OperationDef[];
const nameCount = new Map<string, number>();
for (const def of definitions) nameCount.set(def.name, (nameCount.get(def.name) ?? 0) + 1);

const registered: readonly RegisteredOperation[] = definitions.map((def) => {
  const qualifiedName = `${def.group}.${def.name}`;
  return { ...def, qualifiedName, callName: nameCount.get(def.name)! > 1 ? qualifiedName : def.name };
});
const byQualified = new Map(registered.map((r) => [r.qualifiedName, r]));
const byBare = new Map<string, RegisteredOperation[]>();
for (const r of registered) byBare.set(r.name, [...(byBare.get(r.name) ?? []), r]);

/** Names used by more than one group (`stats`, `leaders`, `currentGameStats`); callable only as `group.name`. */
export const AMBIGUOUS_NAMES: readonly string[] = [...byBare]
  .filter(([, defs]) => defs.length > 1)
  .map(([name]) => name);

/** The groups, in the interface's order. */
export const GROUPS: readonly GroupName[] = [
  'game',
  'team',
  'homeRunDerby',
  'season',
  'job',
  'config',
  'schedule',
  'stats',
  'person',
];

/** Every available operation, in the interface's order (equivalent entries of one path listed separately). */
export function listOperations(): RegisteredOperation[] {
  return [...registered];
}

/**
 * Find an operation by its interface name (`boxscore`) or its group-qualified name (`team.stats`).
 *
 * @throws OperationUnavailableError for `affiliates`/`allTeams` ("not available in this interface"),
 *   for a name used by two groups (the message names the qualified forms), and for an unknown name.
 */
export function getOperation(name: string): RegisteredOperation {
  const qualified = byQualified.get(name);
  if (qualified) return qualified;
  const bare = byBare.get(name);
  if (bare?.length === 1) return bare[0]!;
  if (bare && bare.length > 1) {
    throw new OperationUnavailableError(
      `operation "${name}" is ambiguous: call it as ${bare.map((d) => d.qualifiedName).join(' or ')}`,
      { operation: name, candidates: bare.map((d) => d.qualifiedName) },
    );
  }
  const unavailable = UNAVAILABLE_OPERATIONS.find((u) => u === name || `team.${u}` === name);
  if (unavailable) {
    throw new OperationUnavailableError(`operation "${unavailable}" is not available in this interface`, {
      operation: name,
    });
  }
  const lower = name.toLowerCase();
  const similar = registered
    .filter((d) => d.callName.toLowerCase().includes(lower) || lower.includes(d.name.toLowerCase()))
    .slice(0, 5)
    .map((d) => d.callName);
  const hint = similar.length > 0 ? `; did you mean ${similar.join(', ')}?` : '; `dugout api --list` lists them';
  throw new OperationUnavailableError(`unknown operation "${name}"${hint}`, { operation: name });
}
