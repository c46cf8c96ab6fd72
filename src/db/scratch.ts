import postgres from 'postgres';

/** A throwaway database on a Postgres server (benchmarks, tests): its URL, and how to drop it. */
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** `url` with its database replaced by `database`. */
export function urlWithDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Create an empty database `name` on the server of `adminUrl` (one a crashed run left behind is
 * dropped first), or a clone of `template` (retried while another session still holds the template).
 * `drop()` removes it, closing whatever sessions are still on it.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
  opts: { template?: string } = {},
): Promise<ScratchDatabase> {
  for (const n of [name, opts.template])
    if (n !== undefined && !NAME.test(n)) throw new Error(`not a plain database name: ${n}`);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(
          opts.template ? `create database ${name} template ${opts.template}` : `create database ${name}`,
        );
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    name,
    url: urlWithDatabase(adminUrl, name),
    async drop() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
