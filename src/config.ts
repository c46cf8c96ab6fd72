import cron from 'node-cron';
import { z } from 'zod';
import { ConfigError } from './errors.js';

/**
 * All configuration, read once from the environment by {@link loadConfig} and passed down.
 * Nothing else in dugout reads `process.env`. Every variable is documented in `.env.example`.
 */
/** Per-game requests beyond the two bodies, opted into with DUGOUT_GAME_EXTRAS. */
export const GAME_EXTRAS = ['winProbability'] as const;
export type GameExtra = (typeof GAME_EXTRAS)[number];

export interface Config {
  /** Postgres URL; when unset dugout uses an embedded PGlite database under `pgliteDir`. */
  databaseUrl: string | undefined;
  /**
   * Postgres URL whose login `dugout sql` runs its statement as: a role that may only read (as
   * `dugout reader-role` makes). Unset: `dugout sql` uses `databaseUrl` when its login may only
   * read, and otherwise refuses unless told `--as-owner`.
   */
  readerUrl: string | undefined;
  /** Directory of the embedded PGlite database. Default `./.dugout/pglite`. */
  pgliteDir: string;
  /** Base URL of the Stats API, without the version (`…/api`). */
  statsapiBaseUrl: string;
  /** Most requests started in any one-second window. Default 5. */
  maxRps: number;
  /** Most requests in flight at once. Default 4. */
  concurrency: number;
  /** Per-request timeout, milliseconds. Default 30000. */
  timeoutMs: number;
  /** Attempts per request before the error reaches the caller. Default 5. */
  maxAttempts: number;
  /** Longest Retry-After we honour before giving up on the request, milliseconds. Default 120000. */
  retryAfterCapMs: number;
  /**
   * Most bytes of one response body, both as received and once decompressed. A larger body fails
   * its request (not retried) and its work item is dead-lettered. Default 67108864 (64 MiB).
   */
  maxBodyBytes: number;
  /** Sport ids polled by sync and backfill. Default [1] (MLB). */
  sportIds: number[];
  /**
   * `feed` (one v1.1 feed/live per game, default: its boxscore is frozen at the game) or `boxscore`
   * (boxscore + playByPlay, two requests). Both give the same `mlb` rows but ABS challenges, which
   * the feed says more of (test/integration/pipeline/game-source.test.ts).
   */
  gameSource: 'boxscore' | 'feed';
  /** Extra per-game requests (`winProbability`): one more request per game each. Default none. */
  gameExtras: GameExtra[];
  /**
   * Days after a final game's end at which `dugout sync` fetches it again (re-polls), besides what
   * the change log lists: a scoring change the log never reports is caught by them. Default [1, 3, 8];
   * empty (`DUGOUT_REPOLL_DAYS=none`) turns re-polls off.
   */
  repollDays: number[];
  /** Attempts of a work item before it is parked as a dead letter. Default 5. */
  workMaxAttempts: number;
  /** Overlap subtracted from a change-log cursor before the next poll, minutes. Default 10. */
  cursorOverlapMinutes: number;
  /** pino level. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Force pretty (human) logs even when stderr is not a TTY. */
  logPretty: boolean;
  /** Port of the daemon's Prometheus `/metrics` and `/healthz` server; unset = no server. */
  metricsPort: number | undefined;
  /** How often a worker records that it is alive (and extends its leases), seconds. Default 10. */
  heartbeatSeconds: number;
  /** The live loop waits at least this long between passes, whatever a feed's `metaData.wait` says. Default 0. */
  liveMinWaitSeconds: number;
  /** Whether `dugout daemon` follows live games (DUGOUT_LIVE=on|off). Default on. */
  live: boolean;
  /** A worker silent for this long is lost: its runs close and its leases lapse. Default 60. */
  workerTimeoutSeconds: number;
  /**
   * Worker threads a rebuild, and each backfill or sync, parses and extracts game bodies on (0: the
   * main thread); unset = by the cores (see defaultExtractWorkers and defaultLoadWorkers).
   */
  extractWorkers: number | undefined;
  /** The host name this process reports in runs, leases and `status` (default the machine's). */
  hostName: string | undefined;
  /** The daemon's sync schedule (node-cron, UTC; a sixth leading field is seconds). Default every 10 minutes. */
  syncCron: string;
  /** Where `dugout snapshot register` fetches the Chadwick register's zip archive (DUGOUT_REGISTER_URL). */
  registerUrl: string;
  /** The daemon's register refresh (node-cron, UTC; DUGOUT_REGISTER_CRON); `off`: never. Default weekly. */
  registerCron: string | undefined;
}

/** A decimal integer in [min, max] (no `0x10`, `1e3` or `1.0`), or undefined when unset. */
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

/** {@link wholeNumber}, or the default when unset. */
const boundedInt = (name: string, def: number, min: number, max: number) =>
  wholeNumber(name, min, max).transform((n) => n ?? def);

/** A decimal number in [min, max] (digits with an optional fraction), or the default when unset. */
const boundedNumber = (name: string, def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v.trim());
      if (!/^\d+(\.\d+)?$/.test(v.trim()) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

/** An http(s) URL; `allowCredentials` only for the database (the API needs none, and logs carry its URL). */
const urlString = (name: string, schemes: RegExp, label: string, allowCredentials: boolean, blankIsError = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (blankIsError && v !== undefined && v !== '' && v.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          message: `${name} is blank: give a postgres:// URL, or leave it unset (empty) for the embedded database`,
        });
        return z.NEVER;
      }
      if (v === undefined || v.trim() === '') return undefined;
      let u: URL;
      try {
        u = new URL(v);
      } catch {
        // A password pasted as is: its reserved characters break the URL.
        const hint = allowCredentials
          ? ' (percent-encode the password: / as %2F, @ as %40, : as %3A, # as %23, ? as %3F, % as %25, space as %20)'
          : '';
        ctx.addIssue({ code: 'custom', message: `${name} is not a valid URL${hint}` });
        return z.NEVER;
      }
      if (!schemes.test(u.protocol)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a ${label} URL, got "${u.protocol}"` });
        return z.NEVER;
      }
      if (!allowCredentials && (u.username || u.password)) {
        ctx.addIssue({ code: 'custom', message: `${name} must not carry credentials (user:password@)` });
        return z.NEVER;
      }
      return v.replace(/\/+$/, '');
    });

/**
 * The `sslmode` values libpq defines. postgres.js reads `sslmode` itself and treats any value it
 * does not know (`bogus`, a typo of `require`) as `verify-full`; `verify-ca` also checks the host
 * name there. A value outside this list is refused rather than guessed.
 */
export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/** A duration as PostgreSQL reads a timeout setting: milliseconds, or a number with a unit. */
const PG_DURATION = /^\d{1,9}(ms|s|min|h|d)?$/;
const WHOLE_SECONDS = /^\d{1,6}$/;

/**
 * The query parameters a database URL may carry, each with its check (a message part when bad).
 * Anything else would reach the server as a startup parameter and fail only after connecting.
 */
const URL_PARAMETERS: Record<string, (v: string) => string | undefined> = {
  sslmode: (v) => ((SSL_MODES as readonly string[]).includes(v) ? undefined : `must be one of ${SSL_MODES.join(', ')}`),
  connect_timeout: (v) =>
    WHOLE_SECONDS.test(v) && Number(v) > 0 ? undefined : 'must be a whole number of seconds above 0',
  statement_timeout: (v) =>
    PG_DURATION.test(v) ? undefined : 'must be milliseconds or a number with ms, s, min, h, d',
  idle_in_transaction_session_timeout: (v) =>
    PG_DURATION.test(v) ? undefined : 'must be milliseconds or a number with ms, s, min, h, d',
  lock_timeout: (v) => (PG_DURATION.test(v) ? undefined : 'must be milliseconds or a number with ms, s, min, h, d'),
  application_name: (v) => (v.length <= 63 ? undefined : 'must be at most 63 characters'),
  host: (v) => (v !== '' ? undefined : 'must not be empty'),
  port: (v) => (/^\d{1,5}$/.test(v) && Number(v) > 0 && Number(v) < 65536 ? undefined : 'must be a port number'),
  target_session_attrs: (v) =>
    ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'].includes(v)
      ? undefined
      : 'must be any, read-write, read-only, primary, standby or prefer-standby',
};

/**
 * DATABASE_URL's problems beyond being a postgres:// URL: every query parameter must be one dugout
 * knows with a value it accepts (an unknown `sslmode` is one), so that a typo is a configuration
 * error of one line before connecting, never a server error after it (or a value silently dropped).
 */
function databaseUrlProblems(name: string, url: string): string[] {
  const problems: string[] = [];
  for (const [key, value] of new URL(url).searchParams) {
    const check = URL_PARAMETERS[key];
    // The parameter and its value, never the URL: the URL may carry a password.
    if (!check) {
      problems.push(
        `${name} has an unknown parameter "${key.slice(0, 40)}" (dugout reads ${Object.keys(URL_PARAMETERS).join(', ')})`,
      );
      continue;
    }
    const bad = check(value);
    if (bad) problems.push(`${name} ${key} ${bad}, got "${value.slice(0, 40)}"`);
  }
  return problems;
}

/**
 * Default STATSAPI_MAX_BODY_BYTES: 64 MiB, far above the largest real bodies recorded (a whole
 * season's schedule, then a game's feed/live).
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Largest id Postgres `integer` columns hold. */
export const MAX_INT4 = 2_147_483_647;

/** A Postgres URL whose parameters the driver reads as written (an unknown sslmode is refused). */
const postgresUrl = (name: string) =>
  urlString(name, /^(postgres|postgresql):$/, 'postgres://', true, true).superRefine((v, ctx) => {
    if (v !== undefined) for (const message of databaseUrlProblems(name, v)) ctx.addIssue({ code: 'custom', message });
  });

/** The register is refreshed weekly (Monday 11:40 UTC): the public register changes a few times a month. */
export const DEFAULT_REGISTER_CRON = '40 11 * * 1';

const envSchema = z.object({
  DATABASE_URL: postgresUrl('DATABASE_URL'),
  DUGOUT_READER_URL: postgresUrl('DUGOUT_READER_URL'),
  DUGOUT_PGLITE_DIR: z.string().optional(),
  STATSAPI_BASE_URL: urlString('STATSAPI_BASE_URL', /^(http|https):$/, 'http(s)://', false),
  STATSAPI_MAX_RPS: boundedNumber('STATSAPI_MAX_RPS', 5, 0.1, 1000),
  STATSAPI_CONCURRENCY: boundedInt('STATSAPI_CONCURRENCY', 4, 1, 64),
  STATSAPI_TIMEOUT_MS: boundedInt('STATSAPI_TIMEOUT_MS', 30_000, 100, 600_000),
  STATSAPI_MAX_ATTEMPTS: boundedInt('STATSAPI_MAX_ATTEMPTS', 5, 1, 20),
  STATSAPI_RETRY_AFTER_CAP_MS: boundedInt('STATSAPI_RETRY_AFTER_CAP_MS', 120_000, 0, 3_600_000),
  STATSAPI_MAX_BODY_BYTES: boundedInt('STATSAPI_MAX_BODY_BYTES', DEFAULT_MAX_BODY_BYTES, 65_536, 1_073_741_824),
  DUGOUT_SPORT_IDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [1];
      const parts = v.split(',').map((s) => s.trim());
      const ids = parts.map(Number);
      if (parts.some((p) => !/^\d+$/.test(p)) || ids.some((n) => n < 1 || n > MAX_INT4)) {
        ctx.addIssue({
          code: 'custom',
          message: `DUGOUT_SPORT_IDS must be a comma list of sport ids (1-${MAX_INT4}), got "${v}"`,
        });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
  DUGOUT_GAME_SOURCE: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return 'feed' as const;
      if (v === 'boxscore' || v === 'feed') return v;
      ctx.addIssue({ code: 'custom', message: `DUGOUT_GAME_SOURCE must be "boxscore" or "feed", got "${v}"` });
      return z.NEVER;
    }),
  DUGOUT_GAME_EXTRAS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [] as GameExtra[];
      const parts = [...new Set(v.split(',').map((s) => s.trim()))];
      const unknown = parts.filter((p) => !(GAME_EXTRAS as readonly string[]).includes(p));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `DUGOUT_GAME_EXTRAS must be a comma list of ${GAME_EXTRAS.join(', ')}, got "${v}"`,
        });
        return z.NEVER;
      }
      return parts as GameExtra[];
    }),
  DUGOUT_REPOLL_DAYS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [1, 3, 8];
      if (v.trim() === 'none') return [] as number[];
      const parts = v.split(',').map((s) => s.trim());
      const days = parts.map(Number);
      if (parts.length > 10 || days.some((d, i) => !/^\d+$/.test(parts[i]!) || d < 1 || d > 60)) {
        ctx.addIssue({
          code: 'custom',
          message: `DUGOUT_REPOLL_DAYS must be "none" or a comma list of at most 10 whole days from 1 to 60, got "${v}"`,
        });
        return z.NEVER;
      }
      return [...new Set(days)].sort((a, b) => a - b);
    }),
  DUGOUT_WORK_MAX_ATTEMPTS: boundedInt('DUGOUT_WORK_MAX_ATTEMPTS', 5, 1, 100),
  DUGOUT_CURSOR_OVERLAP_MINUTES: boundedInt('DUGOUT_CURSOR_OVERLAP_MINUTES', 10, 1, 1440),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
      if (v === undefined || v.trim() === '') return 'info' as const;
      const l = v.toLowerCase();
      if ((levels as readonly string[]).includes(l)) return l as Config['logLevel'];
      ctx.addIssue({ code: 'custom', message: `LOG_LEVEL must be one of ${levels.join(', ')}, got "${v}"` });
      return z.NEVER;
    }),
  DUGOUT_METRICS_PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!/^\d+$/.test(v.trim()) || n < 1 || n > 65_535) {
        ctx.addIssue({ code: 'custom', message: `DUGOUT_METRICS_PORT must be a port number 1-65535, got "${v}"` });
        return z.NEVER;
      }
      return n;
    }),
  DUGOUT_EXTRACT_WORKERS: wholeNumber('DUGOUT_EXTRACT_WORKERS', 0, 16),
  DUGOUT_HOST_NAME: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message: `DUGOUT_HOST_NAME must be a host name (letters, digits, ".", "_", "-"), got "${v}"`,
        });
        return z.NEVER;
      }
      return v;
    }),
  DUGOUT_SYNC_CRON: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return '*/10 * * * *';
      if (!cron.validate(v.trim())) {
        ctx.addIssue({ code: 'custom', message: `DUGOUT_SYNC_CRON is not a cron expression, got "${v}"` });
        return z.NEVER;
      }
      return v.trim();
    }),
  DUGOUT_REGISTER_URL: urlString('DUGOUT_REGISTER_URL', /^(http|https):$/, 'http(s)://', false),
  DUGOUT_REGISTER_CRON: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return DEFAULT_REGISTER_CRON;
      if (v.trim() === 'off') return undefined;
      if (!cron.validate(v.trim())) {
        ctx.addIssue({ code: 'custom', message: `DUGOUT_REGISTER_CRON is not a cron expression or "off", got "${v}"` });
        return z.NEVER;
      }
      return v.trim();
    }),
  DUGOUT_HEARTBEAT_SECONDS: boundedInt('DUGOUT_HEARTBEAT_SECONDS', 10, 1, 300),
  DUGOUT_LIVE_MIN_WAIT_SECONDS: boundedInt('DUGOUT_LIVE_MIN_WAIT_SECONDS', 0, 0, 3600),
  DUGOUT_LIVE: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'on') return true;
      if (v === 'off') return false;
      ctx.addIssue({ code: 'custom', message: `DUGOUT_LIVE must be "on" or "off", got "${v}"` });
      return z.NEVER;
    }),
  DUGOUT_WORKER_TIMEOUT_SECONDS: boundedInt('DUGOUT_WORKER_TIMEOUT_SECONDS', 60, 3, 3600),
  LOG_PRETTY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === '0' || v === 'false') return false;
      if (v === '1' || v === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `LOG_PRETTY must be 1/0 or true/false, got "${v}"` });
      return z.NEVER;
    }),
});

/** The variables a rule across several of them reads, parsed on their own. */
const timingSchema = envSchema.pick({ DUGOUT_HEARTBEAT_SECONDS: true, DUGOUT_WORKER_TIMEOUT_SECONDS: true });

/**
 * Rules across variables, checked whenever the variables they read are valid themselves, whatever
 * the others are: a refinement of the whole schema would run only once every variable parsed, so a
 * second bad variable used to hide this one.
 */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const timing = timingSchema.safeParse(env);
  if (!timing.success) return [];
  const { DUGOUT_HEARTBEAT_SECONDS: beat, DUGOUT_WORKER_TIMEOUT_SECONDS: timeout } = timing.data;
  if (timeout >= 3 * beat) return [];
  return [
    `DUGOUT_WORKER_TIMEOUT_SECONDS (${timeout}) must be at least three heartbeats (3 × DUGOUT_HEARTBEAT_SECONDS = ${3 * beat})`,
  ];
}

export const DEFAULT_STATSAPI_BASE_URL = 'https://statsapi.mlb.com/api';

/** The Chadwick Baseball Bureau register's zip archive of its default branch. */
export const DEFAULT_REGISTER_URL = 'https://github.com/chadwickbureau/register/archive/refs/heads/master.zip';

/**
 * Parse the environment once. Throws a {@link ConfigError} listing every invalid variable
 * (secrets are never echoed: the URL checks report the variable name only).
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  problems.push(...crossFieldProblems(env));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    readerUrl: e.DUGOUT_READER_URL,
    pgliteDir: e.DUGOUT_PGLITE_DIR && e.DUGOUT_PGLITE_DIR.trim() !== '' ? e.DUGOUT_PGLITE_DIR : './.dugout/pglite',
    statsapiBaseUrl: e.STATSAPI_BASE_URL ?? DEFAULT_STATSAPI_BASE_URL,
    maxRps: e.STATSAPI_MAX_RPS,
    concurrency: e.STATSAPI_CONCURRENCY,
    timeoutMs: e.STATSAPI_TIMEOUT_MS,
    maxAttempts: e.STATSAPI_MAX_ATTEMPTS,
    retryAfterCapMs: e.STATSAPI_RETRY_AFTER_CAP_MS,
    maxBodyBytes: e.STATSAPI_MAX_BODY_BYTES,
    sportIds: e.DUGOUT_SPORT_IDS,
    gameSource: e.DUGOUT_GAME_SOURCE,
    gameExtras: e.DUGOUT_GAME_EXTRAS,
    repollDays: e.DUGOUT_REPOLL_DAYS,
    workMaxAttempts: e.DUGOUT_WORK_MAX_ATTEMPTS,
    cursorOverlapMinutes: e.DUGOUT_CURSOR_OVERLAP_MINUTES,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    metricsPort: e.DUGOUT_METRICS_PORT,
    heartbeatSeconds: e.DUGOUT_HEARTBEAT_SECONDS,
    liveMinWaitSeconds: e.DUGOUT_LIVE_MIN_WAIT_SECONDS,
    live: e.DUGOUT_LIVE,
    workerTimeoutSeconds: e.DUGOUT_WORKER_TIMEOUT_SECONDS,
    hostName: e.DUGOUT_HOST_NAME,
    extractWorkers: e.DUGOUT_EXTRACT_WORKERS,
    syncCron: e.DUGOUT_SYNC_CRON,
    registerUrl: e.DUGOUT_REGISTER_URL ?? DEFAULT_REGISTER_URL,
    registerCron: e.DUGOUT_REGISTER_CRON,
  };
}
