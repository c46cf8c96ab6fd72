import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver reads as the server's text: timestamp, timestamptz, interval,
 * date and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * Open PGlite (a directory, or memory). The instance reads the types drizzle reads as text as
 * text too, so `dugout sql` prints dates and times as the server writes them, as drizzle sees them.
 */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const options = loadDataDir ? { loadDataDir } : {};
  const client = dir ? await PGlite.create(path.resolve(dir), options) : await PGlite.create(options);
  const asText = (value: string) => value;
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  return client;
}
