import { z } from 'zod';
import { MAX_INT4 } from '../src/config.js';

// The argument fields more than one job takes. Their range checks live here only: the CLI's flag
// parsers (src/cli/args.ts) check a flag against these same schemas.

/** A real calendar date, YYYY-MM-DD (2024-02-30 is not one). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    { message: 'not a real date' },
  );

/** A season year: from the first professional season to one far enough ahead. */
export const season = z.number().int().min(1876).max(2100);

/** A sport id (a PostgreSQL integer, as the warehouse stores it). */
export const sportId = z.number().int().min(1).max(MAX_INT4);

/** A one-letter game type (R, F, D, L, W…). */
export const gameType = z.string().regex(/^[A-Z]$/);
