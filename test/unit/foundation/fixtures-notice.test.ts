import { expect, it } from 'vitest';
import { skipNotice } from '../../setup/fixtures-reporter.js';

const counts = (entries: Array<[string, number]>) => new Map(entries);

it('counts the skipped tests by cause, each with what would run it', () => {
  const notice = skipNotice(
    counts([
      ['recorded bodies', 12],
      ['PostgreSQL', 66],
      ['Prometheus', 1],
      ['other', 2],
    ]),
    '', // none configured, whatever this shell has set
  );
  expect(notice).toMatch(/^\[dugout tests\] 81 tests skipped: 12 groups need recorded Stats API bodies \(/);
  expect(notice).toContain('; 66 need PostgreSQL (set TEST_DATABASE_URL');
  expect(notice).toContain('; 1 needs Prometheus (put prometheus on PATH)');
  expect(notice).toContain('; 2 for want of a tool or platform this machine lacks');
  expect(notice).not.toContain('browser');
  expect(notice).toContain('DUGOUT_FIXTURES_DIR');
  // A fresh clone has no folder beside it: none is named.
  expect(notice).not.toMatch(/\.\.\/|\/shared\/|\/fixtures\/statsapi/);
  expect(skipNotice(counts([['a browser', 1]]), '')).toBe(
    '[dugout tests] 1 test skipped: 1 needs a browser (install a headless Chromium)',
  );
});

it('quotes back a DUGOUT_FIXTURES_DIR the user set that does not exist', () => {
  expect(skipNotice(counts([['recorded bodies', 3]]), '/data/bodies')).toMatch(
    /3 groups need recorded Stats API bodies \(DUGOUT_FIXTURES_DIR \(\/data\/bodies\) is not a folder;/,
  );
});
