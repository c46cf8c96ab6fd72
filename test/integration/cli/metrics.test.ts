import { afterAll, beforeAll, expect, it } from 'vitest';
import postgres from 'postgres';
import { runCli } from '../../helpers/cli.js';
import {
  canRunThrowawayCluster,
  freePort,
  startThrowawayCluster,
  type ThrowawayCluster,
} from '../../helpers/cluster.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

/** Samples of a Prometheus text exposition, after checking every line is well formed. */
function parseExposition(text: string): Array<{ name: string; labels: Record<string, string>; value: number }> {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(meta[3]).toMatch(/^(counter|gauge|histogram|summary|untyped)$/);
        typed.add(meta[2]!);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const l of (m![3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    const family = m![1]!.replace(/_(bucket|sum|count)$/, '');
    expect(typed.has(m![1]!) || typed.has(family), `sample without # TYPE: ${line}`).toBe(true);
    samples.push({ name: m![1]!, labels, value: Number(m![4]) });
  }
  return samples;
}

async function get(url: string): Promise<{ status: number; text: string } | undefined> {
  try {
    const res = await fetch(url);
    return { status: res.status, text: await res.text() };
  } catch {
    return undefined;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describeNeeds('PostgreSQL', canRunThrowawayCluster())('dugout daemon /metrics and /healthz', () => {
  let cluster: ThrowawayCluster;
  let h: SimHarness;
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const probe = await startSim({ seed: 6 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 6, now: new Date(Date.parse(`${addDays(d0, 1)}T12:00:00Z`)) });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    cluster?.destroy();
  });

  it('serves metrics that agree with ingest.runs, and health that follows the database', {
    timeout: 240_000,
  }, async () => {
    const port = await freePort();
    let apiRequests = 0;
    const base = `http://127.0.0.1:${port}`;
    let pid = 0;
    const daemon = runCli(['daemon', '--run-now', 'sync', '--now', h.sim.now().toISOString()], {
      env: {
        DATABASE_URL: cluster.url,
        STATSAPI_BASE_URL: h.url,
        STATSAPI_MAX_RPS: '500',
        DUGOUT_METRICS_PORT: String(port),
      },
      onSpawn: (p) => (pid = p),
      timeoutMs: 230_000,
    });
    try {
      const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
      try {
        await until('the sync to succeed', async () => {
          const rows = await sql`select 1 from ingest.runs where job = 'sync' and status = 'succeeded'`.catch(() => []);
          return rows.length ? true : undefined;
        });
        // A field the API added, as a load records it: the gauge counts each kind's.
        await sql`insert into ingest.new_fields (body_kind, path, first_key)
                  values ('feed', 'gameData.addedByTheApi', '1') on conflict do nothing`;
        const metrics = await get(`${base}/metrics`);
        expect(metrics?.status).toBe(200);
        const samples = parseExposition(metrics!.text);
        const one = (name: string, labels: Record<string, string> = {}) =>
          samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

        const [runs] = await sql`select sum(games_loaded)::int as loaded, sum(games_unchanged)::int as unchanged,
                                        sum(games_failed)::int as failed, sum(people_loaded)::int as people,
                                        (select count(*)::int from raw.boxscores) as games from ingest.runs`;
        expect(runs!.loaded).toBeGreaterThan(0);
        for (const outcome of ['loaded', 'unchanged', 'failed'] as const) {
          expect(one('dugout_games_total', { outcome })[0]?.value, outcome).toBe(Number(runs![outcome]));
        }
        // Games only: each game of a fresh warehouse is loaded once, and its people are counted apart.
        expect(one('dugout_games_total', { outcome: 'loaded' })[0]?.value).toBe(runs!.games);
        expect(runs!.people).toBeGreaterThan(0);
        expect(one('dugout_loaded_total', { kind: 'people' })[0]?.value).toBe(runs!.people);
        // One feed a game (the default source): as many as the games stored.
        const feeds = one('dugout_api_requests_total', { operation: 'liveGameV1', status: '200' })[0]?.value ?? 0;
        const [stored] = await sql`select count(*)::int as n from raw.boxscores`;
        expect(feeds).toBe(stored!.n);
        apiRequests = feeds;
        expect(one('dugout_metrics_database_ok')[0]?.value).toBe(1);
        expect(one('dugout_api_request_duration_seconds_count', { operation: 'liveGameV1' })[0]?.value).toBe(feeds);
        expect(one('dugout_last_success_timestamp_seconds', { dugout_job: 'sync' })[0]?.value).toBeGreaterThan(
          Date.now() / 1000 - 600,
        );
        expect(one('dugout_dead_letters')[0]?.value).toBe(0);
        const kinds = await sql`select body_kind, count(*)::int as n from ingest.new_fields group by body_kind`;
        expect(one('dugout_new_api_fields').length).toBe(kinds.length);
        for (const k of kinds) expect(one('dugout_new_api_fields', { body_kind: k.body_kind })[0]?.value).toBe(k.n);
        expect((await get(`${base}/healthz`))?.status).toBe(200);
      } finally {
        await sql.end();
      }

      cluster.stop();
      const down = await until('healthz to turn 503', async () => {
        const r = await get(`${base}/healthz`);
        return r?.status === 503 ? r : undefined;
      });
      expect(down.text).toMatch(/^unhealthy: database: /);
      // /metrics answers at once: the database's figures absent and marked, the process's intact.
      const before = apiRequests;
      for (let i = 0; i < 2; i++) {
        const started = Date.now();
        const during = await get(`${base}/metrics`);
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(during?.status).toBe(200);
        const s = parseExposition(during!.text);
        expect(s.find((x) => x.name === 'dugout_metrics_database_ok')?.value).toBe(0);
        expect(s.some((x) => x.name === 'dugout_games_total')).toBe(false);
        // Without labels it cannot be absent: its last value, marked stale by dugout_metrics_database_ok.
        expect(s.find((x) => x.name === 'dugout_dead_letters')?.value).toBe(0);
        expect(s.some((x) => x.name === 'dugout_worklist_items')).toBe(false);
        expect(
          s.find((x) => x.name === 'dugout_api_requests_total' && x.labels.operation === 'liveGameV1')?.value,
        ).toBeGreaterThanOrEqual(before);
      }
      cluster.start();
      await until('healthz to recover', async () =>
        (await get(`${base}/healthz`))?.status === 200 ? true : undefined,
      );
    } finally {
      if (pid) process.kill(pid, 'SIGTERM');
    }
    const result = await daemon;
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
  });
});
