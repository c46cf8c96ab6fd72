import type { Reporter, TestModule } from 'vitest/node';
import { fixturesNotice, HAVE_FIXTURES, SKIPPED_MARK } from '../fixtures.js';

/** After the run, one line saying how many test groups were skipped for want of the recorded bodies. */
export default class FixturesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let skipped = 0;
    for (const module of testModules) {
      for (const suite of module.children.allSuites()) if (suite.name.includes(SKIPPED_MARK)) skipped++;
    }
    if (skipped > 0 || !HAVE_FIXTURES) {
      // What is skipped and why, with no path outside the repository (a clone has no ../shared).
      process.stdout.write(`\n${fixturesNotice(skipped)}\n`);
    }
  }
}
