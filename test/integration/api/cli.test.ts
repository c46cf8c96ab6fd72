import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../../../src/api/index.js';
import { runCli } from '../../helpers/cli.js';
import { golden, startTestServer, type TestServer } from '../../helpers/test-server.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-api-cli-'));
const BOX = golden('boxscore.json');
let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer((url) =>
    url === '/v1/game/744914/boxscore' ? { body: BOX } : { status: 404, body: golden('errors/404.json') },
  );
  env = { STATSAPI_BASE_URL: server.baseUrl, DUGOUT_PGLITE_DIR: path.join(dir, 'pglite'), STATSAPI_MAX_ATTEMPTS: '2' };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (s: string) => s.trim().split('\n').filter(Boolean);

describe('dugout api', () => {
  it('--list prints every operation with its path and marks required parameters', async () => {
    const r = await runCli(['api', '--list'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    for (const op of listOperations()) {
      const line = out.find((l) => l.startsWith(`${op.callName} `));
      expect(line, op.qualifiedName).toBeDefined();
      expect(line).toContain(` ${op.path}`);
      for (const d of op.params) expect(line).toContain(`--${d.name}${d.required ? '*' : ''} <`);
    }
    expect(out).toContain('affiliates');
    expect(out).toContain('allTeams');
  });

  it('prints the JSON body of a successful call', async () => {
    const before = server.seen.length;
    const r = await runCli(['api', 'boxscore', '--game_pk', '744914'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${BOX}\n`);
    expect(server.seen.slice(before).map((s) => s.url)).toEqual(['/api/v1/game/744914/boxscore']);
  });

  it.each([
    [['api', 'boxscore'], 'missing required parameter game_pk'],
    [['api', 'boxscore', '--game_pk', '1x'], 'game_pk must be an integer, got "1x"'],
    [
      ['api', 'game.currentGameStats', '--updatedSince', '2024-07-01'],
      'updatedSince must be a UTC time YYYY-MM-DDTHH:MM:SSZ',
    ],
    [
      ['api', 'boxscore', '--game_pk', '1', '--gamePk', '1'],
      'unknown parameter gamePk (accepted: game_pk (required), timecode, fields)',
    ],
    [['api', 'affiliates'], 'operation "affiliates" is not available in this interface'],
    [['api', 'stats', '--stats', 'season', '--group', 'hitting'], 'call it as team.stats or stats.stats'],
    [['api', 'boxscore', '--game_pk'], '--game_pk needs a value'],
  ])('%j exits 2 with one line and sends nothing', async (args, message) => {
    const before = server.seen.length;
    const r = await runCli(args, { env });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect(server.seen.length).toBe(before);
  });

  it('exits 1 when the API answers 404, after one request', async () => {
    const before = server.seen.length;
    const r = await runCli(['api', 'linescore', '--game_pk', '1'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 404');
    expect(server.seen.length - before).toBe(1);
  });
});
