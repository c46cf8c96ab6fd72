import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { testBackend } from '../../helpers/db.js';
import { itNeeds } from '../../needs.js';

const lines = (s: string) => s.trim().split('\n').filter(Boolean);
const serverUrl = () => process.env.TEST_DATABASE_URL ?? '';

/** Whether the test server answers TLS (then the refused-handshake case cannot be shown here). */
async function offersTls(url: string): Promise<boolean> {
  const u = new URL(url);
  u.searchParams.set('sslmode', 'require');
  const sql = postgres(u.toString(), { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

describe('DATABASE_URL is checked whole', () => {
  it.each([
    ['an unknown parameter', '?options=-c%20statement_timeout%3Dsoon', /unknown parameter "options"/],
    ['connect_timeout=abc', '?connect_timeout=abc', /connect_timeout must be a whole number/],
  ])('%s: exit 2 and one line, before connecting (port 9 answers nothing)', async (_label, query, cause) => {
    const r = await runCli(['status'], { env: { DATABASE_URL: `postgres://u:secret-pw@127.0.0.1:9/x${query}` } });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(cause);
    expect(r.stderr).not.toContain('secret-pw');
  });

  it('a blank DATABASE_URL is an error, not the embedded database', async () => {
    const r = await runCli(['status'], { env: { DATABASE_URL: '  ', DUGOUT_PGLITE_DIR: '/nonexistent/never' } });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/DATABASE_URL is blank/)]);
  });

  itNeeds('PostgreSQL', testBackend() === 'postgres')(
    'sslmode=require against a server without TLS names the host and the likely cause',
    { timeout: 60_000 },
    async (ctx) => {
      if (await offersTls(serverUrl())) ctx.skip();
      const u = new URL(serverUrl());
      u.searchParams.set('sslmode', 'require');
      const r = await runCli(['status'], { env: { DATABASE_URL: u.toString() } });
      expect(r.code, r.stderr).toBe(1);
      expect(lines(r.stderr).at(-1)).toBe(
        `dugout: cannot connect to the database at ${u.hostname}:${u.port || '5432'} with TLS (sslmode=require): the connection closed during the TLS handshake; the server may not offer TLS (enable ssl on it, or set sslmode=disable on a trusted network)`,
      );
    },
  );
});
