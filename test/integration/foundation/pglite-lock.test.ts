import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/db/client.js';
import { LockHeldError } from '../../../src/errors.js';
import { runCli } from '../../helpers/cli.js';

describe('the PGlite directory lock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dugout-lock-'));
  const pgliteDir = path.join(dir, 'pglite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a second process on the same directory fail at once with a clear message', async () => {
    const holder = await createDatabase({ databaseUrl: undefined, pgliteDir });
    try {
      await expect(createDatabase({ databaseUrl: undefined, pgliteDir })).rejects.toBeInstanceOf(LockHeldError);
      // It exits by itself (killed after 30 s it would not exit 1): it does not wait for the lock.
      const res = await runCli(['status', '--json'], { env: { DUGOUT_PGLITE_DIR: pgliteDir }, timeoutMs: 30_000 });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/in use by process \d+/);
      expect(
        res.stderr
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('dugout:')),
      ).toHaveLength(1);
    } finally {
      await holder.close();
    }
    const after = await runCli(['status', '--json'], { env: { DUGOUT_PGLITE_DIR: pgliteDir } });
    expect(after.code, after.stderr).toBe(0);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const stale = path.join(dir, 'stale');
    writeFileSync(
      `${stale}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), since: 'x' }),
    );
    const db = await createDatabase({ databaseUrl: undefined, pgliteDir: stale });
    await db.close();
  });
});
