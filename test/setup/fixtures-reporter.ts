import type { Reporter, TestModule } from 'vitest/node';
import { FIXTURES_DIR, FIXTURES_HINT, HAVE_FIXTURES, SKIPPED_MARK } from '../fixtures.js';

/** After the run, one line saying how many test groups were skipped for want of the recorded bodies. */
export default class FixturesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let skipped = 0;
    for (const module of testModules) {
      for (const suite of module.children.allSuites()) if (suite.name.includes(SKIPPED_MARK)) skipped++;
    }
    if (skipped > 0 || !HAVE_FIXTURES) {
      process.stdout.write(
        `\n[dugout tests] recorded bodies not found at ${FIXTURES_DIR}: ${skipped} test groups skipped; ${FIXTURES_HINT}\n`,
      );
    }
  }
}
