import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/** Roles are the cluster's: names of this file's own. */
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
const READER = `r47d_reader_${suffix}`;
const OTHER = `r47d_other_${suffix}`;
const PASSWORD = 'first-Reader/pass';
const CHANGED = 'second-Reader-pass';

/** check's last line ("all N checks passed" or "k of N checks failed"): an empty warehouse fails some. */
const verdict = (stdout: string) => stdout.trim().split('\n').at(-1);
let baseline: { code: number | null; verdict: string | undefined };

const notes = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('note: reader role'))
    .sort();

describeNeeds('PostgreSQL', testBackend() === 'postgres')(
  'status and check notice a reader changed since reader-role',
  () => {
    let t: TestDatabase;
    let admin: postgres.Sql;
    const urlAs = (user: string, password: string) => {
      const u = new URL(t.url!);
      u.username = user;
      u.password = password;
      return u.toString();
    };
    const readerRole = () =>
      runCli(['reader-role', '--role', READER, '--password-file', '-'], { env: t.env, input: `${PASSWORD}\n` });

    beforeAll(async () => {
      t = await createTestDatabase();
      admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    }, 60_000);

    afterAll(async () => {
      await admin?.end();
      await t?.drop();
      const root = postgres(t.url!.replace(/\/[^/?]+(\?|$)/, '/postgres$1'), { max: 1, onnotice: () => {} });
      try {
        for (const r of [READER, OTHER]) await root.unsafe(`drop role if exists "${r}"`).catch(() => {});
      } finally {
        await root.end();
      }
    });

    it('says nothing while the role is as reader-role left it', { timeout: 90_000 }, async () => {
      const made = await readerRole();
      expect(made.code, made.stderr).toBe(0);
      // What it keeps is a fingerprint of the verifier: no password, no verifier.
      const [kept] = await admin<Array<{ settings: Record<string, string>; fingerprint: string }>>`
      select settings, password_fingerprint as fingerprint from ingest.reader_roles where role = ${READER}`;
      expect(kept!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(kept)).not.toContain(PASSWORD);
      expect(JSON.stringify(kept)).not.toContain('SCRAM-SHA-256');
      expect(kept!.settings['setting statement_timeout']).toBe('60000');
      expect(kept!.settings['setting default_transaction_read_only']).toBe('on');
      expect(kept!.settings['connection limit']).toBe('20');
      expect(kept!.settings.memberships).toBe('');
      const status = await runCli(['status'], { env: t.env });
      expect(status.code, status.stderr).toBe(0);
      expect(notes(status.stdout)).toEqual([]);
      const check = await runCli(['check'], { env: t.env });
      expect(notes(check.stdout)).toEqual([]);
      baseline = { code: check.code, verdict: verdict(check.stdout) };
    });

    it('names each setting the reader (or anyone) changed, and a changed password hash; never a failure', {
      timeout: 90_000,
    }, async () => {
      // As the reader: lift its own limits for every later session and change the password.
      const reader = postgres(urlAs(READER, PASSWORD), { max: 1, onnotice: () => {} });
      try {
        await reader.unsafe('set default_transaction_read_only = off');
        await reader.unsafe(`alter role "${READER}" set statement_timeout = 0`);
        await reader.unsafe(`alter role "${READER}" set default_transaction_read_only = off`);
        await reader.unsafe(`alter role "${READER}" set search_path = raw`);
        await reader.unsafe(`alter role "${READER}" password '${CHANGED}'`);
      } finally {
        await reader.end();
      }
      // As an administrator: a higher connection limit, a membership, a right in ingest.
      await admin.unsafe(`alter role "${READER}" connection limit 500`);
      await admin.unsafe(`create role "${OTHER}" nologin`);
      await admin.unsafe(`grant "${OTHER}" to "${READER}"`);
      await admin.unsafe(`grant select on ingest.runs to "${READER}"`);

      const status = await runCli(['status'], { env: t.env });
      expect(status.code, status.stderr).toBe(0);
      const said = notes(status.stdout);
      const expected = [
        new RegExp(
          `^note: reader role ${READER}: connection limit is "500", reader-role left "20"; run dugout reader-role --role ${READER} again`,
        ),
        new RegExp(`^note: reader role ${READER}: grants is "SELECT on ingest.runs", reader-role left none`),
        new RegExp(`^note: reader role ${READER}: its password hash is not the one reader-role set`),
        new RegExp(`^note: reader role ${READER}: memberships is "${OTHER}", reader-role left none`),
        new RegExp(
          `^note: reader role ${READER}: setting default_transaction_read_only is "off", reader-role left "on"`,
        ),
        new RegExp(`^note: reader role ${READER}: setting search_path is "raw", reader-role left unset`),
        new RegExp(`^note: reader role ${READER}: setting statement_timeout is "0", reader-role left "60000"`),
      ];
      expect(said).toHaveLength(expected.length);
      for (const [i, re] of expected.entries()) expect(said[i]).toMatch(re);
      for (const out of [status.stdout, status.stderr]) {
        expect(out).not.toContain(PASSWORD);
        expect(out).not.toContain(CHANGED);
      }
      const json = await runCli(['status', '--json'], { env: t.env });
      expect((JSON.parse(json.stdout) as { readerRoleNotices: string[] }).readerRoleNotices).toHaveLength(7);

      const check = await runCli(['check'], { env: t.env });
      // A notice, never a failure: the same verdict and exit code as before the changes.
      expect({ code: check.code, verdict: verdict(check.stdout) }).toEqual(baseline);
      expect(check.stdout).toContain('PASS  reader_roles_as_left');
      expect(notes(check.stdout)).toEqual(said);
    });

    it('a second reader-role puts it back and the notices go', { timeout: 90_000 }, async () => {
      const again = await readerRole();
      expect(again.code, again.stderr).toBe(0);
      const status = await runCli(['status'], { env: t.env });
      expect(notes(status.stdout)).toEqual([]);
      const check = await runCli(['check'], { env: t.env });
      expect(notes(check.stdout)).toEqual([]);
    });
  },
);
