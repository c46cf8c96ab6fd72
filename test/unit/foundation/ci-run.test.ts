import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';

// .ci/run's EXIT trap runs on every exit, the passing one included. A trap that fails under the
// script's `set -e` turns a run that passed into a failed one (a `kill` with no job left exits 2):
// the trap line is run here, as the script runs it, ahead of a passing, a failing and an early end.

const script = readFileSync(path.join(REPO_ROOT, '.ci', 'run'), 'utf8');
const header = script.split('\n').find((line) => line.startsWith('set '));
const trap = script.split('\n').find((line) => line.startsWith('trap '));

function runWithTrap(body: string): { status: number | null; leftover: string } {
  const marker = `dugout-ci-trap-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const result = spawnSync(
    'bash',
    ['-c', [header, 'work="$(mktemp -d)"', 'echo "$work"', trap, body.replaceAll('MARKER', marker)].join('\n')],
    { encoding: 'utf8', timeout: 20_000 },
  );
  const work = result.stdout.trim().split('\n')[0] ?? '';
  const left = (spawnSync('pgrep', ['-f', marker], { encoding: 'utf8' }).stdout ?? '').trim();
  const folderLeft = work !== '' && existsSync(work);
  return { status: result.status, leftover: `${left}${folderLeft ? ` ${work}` : ''}`.trim() };
}

describe('.ci/run', () => {
  it('has a `set -e` header and one EXIT trap', () => {
    expect(header).toMatch(/^set -[a-z]*e/);
    expect(trap).toMatch(/ EXIT$/);
  });

  it("keeps the script's own exit status through its EXIT trap, and stops what still runs beside it", () => {
    // A run whose jobs all ended: nothing for the trap to stop, and CI must pass.
    expect(runWithTrap('(sleep 0.1) & wait $!\ntrue')).toEqual({ status: 0, leftover: '' });
    // A failed leg keeps its status.
    expect(runWithTrap('(exit 3)')).toEqual({ status: 3, leftover: '' });
    // A failed leg with a job beside it: the job is stopped, the folder removed, the status kept.
    expect(runWithTrap('bash -c "exec -a MARKER sleep 30" &\nsleep 0.2\n(exit 4)')).toEqual({
      status: 4,
      leftover: '',
    });
  });
});
