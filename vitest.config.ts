import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/setup/longest-first.js';

export default defineConfig({
  test: {
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', './test/setup/fixtures-reporter.ts'],
    // The longest files first (test/setup/file-seconds.json), so no long file starts last.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Pure code (extraction, the client's parameters, the queue on virtual clocks, the simulator
      // in-process): no database, no server, no process. `npm run test:unit`.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // A real database (a copy of the template each file gets), HTTP servers, child processes.
      {
        extends: true,
        test: { name: 'integration', include: ['test/integration/**/*.test.ts'], globalSetup: ['./test/setup/global-setup.ts'] },
      },
      // End-to-end runs that take minutes each (the demo, whole backfills killed and resumed, outages):
      // `npm run test:slow`, which CI runs; `npm test` leaves them out.
      {
        extends: true,
        test: { name: 'slow', include: ['test/slow/**/*.test.ts'], globalSetup: ['./test/setup/global-setup.ts'] },
      },
    ],
  },
});
