// Writes test/setup/file-seconds.json (the order test/setup/longest-first.ts runs files in) from a
// vitest JSON report of a whole run:
//   npx vitest run --project unit --project integration --project slow --reporter=json --outputFile=report.json
//   node scripts/test-seconds.mjs report.json
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const [report] = process.argv.slice(2);
if (!report) {
  console.error('usage: node scripts/test-seconds.mjs <vitest JSON report>');
  process.exit(2);
}
const root = resolve(new URL('..', import.meta.url).pathname);
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const rows = testResults
  .map((t) => [relative(root, t.name), Math.round((t.endTime - t.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const out = new URL('../test/setup/file-seconds.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(Object.fromEntries(rows), null, 1)}\n`);
console.log(`${rows.length} files written to test/setup/file-seconds.json`);
