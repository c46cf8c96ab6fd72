import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/** Roles are the cluster's: a name of this file's own. */
const READER = `r49u_reader_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
/** Every character a URL gives a meaning to, and a percent sign that looks encoded. */
const PASSWORD = 'a/b@c:d#e?f%41 g+h\'i"j&k=l[m]n';

describeNeeds('PostgreSQL', testBackend() === 'postgres')('reader-role --url-file', () => {
  let t: TestDatabase;
  let dir: string;
  const readerRole = (file: string) =>
    runCli(['reader-role', '--role', READER, '--password-file', '-', '--url-file', file], {
      env: t.env,
      input: `${PASSWORD}\n`,
    });

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'dugout-url-file-'));
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.drop();
    const root = postgres(t.url!.replace(/\/[^/?]+(\?|$)/, '/postgres$1'), { max: 1, onnotice: () => {} });
    try {
      await root.unsafe(`drop role if exists "${READER}"`).catch(() => {});
    } finally {
      await root.end();
    }
  });

  it('writes a URL that logs in as the reader, to a file only its user can read; prints no password', {
    timeout: 90_000,
  }, async () => {
    const file = path.join(dir, 'reader.env');
    const r = await readerRole(file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`wrote DUGOUT_READER_URL with the password, percent-encoded, to ${file} (mode 0600`);
    for (const out of [r.stdout, r.stderr]) {
      expect(out).not.toContain(PASSWORD);
      expect(out).not.toContain(encodeURIComponent(PASSWORD));
    }
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    const line = readFileSync(file, 'utf8');
    expect(line).toMatch(/^DUGOUT_READER_URL=postgres(ql)?:\/\/[^\n]+\n$/);
    const url = line.trim().slice('DUGOUT_READER_URL='.length);
    expect(new URL(url).username).toBe(READER);
    expect(decodeURIComponent(new URL(url).password)).toBe(PASSWORD);
    // The URL as written logs in, directly and as dugout sql's DUGOUT_READER_URL.
    const reader = postgres(url, { max: 1, onnotice: () => {} });
    try {
      expect((await reader`select current_user as u`)[0]!.u).toBe(READER);
    } finally {
      await reader.end();
    }
    const sql = await runCli(['sql', '--json', 'select current_user as u'], {
      env: { DATABASE_URL: t.url, DUGOUT_READER_URL: url },
    });
    expect(sql.code, sql.stderr).toBe(0);
    expect(sql.stdout).toContain(READER);

    // Run again over its own private file: rewritten, still 0600.
    const again = await readerRole(file);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(line);
  });

  it('refuses, before changing anything, a file others can read, a symbolic link or a folder', {
    timeout: 90_000,
  }, async () => {
    const shared = path.join(dir, 'shared.env');
    writeFileSync(shared, 'kept\n');
    chmodSync(shared, 0o644);
    const target = path.join(dir, 'target.env');
    const link = path.join(dir, 'link.env');
    symlinkSync(target, link);
    for (const [file, said] of [
      [shared, /readable or writable by others \(mode 0644\)/],
      [link, /is a symbolic link/],
      [dir, /is not a regular file/],
    ] as const) {
      const r = await readerRole(file);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(said);
      expect(r.stdout).toBe('');
    }
    expect(readFileSync(shared, 'utf8')).toBe('kept\n');
    expect(existsSync(target)).toBe(false);
  });
});
