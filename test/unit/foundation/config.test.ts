import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { ConfigError } from '../../../src/errors.js';

describe('loadConfig', () => {
  it('applies documented defaults to an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      databaseUrl: undefined,
      pgliteDir: './.dugout/pglite',
      statsapiBaseUrl: 'https://statsapi.mlb.com/api',
      maxRps: 5,
      concurrency: 4,
      timeoutMs: 30_000,
      sportIds: [1],
      gameSource: 'feed',
      logLevel: 'info',
      extractWorkers: undefined,
    });
  });

  it('parses every variable it documents', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u:p@h:5432/db',
      STATSAPI_BASE_URL: 'http://127.0.0.1:8080/api/',
      STATSAPI_MAX_RPS: '2.5',
      STATSAPI_CONCURRENCY: '8',
      STATSAPI_TIMEOUT_MS: '1000',
      DUGOUT_SPORT_IDS: '1, 11,11',
      DUGOUT_GAME_SOURCE: 'boxscore',
      LOG_LEVEL: 'DEBUG',
      LOG_PRETTY: '1',
      DUGOUT_EXTRACT_WORKERS: '0',
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://u:p@h:5432/db',
      statsapiBaseUrl: 'http://127.0.0.1:8080/api',
      maxRps: 2.5,
      concurrency: 8,
      timeoutMs: 1000,
      sportIds: [1, 11],
      gameSource: 'boxscore',
      logLevel: 'debug',
      logPretty: true,
      extractWorkers: 0,
    });
  });

  it('lists every invalid variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'mysql://x',
        STATSAPI_MAX_RPS: '0',
        STATSAPI_CONCURRENCY: '1.5',
        DUGOUT_SPORT_IDS: '1,abc',
        LOG_LEVEL: 'loud',
        DUGOUT_GAME_SOURCE: 'ftp',
        DUGOUT_EXTRACT_WORKERS: '-1',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'DATABASE_URL',
      'STATSAPI_MAX_RPS',
      'STATSAPI_CONCURRENCY',
      'DUGOUT_SPORT_IDS',
      'LOG_LEVEL',
      'DUGOUT_GAME_SOURCE',
      'DUGOUT_EXTRACT_WORKERS',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('reads DUGOUT_READER_URL, the login dugout sql runs as: a postgres URL, never echoed when bad', () => {
    expect(loadConfig({}).readerUrl).toBeUndefined();
    expect(loadConfig({ DUGOUT_READER_URL: 'postgres://reader:pw@127.0.0.1:5432/dugout' }).readerUrl).toBe(
      'postgres://reader:pw@127.0.0.1:5432/dugout',
    );
    expect(() => loadConfig({ DUGOUT_READER_URL: 'mysql://reader:pw@h/db' })).toThrow(/DUGOUT_READER_URL/);
    const bad = (() => {
      try {
        loadConfig({ DUGOUT_READER_URL: 'not a url with secret-pw' });
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(bad).toContain('DUGOUT_READER_URL is not a valid URL (percent-encode the password: / as %2F');
    expect(bad).not.toContain('secret-pw');
  });

  it('never echoes a database password in its error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url with secret-pw' })).toThrow(ConfigError);
    try {
      loadConfig({ DATABASE_URL: 'not a url with secret-pw' });
    } catch (err) {
      expect((err as Error).message).not.toContain('secret-pw');
    }
  });
});

describe('the register settings', () => {
  it('fetch the register from GitHub weekly by default, from a mirror when told, and never with off', () => {
    expect(loadConfig({})).toMatchObject({
      registerUrl: 'https://github.com/chadwickbureau/register/archive/refs/heads/master.zip',
      registerCron: '40 11 * * 1',
    });
    expect(
      loadConfig({ DUGOUT_REGISTER_URL: 'http://127.0.0.1:9/register.zip', DUGOUT_REGISTER_CRON: 'off' }),
    ).toMatchObject({ registerUrl: 'http://127.0.0.1:9/register.zip', registerCron: undefined });
  });

  it('refuses a URL with credentials or of another scheme, and a schedule that is not cron', () => {
    for (const [env, name] of [
      [{ DUGOUT_REGISTER_URL: 'ftp://example.org/r.zip' }, 'DUGOUT_REGISTER_URL'],
      [{ DUGOUT_REGISTER_URL: 'https://u:p@example.org/r.zip' }, 'DUGOUT_REGISTER_URL'],
      [{ DUGOUT_REGISTER_CRON: 'weekly' }, 'DUGOUT_REGISTER_CRON'],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(name);
    }
  });
});

describe('loadConfig refuses what the driver would misread', () => {
  it.each(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'])(
    'accepts sslmode=%s in DATABASE_URL',
    (mode) => {
      expect(loadConfig({ DATABASE_URL: `postgres://u:p@h:5432/db?sslmode=${mode}` }).databaseUrl).toContain(mode);
    },
  );

  it.each(['bogus', 'REQUIRE', 'verify_full', ''])(
    'refuses sslmode=%j in DATABASE_URL, naming the accepted values',
    (mode) => {
      expect(() => loadConfig({ DATABASE_URL: `postgres://u:secret-pw@h:5432/db?sslmode=${mode}` })).toThrow(
        /DATABASE_URL sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full/,
      );
    },
  );

  it('refuses a second, unknown sslmode after a valid one (the driver reads the last)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db?sslmode=require&sslmode=bogus' })).toThrow(/sslmode/);
  });

  it.each([
    ['an unknown parameter', 'statment_timeout=5s', /unknown parameter "statment_timeout"/],
    [
      'a server option the server would judge after connecting',
      'options=-c%20statement_timeout%3Dx',
      /unknown parameter "options"/,
    ],
    ['a statement_timeout that is no duration', 'statement_timeout=abc', /statement_timeout must be milliseconds/],
    ['connect_timeout=abc (was silently 10 s)', 'connect_timeout=abc', /connect_timeout must be a whole number/],
    ['connect_timeout=0', 'connect_timeout=0', /connect_timeout must be a whole number of seconds above 0/],
  ])('refuses %s in DATABASE_URL before connecting, in one line, without the password', (_label, query, cause) => {
    const attempt = () => loadConfig({ DATABASE_URL: `postgres://u:secret-pw@h:5432/db?${query}` });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(cause);
    expect(attempt).not.toThrow(/secret-pw/);
  });

  it('accepts the parameters dugout reads', () => {
    const url = 'postgres://u:p@h/db?connect_timeout=3&statement_timeout=30min&application_name=x&sslmode=require';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('refuses a blank DATABASE_URL (it used to mean the embedded database); empty is unset', () => {
    expect(() => loadConfig({ DATABASE_URL: ' ' })).toThrow(/DATABASE_URL is blank/);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('never echoes the password when it refuses an sslmode', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'postgres://u:secret-pw@h:5432/db?sslmode=bogus' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).not.toThrow(/secret-pw/);
  });

  it('lists the heartbeat rule together with every other invalid variable', () => {
    let error: unknown;
    try {
      loadConfig({ DUGOUT_HEARTBEAT_SECONDS: '30', DUGOUT_WORKER_TIMEOUT_SECONDS: '60', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/DUGOUT_WORKER_TIMEOUT_SECONDS \(60\) must be at least three heartbeats/);
  });

  it('still reports the heartbeat rule alone', () => {
    expect(() => loadConfig({ DUGOUT_HEARTBEAT_SECONDS: '30', DUGOUT_WORKER_TIMEOUT_SECONDS: '60' })).toThrow(
      /must be at least three heartbeats/,
    );
  });
});
