/**
 * Simulator benchmark: schedule build time, then game bodies (boxscore + playByPlay) served per
 * second over HTTP on loopback, cold (regular-season games simulated on demand) and warm (a cached
 * subset requested again). The server runs in its own process (one core); this process only
 * downloads and counts bytes with node:http and a keep-alive agent.
 *
 *   npx tsx scripts/bench-sim.ts [--games N] [--warm N] [--concurrency C] [--seed S] [--gzip]
 *
 * Besides wall-clock rates it prints the server's CPU time, so "bodies per server CPU-second" stays
 * comparable on a busy machine.
 */

import { spawn } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createSeasonModel } from '../src/sim/season.js';

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const seed = opt('seed', 1);
const concurrency = opt('concurrency', 4);
const gzip = args.includes('--gzip');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

async function startServer(): Promise<{ url: string; stop(): void }> {
  const main = fileURLToPath(new URL('../src/sim/main.ts', import.meta.url));
  const code = `import(${JSON.stringify(main)}).then((m) => m.runSim({ seed: ${seed}, port: 0 }))`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /sim listening (\S+)/.exec(buf);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { url, stop: () => child.kill() };
}

/** GET one path and count the body bytes. */
function getBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent, headers: { 'accept-encoding': gzip ? 'gzip' : 'identity' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} -> ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function fetchAll(base: string, paths: string[]): Promise<{ ms: number; bytes: number }> {
  let next = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const got = await getBytes(base + paths[next++]);
        bytes += got;
      }
    }),
  );
  return { ms: performance.now() - t0, bytes };
}

type Stats = { rss: number; cpuMs: number; cacheBytes: number; cacheEntries: number };
const rate = (count: number, ms: number) => ((count * 1000) / ms).toFixed(0);
const bodyPaths = (pks: number[]) => pks.flatMap((pk) => [`/v1/game/${pk}/boxscore`, `/v1/game/${pk}/playByPlay`]);

const t0 = performance.now();
const model = createSeasonModel(seed, 2025);
const buildMs = performance.now() - t0;
const t1 = performance.now();
const all = model.allGames();
const postMs = performance.now() - t1;
console.log(`schedule build (league + spring + 2,430 regular-season games): ${buildMs.toFixed(0)} ms`);
console.log(
  `postseason bracket (simulates every regular-season game for the standings): ${postMs.toFixed(0)} ms; ${all.length} games in all`,
);

const server = await startServer();
try {
  const stats = async () => (await (await fetch(server.url.replace(/\/api$/, '/__sim/stats'))).json()) as Stats;
  const regular = all.filter((g) => g.gameType === 'R').map((g) => g.gamePk);
  const n = Math.min(opt('games', regular.length), regular.length);
  const pks = regular.slice(0, n);
  // Warm the server up (season model, postseason, JIT) with one schedule request.
  await fetchAll(server.url, ['/v1/schedule?sportId=1&date=2025-06-01']);
  const s0 = await stats();
  const cold = await fetchAll(server.url, bodyPaths(pks));
  const s1 = await stats();
  const warmN = Math.min(opt('warm', 100), n);
  const warm = await fetchAll(server.url, bodyPaths(pks.slice(n - warmN)));
  const s2 = await stats();
  console.log(
    `cold: ${n} games, ${n * 2} bodies in ${(cold.ms / 1000).toFixed(2)} s wall = ${rate(n * 2, cold.ms)} bodies/s; ` +
      `server CPU ${((s1.cpuMs - s0.cpuMs) / 1000).toFixed(2)} s = ${rate(n * 2, s1.cpuMs - s0.cpuMs)} bodies per CPU-second ` +
      `(${(cold.bytes / 1e6).toFixed(0)} MB${gzip ? ' gzip' : ''})`,
  );
  console.log(
    `warm: ${warmN} games, ${warmN * 2} bodies in ${(warm.ms / 1000).toFixed(2)} s wall = ${rate(warmN * 2, warm.ms)} bodies/s; ${rate(warmN * 2, s2.cpuMs - s1.cpuMs)} bodies per server CPU-second`,
  );
  console.log(
    `server RSS ${(s2.rss / 1e6).toFixed(0)} MB; body cache ${(s2.cacheBytes / 1e6).toFixed(0)} MB in ${s2.cacheEntries} entries; ` +
      `concurrency ${concurrency}; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
} finally {
  server.stop();
  agent.destroy();
}
