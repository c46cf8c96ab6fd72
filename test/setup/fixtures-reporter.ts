import type { Reporter, TestModule } from 'vitest/node';
import { FIXTURES_HINT, HAVE_FIXTURES } from '../fixtures.js';
import { NEEDS } from '../needs.js';

const MARK = /\[needs ([^\]]+)\]/;
const RECORDED = 'recorded bodies';

/**
 * After the run, one line counting the skipped tests by cause: the recorded bodies (one stand-in
 * test per group), PostgreSQL, Prometheus, a browser (each from the `[needs …]` mark of its block),
 * and any other skip (a tool or platform this machine lacks).
 */
export default class FixturesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state !== 'skipped') continue;
        const cause = MARK.exec(test.fullName)?.[1] ?? 'other';
        counts.set(cause, (counts.get(cause) ?? 0) + 1);
      }
    }
    if (counts.size > 0 || !HAVE_FIXTURES) process.stdout.write(`\n${skipNotice(counts)}\n`);
  }
}

/**
 * The closing line: how many tests were skipped, then per cause how many and what would run them,
 * naming no folder outside the repository (a fresh clone has none beside it); only a
 * DUGOUT_FIXTURES_DIR the user set, and which does not exist, is quoted back.
 */
export function skipNotice(counts: ReadonlyMap<string, number>, configured = process.env.DUGOUT_FIXTURES_DIR): string {
  const total = [...counts.values()].reduce((a, n) => a + n, 0);
  const parts: string[] = [];
  const recorded = counts.get(RECORDED) ?? 0;
  if (recorded > 0) {
    const why =
      configured && configured.trim() !== ''
        ? `DUGOUT_FIXTURES_DIR (${configured}) is not a folder`
        : 'they are not ours to ship and so not in the repository';
    parts.push(
      `${recorded} group${recorded === 1 ? '' : 's'} need recorded Stats API bodies (${why}; ${FIXTURES_HINT})`,
    );
  }
  for (const [need, hint] of Object.entries(NEEDS)) {
    const n = counts.get(need) ?? 0;
    if (n > 0) parts.push(`${n} need${n === 1 ? 's' : ''} ${need} (${hint})`);
  }
  for (const [cause, n] of counts) {
    if (cause === RECORDED || cause in NEEDS) continue;
    parts.push(
      cause === 'other'
        ? `${n} for want of a tool or platform this machine lacks`
        : `${n} need${n === 1 ? 's' : ''} ${cause}`,
    );
  }
  return `[dugout tests] ${total} test${total === 1 ? '' : 's'} skipped${parts.length ? `: ${parts.join('; ')}` : ''}`;
}
