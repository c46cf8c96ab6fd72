import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';

describe('migrations', () => {
  it('match the drizzle schema (drizzle-kit generate would write nothing)', () => {
    const out = execFileSync(process.execPath, ['scripts/check-migration-drift.mjs'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(out).toContain('migrations match the drizzle schema');
  });
});
