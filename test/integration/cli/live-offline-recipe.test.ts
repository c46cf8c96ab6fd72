import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';
import { freePort } from '../../helpers/cluster.js';
import { createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';

// The README's recipe for watching live games offline, run as written: the simulator with its clock
// running (`--speed`), a live pass, the view; then the last two again, and the games have moved.
// Only the port changes (a free one for 8080) and the database is the test's.

/** The README's three commands: `npx dugout …` with any `VAR=value` before it, and the args. */
function recipe(): Array<{ env: Record<string, string>; args: string[] }> {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const block = /```sh\n(npx dugout sim [^\n]*--speed[\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README: no recipe with `dugout sim … --speed`');
  return block
    .trim()
    .split('\n')
    .map((line) => {
      const m = /^((?:[A-Z_]+=\S+ )*)npx dugout (.+?)( &)?$/.exec(line.trim());
      if (!m) throw new Error(`README recipe line not understood: ${line}`);
      const env = Object.fromEntries(
        m[1]!
          .trim()
          .split(' ')
          .filter(Boolean)
          .map((kv) => kv.split('=') as [string, string]),
      );
      // Shell words: "…" quoted or bare.
      const args = [...m[2]!.matchAll(/"([^"]*)"|(\S+)/g)].map((w) => w[1] ?? w[2]!);
      return { env, args };
    });
}

interface Row {
  game_pk: number;
  inning_state: string;
  inning: number;
  outs: number;
  away_score: number;
  home_score: number;
}

describe('README: live games moving offline', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('the simulator with --speed, dugout live, a query: twice, and the games move', { timeout: 240_000 }, async () => {
    const [sim, live, query] = recipe();
    expect(sim!.args).toContain('--speed');
    expect(live!.args.slice(0, 2)).toEqual(['live', '--once']);
    expect(query!.args[0]).toBe('sql');
    const port = await freePort();
    const sub = (s: string) => s.replace(':8080/', `:${port}/`);
    let pid = 0;
    let banner = '';
    const server = runCli([...sim!.args, '--port', String(port)], {
      onSpawn: (p) => (pid = p),
      onStdout: (d) => (banner += d),
    });
    try {
      const deadline = Date.now() + 60_000;
      while (!banner.includes('use it:') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(banner).toMatch(/clock: \S+, running at 10x real time/);
      const env = { ...t.env, ...Object.fromEntries(Object.entries(live!.env).map(([k, v]) => [k, sub(v)])) };
      const pass = async () => {
        const l = await runCli(live!.args, { env });
        expect(l.code, l.stderr).toBe(0);
        // The test's Postgres login is a superuser, which dugout sql refuses without --as-owner.
        const owner = t.kind === 'postgres' ? ['--as-owner'] : [];
        const q = await runCli([...query!.args, '--json', ...owner], { env: t.env });
        expect(q.code, q.stderr).toBe(0);
        return JSON.parse(q.stdout) as Row[];
      };
      const { first, second } = await withDatabaseClosed(t, async () => {
        const first = await pass();
        // 15 s at 10x: two and a half simulated minutes, a few pitches in every game, and the
        // simulator's clock past the pass's --now by more than the live loop's future tolerance
        // (it trusts the API's own clock, its Date header, as well as ours).
        await new Promise((r) => setTimeout(r, 15_000));
        return { first, second: await pass() };
      });
      expect(first.length).toBeGreaterThan(0);
      for (const r of first) expect(['Top', 'Middle', 'Bottom', 'End']).toContain(r.inning_state);
      // The same games, none gone backwards, and at least one has moved on.
      const progress = (r: Row) => [
        r.inning,
        r.inning_state === 'Top' ? 0 : r.inning_state === 'Middle' ? 1 : 2,
        r.outs,
      ];
      let moved = 0;
      for (const r of first) {
        const later = second.find((x) => x.game_pk === r.game_pk);
        if (!later) continue; // over meanwhile
        expect(later.away_score).toBeGreaterThanOrEqual(r.away_score);
        expect(later.home_score).toBeGreaterThanOrEqual(r.home_score);
        if (JSON.stringify(later) !== JSON.stringify(r)) moved++;
        expect(progress(later).join('.') >= progress(r).join('.') || later.inning > r.inning).toBe(true);
      }
      expect(moved).toBeGreaterThan(0);
    } finally {
      process.kill(pid, 'SIGTERM');
      await server;
    }
  });
});
