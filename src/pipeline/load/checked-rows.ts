import type { PgTable } from 'drizzle-orm/pg-core';
import { teams, venues } from '../../db/schema/index.js';
import { createRowValidator, type RowValidator } from '../../db/validate-rows.js';
import type { Extracted } from '../../extract/index.js';
import type { TeamRef, VenueRef } from '../../db/schema/rows.js';

/** One validator per table, built at its first use (it is generated code, made once). */
const validators = new Map<PgTable, RowValidator>();

/**
 * Rows of a body other than a game's (people, teams, venues, team seasons, reference lists,
 * snapshots) checked against their table's columns before they are written, as a game's rows are
 * (db/validate-rows.ts): a NUL in a name, an integer its column cannot hold, costs that value
 * (nulled, or its text cleaned) or its row, each with a reject, never the whole body's transaction.
 * Pure. `partial` for rows that give only some columns (mentions of a team or venue).
 */
export function checkRows<T extends object>(
  table: PgTable,
  rows: readonly T[],
  opts: { partial?: boolean } = {},
): Extracted<T[]> {
  let validator = validators.get(table);
  if (!validator) {
    validator = createRowValidator(table);
    validators.set(table, validator);
  }
  return validator.validate(rows, opts);
}

/** {@link checkRows} of the teams and venues a body mentions. */
export function checkRefs(refs: { teams?: TeamRef[]; venues?: VenueRef[] }): Extracted<{
  teams: TeamRef[];
  venues: VenueRef[];
}> {
  const t = checkRows(teams, refs.teams ?? [], { partial: true });
  const v = checkRows(venues, refs.venues ?? [], { partial: true });
  return { rows: { teams: t.rows, venues: v.rows }, rejects: [...t.rejects, ...v.rejects] };
}
