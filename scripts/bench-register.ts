/**
 * Peak memory and time of `dugout snapshot register` on a register the size of the real one: 16
 * files of generated rows in the register's 40-column layout (≈ 516,000 rows, a quarter with an MLBAM
 * id, ≈ 67 MB inflated), zipped as GitHub serves the register, loaded by a child `dugout` into
 * DATABASE_URL (or the embedded database) twice: a first load, then a re-load with keys changed.
 * Usage: node --import tsx scripts/bench-register.ts [rows]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGISTER_HEADER } from '../src/sim/register.js';
import { buildZip } from '../src/sim/zip.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const rows = Number(process.argv[2] ?? 516_000);
const dir = mkdtempSync(path.join(tmpdir(), 'dugout-bench-register-'));

function archive(generation: number): string {
  const files = new Map<string, string[]>();
  for (let i = 0; i < rows; i++) {
    const hex = ((i * 2654435761) >>> 0).toString(16).padStart(8, '0');
    const uuid = `${hex}-${hex.slice(0, 4)}-4${hex.slice(1, 4)}-a${hex.slice(5, 8)}-${String(i).padStart(12, '0')}`;
    const mlbam = i % 4 === 0 ? String(100_000 + i) : '';
    // A re-load changes one FanGraphs key in a thousand.
    const fg = i % 3 === 0 ? String(1000 + i + (generation > 0 && i % 1000 === 0 ? 7 : 0)) : '';
    const row: Record<string, string> = Object.fromEntries(REGISTER_HEADER.map((h) => [h, '']));
    Object.assign(row, {
      key_person: hex,
      key_uuid: uuid,
      key_mlbam: mlbam,
      key_retro: i % 3 === 0 ? `abcd${i % 10}00${i % 9}` : '',
      key_bbref: i % 3 === 0 ? `lastnfi${String(i % 100).padStart(2, '0')}` : '',
      key_bbref_minors: `lastna00${i % 9}fir`,
      key_fangraphs: fg,
      key_wikidata: i % 5 === 0 ? `Q${i}` : '',
      name_last: `Lastname${i % 997}`,
      name_first: `First${i % 211}`,
      name_given: `First${i % 211} Middle`,
      birth_year: String(1850 + (i % 160)),
      birth_month: String(1 + (i % 12)),
      birth_day: String(1 + (i % 28)),
      pro_played_first: String(1870 + (i % 150)),
      pro_played_last: String(1872 + (i % 150)),
      mlb_played_first: mlbam ? String(1900 + (i % 120)) : '',
      mlb_played_last: mlbam ? String(1902 + (i % 120)) : '',
    });
    const name = `people-${hex[0]}.csv`;
    const lines = files.get(name) ?? [REGISTER_HEADER.join(',')];
    lines.push(REGISTER_HEADER.map((h) => row[h]).join(','));
    files.set(name, lines);
  }
  const entries = [...files].map(([name, lines]) => ({
    name: `register-master/data/${name}`,
    data: `${lines.join('\n')}\n`,
  }));
  const inflated = entries.reduce((n, e) => n + e.data.length, 0);
  const file = path.join(dir, `register-${generation}.zip`);
  writeFileSync(file, buildZip(entries));
  console.log(`generated ${rows} rows in ${entries.length} files: ${(inflated / 1e6).toFixed(1)} MB inflated`);
  return file;
}

try {
  for (const generation of [0, 1]) {
    const zip = archive(generation);
    const rssFile = path.join(dir, 'rss');
    const started = Date.now();
    const r = spawnSync(process.execPath, [path.join(root, 'bin/dugout.mjs'), 'snapshot', 'register', '--from', zip], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: `--import=${path.join(root, 'test/helpers/max-rss.mjs')}`,
        DUGOUT_TEST_MAX_RSS_FILE: rssFile,
      },
      encoding: 'utf8',
    });
    const seconds = (Date.now() - started) / 1000;
    const rss = Number(readFileSync(rssFile, 'utf8'));
    console.log(r.stdout.trim(), r.stderr.trim());
    console.log(
      `${generation === 0 ? 'first load' : 're-load'}: exit ${r.status}, ${seconds.toFixed(1)} s, peak RSS ${(rss / 1024 / 1024).toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
