import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './cli.js';

/** The shipped Prometheus files (docker compose mounts this folder at /etc/prometheus). */
export const PROMETHEUS_DIR = path.join(REPO_ROOT, 'docker/prometheus');

/** The `prometheus` binary on PATH (the Debian package installs /usr/bin/prometheus), or undefined. */
export function findPrometheus(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, 'prometheus');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}

/** Replace `from` by `to` where it occurs exactly once, or fail naming it (the shipped file changed). */
function replaceOnce(text: string, from: string, to: string): string {
  const n = text.split(from).length - 1;
  if (n !== 1) throw new Error(`docker/prometheus/prometheus.yml: expected "${from}" once, found it ${n} times`);
  return text.replace(from, to);
}

/**
 * The shipped prometheus.yml with only what must differ here: the daemon's address on loopback
 * instead of the compose service name, the shipped alerts.yml by its absolute path (the config is
 * written elsewhere), and 1 s scrape and evaluation intervals so a test need not wait 30 s.
 */
export function localPrometheusConfig(targetPort: number): string {
  let text = readFileSync(path.join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8');
  text = replaceOnce(text, '"dugout:9464"', `"127.0.0.1:${targetPort}"`);
  text = replaceOnce(text, '- alerts.yml', `- ${JSON.stringify(path.join(PROMETHEUS_DIR, 'alerts.yml'))}`);
  text = replaceOnce(text, 'scrape_interval: 30s', 'scrape_interval: 1s');
  text = replaceOnce(text, 'evaluation_interval: 30s', 'evaluation_interval: 1s');
  return text;
}

export interface PrometheusServer {
  url: string;
  /** Its log so far (stderr), for failure messages. */
  log(): string;
  /** GET an HTTP API path (e.g. `/api/v1/targets`) and return its `data`; throws on an error status. */
  api<T>(pathAndQuery: string): Promise<T>;
  stop(): Promise<void>;
}

/** Start `prometheus` as a child process on a loopback port, with `config` and a temp storage folder. */
export function startPrometheus(bin: string, config: string, port: number): PrometheusServer {
  const dir = mkdtempSync(path.join(tmpdir(), 'dugout-prometheus-'));
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn(
    bin,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (d) => (log = (log + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    log: () => log,
    async api<T>(pathAndQuery: string): Promise<T> {
      const res = await fetch(`${url}${pathAndQuery}`, { signal: AbortSignal.timeout(5_000) });
      const body = (await res.json()) as { status: string; data: T; error?: string };
      if (body.status !== 'success') throw new Error(`${pathAndQuery}: ${body.error ?? res.status}`);
      return body.data;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The series selectors a PromQL expression reads (`name` or `name{matchers}`), as Prometheus prints
 * a rule's query: a name followed by `(` is a function, one followed by `=`, `!=` or `=~` a label,
 * names in `by (…)` or `on (…)` labels too, and the operators and keywords are skipped. Enough for simple rules, not a parser.
 */
export function selectorsOf(expr: string): string[] {
  const skip = new Set(['and', 'or', 'unless', 'on', 'ignoring', 'group_left', 'group_right', 'by', 'without']);
  for (const word of ['bool', 'offset', 'Inf', 'NaN']) skip.add(word);
  // Aggregations, which Prometheus prints as `sum by (a) (…)`.
  for (const word of ['sum', 'min', 'max', 'avg', 'count', 'group', 'stddev', 'stdvar', 'topk', 'bottomk'])
    skip.add(word);
  for (const word of ['quantile', 'count_values', 'limitk', 'limit_ratio']) skip.add(word);
  // Label lists of grouping and matching (`by (a)`, `on (a)`) name labels, not series.
  const bare = expr.replace(/\b(on|ignoring|by|without|group_left|group_right)\s*\([^()]*\)/g, '$1 ');
  const found = new Set<string>();
  for (const m of bare.matchAll(
    /(?<![\w:."])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*(?:=~|!=|!~|=(?!=)))(\{[^{}]*\})?(\s*\()?/g,
  )) {
    if (m[3] || skip.has(m[1]!)) continue;
    found.add(`${m[1]}${m[2] ?? ''}`);
  }
  return [...found];
}
