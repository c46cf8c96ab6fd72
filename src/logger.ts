import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { describeError } from './errors.js';

export type { Logger } from 'pino';

/**
 * Create the process logger: JSON lines on stderr (stdout is for results), pretty when stderr
 * is a TTY or LOG_PRETTY=1. Created once by the CLI and passed down; modules take a `log`
 * parameter and make children (`log.child({ runId })`).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  isTty = Boolean(process.stderr.isTTY),
  destination?: pino.DestinationStream,
): Logger {
  const base = {
    level: config.logLevel,
    base: { pid: process.pid },
    // Secrets never reach a log line: known secret keys are censored, and an error is logged as
    // its one capped line (driver errors quote statements with their bound parameters, whole
    // bodies, and URLs may carry credentials).
    redact: { paths: REDACTED_PATHS, censor: '***' },
    serializers: { err: serializeError, error: serializeError },
  };
  if (destination) return pino(base, destination);
  if (config.logPretty || isTty) {
    return pino({
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { destination: 2, colorize: isTty, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
      },
    });
  }
  return pino(base, pino.destination({ fd: 2, sync: true }));
}

const REDACTED_PATHS = [
  'password',
  '*.password',
  'databaseUrl',
  '*.databaseUrl',
  'DATABASE_URL',
  '*.DATABASE_URL',
  'headers.authorization',
  '*.headers.authorization',
];

function serializeError(err: unknown): unknown {
  if (typeof err === 'string') return describeError(err);
  if (err instanceof Error || (err && typeof err === 'object')) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' ? { message: describeError(err), code } : { message: describeError(err) };
  }
  return err;
}

/** A logger that drops everything; for tests and library callers that pass none. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
