import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';

describe('the fatal guard of a one-shot command', () => {
  it('exits 1 with the cause as the last line of stderr, after whatever the command still logged', () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'test/helpers/fatal-guard-child.ts')],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.status, child.stderr).toBe(1);
    const lines = child.stderr.trim().split('\n');
    // The command kept logging while its runs were marked failed…
    expect(lines.filter((l) => l.includes('worker heartbeat failed')).length).toBeGreaterThan(5);
    // …and the cause still ends stderr, once.
    expect(lines.at(-1)).toMatch(/^dugout: .*the server went away/);
    expect(lines.filter((l) => l.startsWith('dugout: '))).toHaveLength(1);
  });
});
