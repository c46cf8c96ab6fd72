import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnCli, until } from '../../helpers/cli.js';
import { freePort } from '../../helpers/cluster.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import {
  findPrometheus,
  localPrometheusConfig,
  PROMETHEUS_DIR,
  type PrometheusServer,
  selectorsOf,
  startPrometheus,
} from '../../helpers/prometheus.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

interface Target {
  labels: Record<string, string>;
  scrapeUrl: string;
  health: string;
  lastError: string;
}
interface RuleGroup {
  name: string;
  file: string;
  rules: Array<{ name: string; type: string; query: string; health: string; lastError?: string }>;
}
interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

const PROMETHEUS = findPrometheus();
// Our own CI installs Prometheus (.ci/run) and must never skip this silently.
const SKIP = !PROMETHEUS && process.env.CI !== 'true';
const shipped = readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8');
const shippedGroups = [...shipped.matchAll(/^\s*- name: (\S+)\s*$/gm)].map((m) => m[1]!);
const shippedAlerts = [...shipped.matchAll(/^\s*- alert: (\S+)\s*$/gm)].map((m) => m[1]!);

if (SKIP) process.stdout.write('[dugout tests] prometheus not installed: the real-Prometheus scrape test is skipped\n');

describeNeeds('Prometheus', !SKIP)('a real Prometheus scraping dugout daemon with the shipped alert rules', () => {
  let h: SimHarness;
  let t: TestDatabase;
  beforeAll(async () => {
    if (!PROMETHEUS) throw new Error('CI=true but `prometheus` is not on PATH: apt-get install prometheus');
    const probe = await startSim({ seed: 6 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 6, now: new Date(Date.parse(`${addDays(d0, 1)}T12:00:00Z`)) });
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('finds the daemon up, loads every rule group healthy, and every series a rule reads', {
    timeout: 180_000,
  }, async () => {
    const metricsPort = await freePort();
    const daemon = await withDatabaseClosed(t, async () => {
      const d = spawnCli(['daemon', '--run-now', 'sync', '--now', h.sim.now().toISOString()], {
        ...cliEnv(t, h),
        DUGOUT_METRICS_PORT: String(metricsPort),
      });
      let prom: PrometheusServer | undefined;
      try {
        prom = startPrometheus(PROMETHEUS!, localPrometheusConfig(metricsPort), await freePort());
        await checkPrometheus(prom, metricsPort).catch((err: Error) => {
          err.message += `\n--- prometheus log (tail)\n${prom!.log().slice(-3000)}\n--- daemon stderr (tail)\n${d.stderr().slice(-3000)}`;
          throw err;
        });
      } finally {
        await prom?.stop();
        d.child.kill('SIGTERM');
      }
      return { code: await d.exited, stderr: d.stderr() };
    });
    expect(daemon.code, daemon.stderr.slice(-2000)).toBe(0);
  });
});

async function checkPrometheus(prom: PrometheusServer, metricsPort: number): Promise<void> {
  const query = (q: string) =>
    prom.api<{ resultType: string; result: Sample[] }>(`/api/v1/query?query=${encodeURIComponent(q)}`);

  // The target the shipped scrape job names, scraped without error.
  let targets: Target[] = [];
  await until('Prometheus to scrape the daemon', async () => {
    targets = (await prom.api<{ activeTargets: Target[] }>('/api/v1/targets')).activeTargets;
    return targets.length === 1 && targets[0]!.health === 'up';
  });
  expect(targets[0]!.labels.job).toBe('dugout');
  expect(targets[0]!.scrapeUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(targets[0]!.lastError).toBe('');

  // The sync's success (the only job run), as Prometheus stores it: the scrape adds job="dugout"
  // and instance.
  await until(
    'the sync to succeed',
    async () => (await query('dugout_last_success_timestamp_seconds')).result.length === 1,
    120_000,
  );
  const [loaded] = (await query('dugout_games_total{outcome="loaded"}')).result;
  expect(Number(loaded?.value[1])).toBeGreaterThan(0);
  expect(loaded?.metric).toMatchObject({ job: 'dugout', instance: `127.0.0.1:${metricsPort}` });
  const [up] = (await query('up{job="dugout"}')).result;
  expect(up?.value[1]).toBe('1');

  // Every group and alert of the shipped file, loaded from it and evaluated without error.
  let groups: RuleGroup[] = [];
  await until('every rule to be evaluated', async () => {
    groups = (await prom.api<{ groups: RuleGroup[] }>('/api/v1/rules')).groups;
    return groups.length > 0 && groups.every((g) => g.rules.every((r) => r.health !== 'unknown'));
  });
  expect(shippedAlerts.length).toBeGreaterThan(0);
  expect(groups.map((g) => g.name).sort()).toEqual([...shippedGroups].sort());
  expect(groups.map((g) => g.file)).toEqual(groups.map(() => path.join(PROMETHEUS_DIR, 'alerts.yml')));
  const rules = groups.flatMap((g) => g.rules);
  expect(rules.map((r) => r.name).sort()).toEqual([...shippedAlerts].sort());
  for (const r of rules)
    expect({ rule: r.name, health: r.health, lastError: r.lastError ?? '' }).toEqual({
      rule: r.name,
      health: 'ok',
      lastError: '',
    });

  // A selector that matches nothing makes its rule silent forever: each must find the daemon's series.
  await until(
    'a scrape after the sync',
    async () => (await query('dugout_last_run_duration_seconds')).result.length > 0,
  );
  for (const r of rules) {
    const selectors = selectorsOf(r.query);
    expect(selectors.length, r.query).toBeGreaterThan(0);
    for (const selector of selectors) {
      const found = await query(selector);
      expect(found.result.length, `${r.name}: ${selector} matches no series`).toBeGreaterThan(0);
    }
  }

  // A healthy daemon: no alert pending or firing.
  const { alerts } = await prom.api<{ alerts: Array<{ labels: Record<string, string>; state: string }> }>(
    '/api/v1/alerts',
  );
  expect(alerts).toEqual([]);
}
