#!/usr/bin/env node
// `npm run dashboards` (serve) and `npm run dashboards:build` (static files), from the repository root.
//
// Source: DUGOUT_READER_URL (the read-only login of a PostgreSQL warehouse) when set; otherwise the
// Parquet export in DASHBOARDS_PARQUET, read as it is; else the dashboards' own export in
// .dugout/dashboards-parquet, refreshed first with `dugout export parquet --tables <the pages'
// tables>` from dugout's own database (the embedded PGlite of `npm run demo`, or DATABASE_URL;
// only what changed is written again) unless DASHBOARDS_EXPORT=0.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);
const mode = process.argv[2];
if (mode !== 'serve' && mode !== 'build') {
  console.error('usage: node dashboards/run.mjs serve|build');
  process.exit(2);
}

const say = (line) => console.error(`dashboards: ${line}`);

function ensureDeps() {
  if (['postgres', '@duckdb/node-api'].every((d) => existsSync(path.join(HERE, 'node_modules', d, 'package.json')))) return;
  say('installing the dashboards folder’s dependencies (npm ci in dashboards/)');
  const r = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: HERE, stdio: 'inherit' });
  if (r.status !== 0) {
    say('npm ci in dashboards/ failed');
    process.exit(1);
  }
}

/** The relations the pages read (pages/*.sql), exported for the embedded default. */
const PAGE_TABLES = [
  'abs_challenges', 'batting_game_logs', 'batting_lines_history', 'draft_picks', 'games', 'injured_list', 'people',
  'people_ids', 'pitch_events', 'pitching_game_logs', 'plays', 'pregame', 'scoring_changes', 'scoring_changes_weekly',
  'season_batting', 'season_pitching', 'standings', 'team_game_results', 'team_reviews', 'teams', 'venue_field_info',
  'venue_fields', 'venues',
];

function refreshExport(folder) {
  if (process.env.DASHBOARDS_EXPORT === '0') return;
  say(`exporting the warehouse to ${path.relative(process.cwd(), folder) || folder} (dugout export parquet; only what changed)`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/dugout.mjs'), 'export', 'parquet', '--out', folder, '--tables', PAGE_TABLES.join(',')], {
    cwd: process.cwd(),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  if (r.status !== 0) {
    if (existsSync(path.join(folder, '_manifest.json'))) {
      say('the export failed: showing the previous export');
      return;
    }
    say('the export failed and there is no earlier one: run `npm run demo` (or load your warehouse) first, or set DUGOUT_READER_URL');
    process.exit(1);
  }
  say(`export done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  ensureDeps();
  const { loadPages } = await import('./lib/pages.mjs');
  const { postgresSource, parquetSource } = await import('./lib/source.mjs');
  const pages = loadPages();
  let source;
  const readerUrl = process.env.DUGOUT_READER_URL;
  if (readerUrl) {
    source = await postgresSource(readerUrl);
  } else {
    const given = process.env.DASHBOARDS_PARQUET;
    const folder = path.resolve(given ?? path.join(process.cwd(), '.dugout', 'dashboards-parquet'));
    if (!given) refreshExport(folder);
    source = await parquetSource(folder);
  }
  say(`source: ${source.kind} ${source.describe}`);
  if (mode === 'build') {
    const { buildSite } = await import('./lib/build.mjs');
    const out = path.resolve(process.env.DASHBOARDS_OUT ?? path.join(HERE, 'dist'));
    await buildSite({ pages, source, out, log: say });
    await source.close();
    say(`open ${path.join(out, 'index.html')} through any static file server`);
    return;
  }
  const { startServer } = await import('./lib/server.mjs');
  const port = Number(process.env.DASHBOARDS_PORT ?? 3050);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    say(`DASHBOARDS_PORT must be a port number, not ${process.env.DASHBOARDS_PORT}`);
    process.exit(2);
  }
  const server = await startServer({
    pages,
    source,
    port,
    log: process.env.DASHBOARDS_LOG === '1' ? say : () => {},
  });
  // The first line on stdout is the address (tests and scripts read it).
  console.log(server.url);
  say(`serving on ${server.url} (127.0.0.1 only); Ctrl-C stops`);
  const stop = async () => {
    await server.close();
    await source.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  say(String(err?.message ?? err).split('\n')[0]);
  process.exit(1);
});
