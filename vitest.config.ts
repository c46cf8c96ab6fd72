import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/setup/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', './test/setup/fixtures-reporter.ts'],
  },
});
