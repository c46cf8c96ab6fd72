import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** Strings at least this long are sent to PGlite as their UTF-8 bytes (see {@link pgliteTextParam}). */
const LONG_TEXT = 512;

/**
 * PGlite's serializer of a `text` or `json` parameter. Its protocol writer measures a string's
 * UTF-8 length in a JavaScript loop, twice, before encoding it, which for a game's bodies and row
 * lists is much of a load's work (see docs/performance.md). A long string goes as its UTF-8 bytes
 * instead (Node encodes it natively), which the writer sends in the binary format: for `text` and
 * `json` that is the text itself, read by the server as it is. Other values are serialized as
 * PGlite does.
 */
function pgliteTextParam(value: unknown): string {
  if (typeof value === 'string') {
    // The writer takes any byte view; its declared type says string only.
    return (value.length >= LONG_TEXT ? Buffer.from(value, 'utf8') : value) as string;
  }
  return value instanceof Date ? value.toISOString() : String(value);
}

function pgliteJsonParam(value: unknown): string {
  if (typeof value === 'string') return pgliteTextParam(value);
  return pgliteTextParam(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Type OIDs: 25 text, 114 json (jsonb's binary format differs: it keeps PGlite's serializer). */
const SERIALIZERS = { 25: pgliteTextParam, 114: pgliteJsonParam };

/**
 * The types drizzle's PGlite driver reads as the server's text, asking for it in every query:
 * timestamp, timestamptz, interval, date and the arrays of numeric, timestamp, timestamptz,
 * interval and date.
 */
const DRIZZLE_TEXT_TYPES = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

type Parser = (value: string, typeId?: number) => unknown;
type QueryOptions = { parsers?: Record<number, Parser> } & Record<string, unknown>;

/** An opened PGlite: the instance, and the view of it drizzle is given. */
export interface OpenedPglite {
  client: PGlite;
  /** For drizzle: the same database, its queries without per-query parsers. */
  forDrizzle: PGlite;
}

/**
 * Open PGlite (a directory, or memory) with the serializers above, and with drizzle's text
 * parsers held by the instance instead of passed with every query: PGlite merges per-query parsers
 * into its own by copying its whole table at every query, and a load runs thousands of small
 * statements. The instance reads those types as text, `dugout sql` included (it prints dates as
 * the server writes them).
 */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<OpenedPglite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const options = { serializers: SERIALIZERS, ...(loadDataDir ? { loadDataDir } : {}) };
  const client = dir ? await PGlite.create(path.resolve(dir), options) : await PGlite.create(options);
  const asText: Parser = (value) => value;
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  return { client, forDrizzle: withoutQueryParsers(client) };
}

/** The options without drizzle's parsers, which the instance already applies. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const ids = Object.keys(parsers).map(Number);
  // Parsers of other types than drizzle's are not ours to drop.
  if (!ids.every((id) => DRIZZLE_TEXT_TYPES.has(id))) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

/** A view of a PGlite database or transaction whose `query` (and transactions') drop drizzle's parsers. */
function withoutQueryParsers<T extends PGlite | Transaction>(target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          t.query(query, params, withoutDrizzleParsers(options));
      }
      if (prop === 'transaction' && 'transaction' in t) {
        return <R>(fn: (tx: Transaction) => Promise<R>) =>
          (t as PGlite).transaction((tx) => fn(withoutQueryParsers(tx)));
      }
      // PGlite's methods use its private fields: they run on the instance itself.
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}
