import { expect, it } from 'vitest';
import { fixturesNotice } from '../../fixtures.js';

it('the fresh-clone notice says what is skipped and why, and names no folder outside the repository', () => {
  const notice = fixturesNotice(12, ''); // none configured, whatever this shell has set
  expect(notice).toMatch(/^\[dugout tests\] 12 test groups skipped: they need recorded Stats API bodies/);
  expect(notice).toContain('DUGOUT_FIXTURES_DIR');
  expect(notice).not.toMatch(/\.\.\/|\/shared\/|\/fixtures\/statsapi/);
  expect(fixturesNotice(1, '')).toMatch(/^\[dugout tests\] 1 test group skipped: they need/);
});

it('quotes back a DUGOUT_FIXTURES_DIR the user set that does not exist', () => {
  expect(fixturesNotice(3, '/data/bodies')).toMatch(/skipped: DUGOUT_FIXTURES_DIR \(\/data\/bodies\) is not a folder;/);
});
