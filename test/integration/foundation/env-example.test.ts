import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { REPO_ROOT } from '../../helpers/cli.js';

const run = promisify(execFile);

/** The variables `.env.example` assigns (the commented-out ones are not). */
const assigned = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name): name is string => name !== undefined);

/** What a child prints once the file is loaded: the assigned variables, and `loadConfig` of its environment. */
const PRINT = `
import { loadConfig } from ${JSON.stringify(path.join(REPO_ROOT, 'src/config.ts'))};
const names = ${JSON.stringify(assigned)};
const env = Object.fromEntries(names.map((n) => [n, process.env[n] ?? null]));
console.log(JSON.stringify({ env, config: loadConfig(process.env) }));
`;

/** A bare environment: nothing of the test runner's (DATABASE_URL, LOG_LEVEL…) reaches the child. */
const BARE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir() };

/** The configuration of an empty environment, as a child prints it (JSON: no `undefined` keys). */
const DEFAULTS = JSON.parse(JSON.stringify(loadConfig({})));

describe('.env.example loads as its header says, in sh and in node', () => {
  let dir: string;
  let printer: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dugout-env-'));
    copyFileSync(path.join(REPO_ROOT, '.env.example'), path.join(dir, '.env'));
    printer = path.join(dir, 'print.mts');
    writeFileSync(printer, PRINT);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Run from the repository (where `tsx` resolves): an unquoted `*` in the file would expand to
  // its file names, and the first (Dockerfile) would be run as a command.
  const viaSh = () =>
    run(
      'sh',
      ['-euc', `set -a; . "$1"; set +a; exec "$2" --import tsx "$3"`, 'sh', `${dir}/.env`, process.execPath, printer],
      {
        cwd: REPO_ROOT,
        env: BARE_ENV,
      },
    );
  const viaNode = () =>
    run(process.execPath, [`--env-file=${dir}/.env`, '--import', 'tsx', printer], { cwd: REPO_ROOT, env: BARE_ENV });

  it('assigns the variables it documents, the cron schedule among them', () => {
    expect(assigned).toEqual(expect.arrayContaining(['DUGOUT_SYNC_CRON', 'STATSAPI_BASE_URL', 'DUGOUT_GAME_EXTRAS']));
  });

  it('`set -a; . ./.env; set +a` runs no command, prints nothing, sets every variable and yields every default', async () => {
    const r = await viaSh();
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.env).filter((name) => out.env[name] === null)).toEqual([]);
    expect(out.env.DUGOUT_SYNC_CRON).toBe('*/10 * * * *');
    expect(out.config).toEqual(DEFAULTS);
  });

  it('`node --env-file=.env` reads every value as sh does and yields every default', async () => {
    const r = await viaNode();
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.config).toEqual(DEFAULTS);
    expect(out.env).toEqual(JSON.parse((await viaSh()).stdout).env);
  });
});
