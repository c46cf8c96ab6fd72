// The dashboards site (dashboards/) in a real Chromium: every page over a simulated warehouse, from
// the Parquet export (the embedded default) and, on PostgreSQL, as the read-only login. Each page
// loads with no console error, no failed request and no request off loopback; its figures equal the
// page's SQL run here on the warehouse; a picker changes what is shown; a screenshot of each page
// goes to test-artifacts/dashboards/; and each page is interactive within 2 s.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { runExportParquet } from '../../../jobs/export.js';
import { registerJob } from '../../../jobs/register.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { applyReaderRole } from '../../../src/db/reader-role.js';
import { scramSha256Verifier } from '../../../src/db/scram.js';
import { REGISTER_PATH } from '../../../src/sim/register.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { addDays, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const DASH = path.join(REPO_ROOT, 'dashboards');
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'dashboards');
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);
const PLAYWRIGHT = path.join(DASH, 'node_modules', 'playwright-core', 'package.json');
const SKIP = !CHROMIUM
  ? 'no Chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH)'
  : !existsSync(PLAYWRIGHT)
    ? 'dashboards/ has no node_modules/playwright-core (run npm ci in dashboards/, as .ci/run does)'
    : undefined;
if (SKIP) console.warn(`dashboards browser test skipped: ${SKIP}`);

const PAGE_TABLES = [
  'abs_challenges',
  'batting_game_logs',
  'batting_lines_history',
  'draft_picks',
  'games',
  'injured_list',
  'people',
  'people_ids',
  'pitch_events',
  'pitching_game_logs',
  'plays',
  'pregame',
  'scoring_changes',
  'scoring_changes_weekly',
  'season_batting',
  'season_pitching',
  'standings',
  'team_game_results',
  'team_reviews',
  'teams',
  'venue_field_info',
  'venue_fields',
  'venues',
];
const PAGES = [
  'today',
  'standings',
  'batting',
  'pitching',
  'players',
  'player',
  'challenges',
  'pregame',
  'operations',
  'draft',
  'parks',
  'scoring',
];
const INTERACTIVE_MS = 2_000;

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: playwright-core is the dashboards folder's, untyped here
type PwPage = any;

/** A page's SQL file cut at its `-- name:` lines, written by hand here (not the site's parser). */
function pageQuery(page: string, name: string, params: Record<string, string | number>): string {
  const text = readFileSync(path.join(DASH, 'pages', `${page}.sql`), 'utf8');
  const part = text.split(/^-- name: /m).find((p) => p.startsWith(`${name}\n`));
  if (!part) throw new Error(`${page}.sql has no query ${name}`);
  return part
    .slice(name.length + 1)
    .replace(/(?<!:):(season|game_type|person_id|year|round|team_id|week|as_of)\b/g, (_, p: string) =>
      typeof params[p] === 'number' ? String(params[p]) : `'${String(params[p]).replaceAll("'", "''")}'`,
    )
    .trim();
}

const rate = (v: unknown) =>
  v === null
    ? ''
    : Number(v)
        .toFixed(3)
        .replace(/^(-?)0\./, '$1.');
const fixed2 = (v: unknown) => (v === null ? '' : Number(v).toFixed(2));
const money = (v: unknown) =>
  v === null ? '' : `${Number(v) < 0 ? '-' : ''}$${Math.abs(Math.round(Number(v))).toLocaleString('en-US')}`;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

interface Source {
  name: 'parquet' | 'postgres';
  env: Record<string, string>;
  url?: string;
}

interface RunningSite {
  url: string;
  child: ChildProcess;
}

/** `node dashboards/run.mjs serve` on a free loopback port; its first stdout line is the address. */
function serve(env: Record<string, string>): Promise<RunningSite> {
  const child = spawn(process.execPath, [path.join(DASH, 'run.mjs'), 'serve'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DASHBOARDS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`dashboards exited ${code}: ${err}`)));
    setTimeout(() => reject(new Error(`dashboards did not start in 60 s: ${err}`)), 60_000);
  });
}

/** A static file server of a built site (what any web server does with `dashboards:build`'s folder). */
function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
  };
  const server = createServer((req, res) => {
    const p = path
      .normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
      .replace(/^(\.\.[/\\])+/, '');
    const file = path.join(root, p === '/' ? 'index.html' : p);
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${a.port}/`, server });
    }),
  );
}

describe.skipIf(!!SKIP)(`the dashboards site in Chromium${SKIP ? ` (skipped: ${SKIP})` : ''}`, () => {
  let t: TestDatabase;
  let h: SimHarness;
  let parquet: string;
  let built: string;
  const role = `dugout_dashsite_${process.pid}`;
  const sources: Source[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: playwright-core is the dashboards folder's, untyped here
  let browser: any;
  const sites: RunningSite[] = [];
  let season = 0;
  let pastSeason = 0;
  const timings: string[] = [];

  /** Rows of a page's query run on the warehouse itself, as the pages resolve names. */
  async function warehouse(page: string, name: string, params: Record<string, string | number>): Promise<Row[]> {
    const q = pageQuery(page, name, params);
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local search_path = analytics, mlb'));
      return queryRows<Row>(tx, sql.raw(q));
    });
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    t = await createTestDatabase();
    const probe = await startSim({ seed: 11, history: 1 });
    const seasons = [...probe.sim.seasons];
    season = probe.sim.season;
    pastSeason = seasons[0]!;
    const first = (s: number) =>
      probe.sim
        .listGames()
        .filter((g) => g.season === s && g.gameType === 'R' && g.sportId === 1)
        .map((g) => g.officialDate)
        .sort()[0]!;
    const d1 = first(season);
    const d0 = first(pastSeason);
    await probe.close();
    const last = addDays(d1, 2);
    const simStarted = performance.now();
    h = await startSim({
      seed: 11,
      history: 1,
      now: new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000 + 14 * 3_600_000),
      // The official scorers' corrections after final games (mlb.scoring_changes), found by the syncs below.
      scoringChanges: 0.5,
    });
    const planMs = performance.now() - simStarted;
    for (const [start, end] of [
      [d0, d0],
      [d1, last],
    ] as const) {
      const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: start, endDate: end } });
      expect(run.status, String(run.error)).toBe('succeeded');
    }
    const reg = await registerJob.run(
      runDeps(t.database, h, { registerUrl: new URL(REGISTER_PATH, h.url).href }),
      registerJob.args.parse({}),
    );
    expect(reg.status, String(reg.error)).toBe('succeeded');
    // The draft (the past season's June draft, made and signed by now) and the parks' fields of both seasons.
    // Each snapshot takes this season's and every stored season's not fetched yet (the past one).
    for (const name of ['draft', 'venues'] as const) {
      const snap = await snapshotJob.run(runDeps(t.database, h), snapshotJob.args.parse({ name, season }));
      expect(snap.status, `${name}: ${String(snap.error)}`).toBe('succeeded');
    }
    // The scorers' corrections since the load become scoring changes at the next syncs (each reads
    // the change log and makes the re-polls due): one just before the next Monday (UTC) and one that
    // day, so two weeks have changes while the syncs load few new games.
    const syncStarted = performance.now();
    const dayMs = 86_400_000;
    const nowMs = h.sim.now().getTime();
    const monday = Math.floor(nowMs / dayMs) * dayMs + ((8 - new Date(nowMs).getUTCDay()) % 7 || 7) * dayMs;
    for (const at of [monday - 3_600_000, monday + 14 * 3_600_000]) {
      h.sim.advance(at - h.sim.now().getTime());
      const run = await syncJob.run(runDeps(t.database, h), { daysBack: 0, daysAhead: 0 });
      expect(run.status, String(run.error)).toBe('succeeded');
    }
    const [found] = await queryRows<{ n: number; weeks: number }>(
      t.database.db,
      sql`select coalesce(sum(changes), 0)::int as n, count(distinct week_start)::int as weeks from analytics.scoring_changes_weekly`,
    );
    timings.push(
      `scoring changes: ${found?.n} over ${found?.weeks} weeks; sim with corrections ${(planMs / 1000).toFixed(1)} s, two syncs ${((performance.now() - syncStarted) / 1000).toFixed(1)} s`,
    );

    parquet = mkdtempSync(path.join(tmpdir(), 'dugout-dash-parquet-'));
    await runExportParquet(t.database, { out: parquet, tables: PAGE_TABLES });
    sources.push({ name: 'parquet', env: { DASHBOARDS_PARQUET: parquet } });
    if (testBackend() === 'postgres') {
      const { problems } = await applyReaderRole(t.database, {
        role,
        passwordVerifier: scramSha256Verifier('dashboards-reader'),
        statementTimeoutMs: 10_000,
        idleInTransactionTimeoutMs: 10_000,
        connectionLimit: 5,
        tempFileLimitKb: 1024 * 1024,
      });
      expect(problems).toEqual([]);
      const url = new URL(t.url!);
      url.username = role;
      url.password = 'dashboards-reader';
      // Live pages refresh every second here (15 s and 30 s by default) so the test sees one.
      sources.push({ name: 'postgres', env: { DUGOUT_READER_URL: url.toString(), DASHBOARDS_REFRESH_SECONDS: '1' } });
    }
    const { chromium } = createRequire(path.join(DASH, 'package.json'))('playwright-core');
    for (const src of sources) {
      const site = await serve(src.env);
      sites.push(site);
      src.url = site.url;
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of sites) s.child.kill('SIGTERM');
    await h?.close();
    await t?.drop();
    if (testBackend() === 'postgres') {
      const a = postgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
        max: 1,
        onnotice: () => {},
      });
      await a.unsafe(`drop role if exists ${role}`).catch(() => {});
      await a.end();
    }
    if (parquet) rmSync(parquet, { recursive: true, force: true });
    if (built) rmSync(built, { recursive: true, force: true });
    if (timings.length) console.log(`dashboards timings:\n${timings.join('\n')}`);
  });

  /**
   * Open a page as a user would: every request is checked (loopback only, none failed), console
   * errors collected; resolves when the page says it drew its data, with its time to interactive.
   */
  async function open(base: string, rel: string, shot: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    await context.route('**/*', (route: { request(): { url(): string }; continue(): unknown; abort(): unknown }) => {
      const u = new URL(route.request().url());
      if (u.protocol === 'data:' || u.hostname === '127.0.0.1') return route.continue();
      problems.push(`request off loopback: ${u.href}`);
      return route.abort();
    });
    page.on('console', (m: { type(): string; text(): string }) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e: Error) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r: { url(): string; failure(): { errorText: string } | null }) =>
      problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`),
    );
    page.on('response', (r: { url(): string; status(): number }) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(base + rel);
    if (!rel.startsWith('index')) {
      await page.waitForSelector('body[data-ready], body[data-failed]', { state: 'attached', timeout: 15_000 });
    }
    // Run in the page (the test's TypeScript has no DOM types: the page's globals are reached untyped).
    const info = (await page.evaluate(() => {
      const g = globalThis as PwPage;
      return {
        failed: g.document.body.dataset.failed ?? null,
        status: g.document.getElementById('status')?.textContent ?? '',
        d: g.__dashboards,
      };
    })) as { failed: string | null; status: string; d?: { readyMs: number; sqlTotalMs: number } };
    expect(info.failed, info.status).toBeNull();
    await page.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`), fullPage: true });
    return { page, context, problems, readyMs: info.d?.readyMs ?? 0, sqlMs: info.d?.sqlTotalMs ?? 0 };
  }

  /** The texts of a rendered table's cells, row by row, for the given column keys. */
  async function cells(page: PwPage, query: string, keys: string[], n = 5): Promise<string[][]> {
    return page.$$eval(
      `table[data-query="${query}"] tbody tr`,
      (trs: PwPage[], a: { keys: string[]; n: number }) =>
        trs
          .slice(0, a.n)
          .map((tr: PwPage) => a.keys.map((k) => tr.querySelector(`td[data-key="${k}"]`)?.textContent ?? '')),
      { keys, n },
    );
  }

  it('opens every page from each source with no console error, no failed or off-loopback request, within 2 s', async () => {
    for (const src of sources) {
      const pitcher = (await warehouse('pitching', 'so_leaders', { season, game_type: 'R' }))[0]!.person_id as number;
      const rels = [
        ['index.html', 'index'],
        ...PAGES.map((p) => [`${p}.html`, p]),
        [`player.html?person_id=${pitcher}`, 'player-pitcher'],
      ];
      for (const [rel, name] of rels) {
        const o = await open(src.url!, rel!, `${src.name}-${name}`);
        expect(o.problems, `${src.name} ${rel}`).toEqual([]);
        if (name !== 'index') {
          timings.push(`${src.name} ${name}: interactive ${o.readyMs.toFixed(0)} ms, its SQL ${o.sqlMs} ms`);
          expect(o.readyMs, `${src.name} ${rel}: time to interactive`).toBeLessThan(INTERACTIVE_MS);
        }
        if (name === 'operations' && src.name === 'postgres') {
          // The reader sees every block of it: runs, backlog, live lag, new API fields.
          expect(await o.page.locator('.unavailable').allTextContents()).toEqual([]);
          expect(await o.page.locator('table[data-query="runs"] tbody tr').count()).toBeGreaterThan(0);
        }
        if (name === 'player-pitcher') {
          // The strike-zone plot: one mark per called pitch of his latest season.
          const called = await warehouse('player', 'called_pitches', { person_id: pitcher });
          expect(called.length).toBeGreaterThan(0);
          expect(await o.page.locator('.block-zone .pitches circle').count()).toBe(called.length);
        }
        await o.context.close();
      }
    }
  }, 240_000);

  it("refreshes today's games while open on PostgreSQL, not on a Parquet export; refuses malformed parameters", async () => {
    for (const src of sources) {
      const o = await open(src.url!, 'today.html', `${src.name}-today-refresh`);
      if (src.name === 'postgres') {
        await o.page.waitForSelector('body[data-ready="2"]', { state: 'attached', timeout: 10_000 });
        expect(await o.page.locator('footer').textContent()).toMatch(/refreshed every 1 s/);
      } else {
        await new Promise((r) => setTimeout(r, 2_500));
        expect(await o.page.getAttribute('body', 'data-ready')).toBe('1');
      }
      expect(o.problems).toEqual([]);
      await o.context.close();
      for (const bad of ['batting/season-1_game~type-R', 'batting/season-2025_bogus-1', "batting/game~type-R'"]) {
        const res = await fetch(`${src.url}data/${bad}.json`);
        expect(res.status, bad).toBeGreaterThanOrEqual(400);
        expect(res.status, bad).toBeLessThan(500);
      }
    }
  }, 120_000);

  it('shows the figures the same SQL gives on the warehouse, and a picker changes them', async () => {
    for (const src of sources) {
      const base = src.url!;

      // Leaderboards: the first five rows of each.
      const bat = await open(base, 'batting.html', `${src.name}-batting-check`);
      const ops = await warehouse('batting', 'ops_leaders', { season, game_type: 'R' });
      expect(ops.length).toBeGreaterThanOrEqual(5);
      expect(await cells(bat.page, 'ops_leaders', ['full_name', 'pa', 'hr', 'ops'])).toEqual(
        ops.slice(0, 5).map((r) => [String(r.full_name), String(r.pa), String(r.hr), rate(r.ops)]),
      );
      const hr = await warehouse('batting', 'hr_leaders', { season, game_type: 'R' });
      expect(await cells(bat.page, 'hr_leaders', ['full_name', 'hr', 'rbi'])).toEqual(
        hr.slice(0, 5).map((r) => [String(r.full_name), String(r.hr), String(r.rbi)]),
      );
      // The season picker: the past season's leaders replace this one's.
      await bat.page.selectOption('#picker-season', String(pastSeason));
      await bat.page.waitForURL(/season=/);
      await bat.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const pastOps = await warehouse('batting', 'ops_leaders', { season: pastSeason, game_type: 'R' });
      const shown = await cells(bat.page, 'ops_leaders', ['full_name', 'ops']);
      expect(shown).toEqual(pastOps.slice(0, 5).map((r) => [String(r.full_name), rate(r.ops)]));
      expect(shown).not.toEqual(ops.slice(0, 5).map((r) => [String(r.full_name), rate(r.ops)]));
      expect(await bat.page.inputValue('#picker-season')).toBe(String(pastSeason));
      expect(bat.problems).toEqual([]);
      await bat.context.close();

      const pit = await open(base, 'pitching.html', `${src.name}-pitching-check`);
      const era = await warehouse('pitching', 'era_leaders', { season, game_type: 'R' });
      expect(era.length).toBeGreaterThanOrEqual(5);
      expect(await cells(pit.page, 'era_leaders', ['full_name', 'ip', 'so', 'era'])).toEqual(
        era.slice(0, 5).map((r) => [String(r.full_name), String(r.ip), String(r.so), fixed2(r.era)]),
      );
      await pit.context.close();

      // A division's standings, with run differential and the Pythagorean record.
      const st = await open(base, 'standings.html', `${src.name}-standings-check`);
      const standings = await warehouse('standings', 'standings', { season });
      const division = String(standings[0]!.division_name);
      const rows = standings.filter((r) => r.division_name === division);
      const shownDivision = await st.page.$$eval(`.group[data-group="${division}"] tbody tr`, (trs: PwPage[]) =>
        trs.map((tr: PwPage) =>
          ['team_name', 'wins', 'losses', 'run_differential', 'pythag_wins', 'pythag_losses'].map(
            (k) => tr.querySelector(`td[data-key="${k}"]`)?.textContent ?? '',
          ),
        ),
      );
      expect(shownDivision).toEqual(
        rows.map((r) => [
          String(r.team_name),
          String(r.wins),
          String(r.losses),
          Number(r.run_differential) > 0 ? `+${r.run_differential}` : String(r.run_differential),
          String(r.pythag_wins),
          String(r.pythag_losses),
        ]),
      );
      expect(await st.page.locator('.block-scatter circle.point').count()).toBe(standings.length);
      await st.context.close();

      // A player's season line, his rolling OPS and his ids from the register (credited).
      const who = ops[0]!.person_id as number;
      const pl = await open(base, `player.html?person_id=${who}`, `${src.name}-player-check`);
      const line = await warehouse('player', 'batting_seasons', { person_id: who });
      expect(await cells(pl.page, 'batting_seasons', ['season', 'pa', 'h', 'hr', 'avg', 'ops'], 10)).toEqual(
        line.map((r) => [String(r.season), String(r.pa), String(r.h), String(r.hr), rate(r.avg), rate(r.ops)]),
      );
      expect(await pl.page.locator('h1').textContent()).toBe(String(ops[0]!.full_name));
      const rolling = await warehouse('player', 'rolling_ops', { person_id: who });
      expect(await pl.page.locator('.block-line circle.line-point').count()).toBe(rolling.length);
      const ids = await warehouse('player', 'ids', { person_id: who });
      if (ids.length > 0) {
        expect(await cells(pl.page, 'ids', ['key_bbref'], 1)).toEqual([[String(ids[0]!.key_bbref ?? '')]]);
        expect(await pl.page.locator('.credit').first().textContent()).toMatch(/Chadwick Baseball Bureau/);
      }
      expect(pl.problems).toEqual([]);
      await pl.context.close();

      // The draft: its latest year's picks with slot value and bonus; the round and club pickers.
      const draftOptions = await warehouse('draft', 'options', {});
      const year = Number(draftOptions[0]!.year);
      expect(year).toBeGreaterThanOrEqual(pastSeason);
      const pickCells = (rs: Row[]) =>
        rs
          .slice(0, 5)
          .map((r) => [
            text(r.pick_number),
            text(r.club),
            text(r.person_name),
            money(r.pick_value),
            money(r.signing_bonus),
          ]);
      const pickKeys = ['pick_number', 'club', 'person_name', 'pick_value', 'signing_bonus'];
      const dr = await open(base, 'draft.html', `${src.name}-draft-check`);
      const all = await warehouse('draft', 'picks', { year, round: 0, team_id: 0 });
      expect(all.length).toBeGreaterThan(100);
      expect(all.some((r) => r.signing_bonus !== null)).toBe(true);
      expect(await cells(dr.page, 'picks', pickKeys)).toEqual(pickCells(all));
      expect(await dr.page.locator('.block-scatter circle.point').count()).toBe(
        (await warehouse('draft', 'bonus_vs_slot', { year, round: 0, team_id: 0 })).length,
      );
      // The third round of the draft (by order, compensation rounds counted).
      await dr.page.selectOption('#picker-round', '3');
      await dr.page.waitForURL(/round=3/);
      await dr.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const third = await warehouse('draft', 'picks', { year, round: 3, team_id: 0 });
      const shownThird = await cells(dr.page, 'picks', pickKeys);
      expect(shownThird).toEqual(pickCells(third));
      expect(shownThird).not.toEqual(pickCells(all));
      expect(dr.problems).toEqual([]);
      await dr.context.close();
      // A club's class: every round of its picks.
      const club = draftOptions.find((o) => Number(o.year) === year && Number(o.team_id) !== 0)!;
      const dc = await open(base, 'draft.html', `${src.name}-draft-club`);
      await dc.page.selectOption('#picker-team_id', String(club.team_id));
      await dc.page.waitForURL(/team_id=[1-9]/);
      await dc.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const clubPicks = await warehouse('draft', 'picks', { year, round: 0, team_id: Number(club.team_id) });
      expect(clubPicks.length).toBeGreaterThan(0);
      expect(await cells(dc.page, 'picks', pickKeys, 100)).toEqual(
        clubPicks.map((r) => [
          text(r.pick_number),
          text(r.club),
          text(r.person_name),
          money(r.pick_value),
          money(r.signing_bonus),
        ]),
      );
      expect(await cells(dc.page, 'by_club', ['club', 'picks'])).toEqual([
        [String(club.team_id_label), String(clubPicks.length)],
      ]);
      expect(dc.problems).toEqual([]);
      await dc.context.close();

      // The parks: each field of the season with its stretch of seasons, and the season picker.
      const parkKeys = ['name', 'valid_from_season', 'valid_to_season', 'capacity', 'roof_type', 'turf_type', 'center'];
      const parkCells = (rs: Row[]) => rs.map((r) => parkKeys.map((k) => text(r[k])));
      const pk = await open(base, 'parks.html', `${src.name}-parks-check`);
      const fields = await warehouse('parks', 'fields', { season });
      expect(fields.length).toBeGreaterThanOrEqual(30);
      expect(await cells(pk.page, 'fields', parkKeys, 100)).toEqual(parkCells(fields));
      await pk.page.selectOption('#picker-season', String(pastSeason));
      await pk.page.waitForURL(/season=/);
      await pk.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const pastFields = await warehouse('parks', 'fields', { season: pastSeason });
      expect(pastFields.length).toBeGreaterThanOrEqual(30);
      expect(await cells(pk.page, 'fields', parkKeys, 100)).toEqual(parkCells(pastFields));
      expect(pk.problems).toEqual([]);
      await pk.context.close();

      // Scoring changes: the latest week's changes and counts by fact; the leaders as of the week's
      // Monday (the PostgreSQL function, here also against the Parquet page's sums over the history)
      // and now; the week picker shows an earlier week.
      const scOptions = await warehouse('scoring', 'options', {});
      const weeks = [...new Set(scOptions.map((o) => Number(o.week)))];
      expect(weeks.length).toBeGreaterThanOrEqual(2);
      const week = weeks[0]!;
      const asOf = Number(scOptions[0]!.as_of);
      const changeKeys = ['game_pk', 'at_bat_index', 'full_name', 'fact', 'before', 'after'];
      const changeCells = (rs: Row[]) => rs.slice(0, 5).map((r) => changeKeys.map((k) => text(r[k])));
      const leaderKeys = ['full_name', 'pa', 'h', 'ops'];
      const leaderCells = (rs: Row[]) => rs.map((r) => [text(r.full_name), text(r.pa), text(r.h), rate(r.ops)]);
      const sc = await open(base, 'scoring.html', `${src.name}-scoring-check`);
      const changes = await warehouse('scoring', 'changes', { week });
      expect(changes.length).toBeGreaterThan(0);
      expect(await cells(sc.page, 'changes', changeKeys)).toEqual(changeCells(changes));
      const facts = await warehouse('scoring', 'by_fact', { week });
      expect(await cells(sc.page, 'by_fact', ['fact', 'changes'], 50)).toEqual(
        facts.map((r) => [text(r.fact), text(r.changes)]),
      );
      expect(facts.reduce((n, r) => n + Number(r.changes), 0)).toBe(changes.length);
      const then = await warehouse('scoring', 'leaders_then', { week, as_of: asOf });
      const now = await warehouse('scoring', 'leaders_now', { week });
      expect(now.length).toBeGreaterThan(0);
      expect(await cells(sc.page, 'leaders_then', leaderKeys, 10)).toEqual(leaderCells(then));
      expect(await cells(sc.page, 'leaders_now', leaderKeys, 10)).toEqual(leaderCells(now));
      await sc.page.selectOption('#picker-week', String(weeks[1]));
      await sc.page.waitForURL(/week=/);
      await sc.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const earlier = await warehouse('scoring', 'changes', { week: weeks[1]! });
      expect(earlier.length).toBeGreaterThan(0);
      const shownEarlier = await cells(sc.page, 'changes', changeKeys);
      expect(shownEarlier).toEqual(changeCells(earlier));
      expect(shownEarlier).not.toEqual(changeCells(changes));
      expect(sc.problems).toEqual([]);
      await sc.context.close();
    }
  }, 240_000);

  it('builds static files (`dashboards:build`) that show the same pages from any static server', async () => {
    built = mkdtempSync(path.join(tmpdir(), 'dugout-dash-dist-'));
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(DASH, 'run.mjs'), 'build'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DASHBOARDS_PARQUET: parquet,
        DASHBOARDS_OUT: built,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code, err).toBe(0);
    timings.push(
      `static build: ${((performance.now() - started) / 1000).toFixed(1)} s (${err.match(/built [^\n]*/)?.[0]})`,
    );
    const { url, server } = await serveStatic(built);
    try {
      const o = await open(url, 'batting.html', 'static-batting');
      const ops = await warehouse('batting', 'ops_leaders', { season, game_type: 'R' });
      expect(await cells(o.page, 'ops_leaders', ['full_name', 'ops'])).toEqual(
        ops.slice(0, 5).map((r) => [String(r.full_name), rate(r.ops)]),
      );
      await o.page.selectOption('#picker-season', String(pastSeason));
      await o.page.waitForURL(/season=/);
      await o.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const past = await warehouse('batting', 'ops_leaders', { season: pastSeason, game_type: 'R' });
      expect(await cells(o.page, 'ops_leaders', ['full_name', 'ops'])).toEqual(
        past.slice(0, 5).map((r) => [String(r.full_name), rate(r.ops)]),
      );
      expect(o.problems).toEqual([]);
      await o.context.close();
      const who = ops[0]!.person_id as number;
      const p = await open(url, `player.html?person_id=${who}`, 'static-player');
      expect(p.problems).toEqual([]);
      await p.context.close();
      // The draft's pickers reach data files the build wrote: a round's picks.
      const year = Number((await warehouse('draft', 'options', {}))[0]!.year);
      const d = await open(url, 'draft.html', 'static-draft');
      await d.page.selectOption('#picker-round', '2');
      await d.page.waitForURL(/round=2/);
      await d.page.waitForSelector('body[data-ready]', { state: 'attached' });
      const second = await warehouse('draft', 'picks', { year, round: 2, team_id: 0 });
      expect(second.length).toBeGreaterThan(0);
      expect(await cells(d.page, 'picks', ['pick_number', 'person_name', 'signing_bonus'], 100)).toEqual(
        second.map((r) => [text(r.pick_number), text(r.person_name), money(r.signing_bonus)]),
      );
      expect(d.problems).toEqual([]);
      await d.context.close();
    } finally {
      await new Promise((r) => server.close(r));
    }
  }, 240_000);
});
