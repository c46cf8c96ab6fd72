import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import {
  ConfigError,
  DugoutError,
  describeError,
  isRetryable,
  MAX_ERROR_CHARS,
  redactSecrets,
} from '../../../src/errors.js';
import { createLogger } from '../../../src/logger.js';
import { runCli } from '../../helpers/cli.js';

function capturedLogger() {
  const out: string[] = [];
  const sink = new Writable({ write: (chunk, _e, cb) => (out.push(String(chunk)), cb()) });
  return { log: createLogger({ logLevel: 'info', logPretty: false }, false, sink), text: () => out.join('') };
}

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.join('\n');
  }
  return '';
};

describe('config bounds (finding 7)', () => {
  it.each([
    ['STATSAPI_MAX_RPS', '1e-9'],
    ['STATSAPI_MAX_RPS', '0.01'],
    ['STATSAPI_MAX_RPS', '5000'],
    ['STATSAPI_TIMEOUT_MS', '99999999999'],
    ['STATSAPI_TIMEOUT_MS', '10'],
    ['STATSAPI_CONCURRENCY', '0x10'],
    ['STATSAPI_CONCURRENCY', '1e1'],
    ['STATSAPI_MAX_ATTEMPTS', '1000'],
    ['DUGOUT_WORK_MAX_ATTEMPTS', '-1'],
    ['DUGOUT_CURSOR_OVERLAP_MINUTES', '99999'],
    ['DUGOUT_SPORT_IDS', '99999999999999999999'],
    ['DUGOUT_SPORT_IDS', '0x10'],
    ['STATSAPI_BASE_URL', 'ftp://example.com/api'],
    ['STATSAPI_BASE_URL', 'file:///etc/passwd'],
    ['DATABASE_URL', 'http://h/db'],
  ])('%s=%s is refused, naming the variable', (name, value) => {
    expect(problemsOf({ [name]: value })).toContain(name);
  });

  it('accepts the bounds themselves and decimal numbers', () => {
    expect(
      loadConfig({ STATSAPI_MAX_RPS: '0.1', STATSAPI_TIMEOUT_MS: '600000', STATSAPI_CONCURRENCY: '64' }),
    ).toMatchObject({ maxRps: 0.1, timeoutMs: 600_000, concurrency: 64 });
    expect(loadConfig({ STATSAPI_MAX_RPS: '1000', STATSAPI_TIMEOUT_MS: '100' })).toMatchObject({
      maxRps: 1000,
      timeoutMs: 100,
    });
  });

  it('refuses credentials in the API URL without echoing them', () => {
    const problems = problemsOf({ STATSAPI_BASE_URL: 'https://user:hunter2pw@statsapi.example/api' });
    expect(problems).toContain('must not carry credentials');
    expect(problems).not.toContain('hunter2pw');
  });

  it('an out-of-range --sport-id is a usage error before any database is opened', async () => {
    const r = await runCli(['backfill', '--season', '2024', '--sport-id', '99999999999999999999'], {
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', STATSAPI_BASE_URL: 'http://127.0.0.1:9/api' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/is not a comma list of ids from 1 to 2147483647/);
  });

  it('a bad variable exits 2 with one line before any connection', async () => {
    const r = await runCli(['status'], {
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', STATSAPI_MAX_RPS: '1e-9' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('STATSAPI_MAX_RPS must be a number from 0.1 to 1000');
  });
});

/** What postgres.js raises, wrapped the way drizzle wraps it (statement and every bound parameter). */
function wrappedDriverError(): Error {
  const pg = Object.assign(new Error('value "3000000000" is out of range for type integer'), {
    code: '22003',
    severity: 'ERROR',
    column_name: 'hits',
    table_name: 'batting_lines',
  });
  const body = JSON.stringify({ gamePk: 1, plays: 'x'.repeat(170_000) });
  return new Error(
    `Failed query: insert into mlb.batting_lines select * from json_populate_recordset(null, $1)\nparams: ${body}`,
    { cause: pg },
  );
}

describe('errors carry the cause, never parameters or bodies (finding 3)', () => {
  it('a driver error wrapped with its statement becomes the SQLSTATE, message and column', () => {
    const text = describeError(wrappedDriverError());
    expect(text).toBe(
      'database error 22003: value "3000000000" is out of range for type integer (table batting_lines, column hits)',
    );
  });

  it('every described error is one line of at most a few hundred characters', () => {
    const long = describeError(new Error(`line one\n${'y'.repeat(5000)}`));
    expect(long.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);
    expect(long).not.toContain('\n');
    expect(long).toMatch(/chars cut\)$/);
    expect(describeError(new Error('Failed query: select 1\nparams: secret-body'))).not.toContain('secret-body');
  });

  it('a work item whose query hit a deadlock or a lost connection is retried; a bad value is not', () => {
    const wrapped = (code: string) =>
      new Error('Failed query: update ingest.work_items …', { cause: Object.assign(new Error('x'), { code }) });
    const deep = { followCause: true };
    expect(isRetryable(wrapped('40P01'), deep)).toBe(true);
    expect(isRetryable(wrapped('ECONNRESET'), deep)).toBe(true);
    expect(isRetryable(wrappedDriverError(), deep)).toBe(false);
    // The request queue looks at the thrown error only (a budget query that failed fails the request).
    expect(isRetryable(wrapped('40P01'))).toBe(false);
    expect(
      isRetryable(
        new Error('outer', { cause: new DugoutError('E_X', 'inner', { retryable: false, cause: wrapped('40P01') }) }),
        deep,
      ),
    ).toBe(false);
    expect(isRetryable(new Error('no cause'))).toBe(false);
  });

  it('the logger writes an error as its capped cause', () => {
    const { log, text } = capturedLogger();
    log.warn({ err: wrappedDriverError() }, 'work item failed');
    expect(text().length).toBeLessThan(1000);
    expect(JSON.parse(text()).err).toEqual({
      message: expect.stringContaining('database error 22003'),
      code: undefined,
    });
  });
});

describe('secrets never reach a log or an error (finding 8)', () => {
  it('redacts URL credentials and password pairs', () => {
    expect(redactSecrets('GET https://bob:s3cr3t@api.example/x failed')).toBe(
      'GET https://***:***@api.example/x failed',
    );
    expect(redactSecrets('connect postgres://dugout:Secret$$Pw@db:5432/w')).not.toContain('Secret$$Pw');
    expect(redactSecrets('password=Secret$$Pw host=db')).toBe('password=*** host=db');
    expect(describeError(new Error('could not connect to postgres://a:Secret$$Pw@h/db'))).not.toContain('Secret$$Pw');
  });

  it('the logger censors password and database URL fields and URL credentials in errors', () => {
    const { log, text } = capturedLogger();
    log.info({ password: 'Secret$$Pw', config: { databaseUrl: 'postgres://u:Secret$$Pw@h/db' } }, 'x');
    log.error({ err: new Error('connect failed: postgres://u:Secret$$Pw@h/db') }, 'y');
    expect(text()).toContain('"password":"***"');
    expect(text()).not.toContain('Secret$$Pw');
  });
});
