import { withAdminConnection } from './adapter/index.js';

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
  // One connection with dugout's connect timeout and keepalive; no statement timeout (a clone of a
  // large template may take long).
  await withAdminConnection(adminUrl, async (run) => {
    await run(`drop database if exists ${name} with (force)`);
    for (let attempt = 0; ; attempt++) {
      try {
        await run(opts.template ? `create database ${name} template ${opts.template}` : `create database ${name}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return {
    name,
    url: urlWithDatabase(adminUrl, name),
    async drop() {
      await withAdminConnection(adminUrl, (run) => run(`drop database if exists ${name} with (force)`));
    },
  };
}
