import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { describeError } from './errors.js';

export type { Logger } from 'pino';

/** Commands that run until stopped whose log is their output, on a terminal too. */
const SERVING_COMMANDS = new Set(['sim']);

/**
 * The level a command logs at. On a terminal a one-shot command shows a progress bar and prints
 * its summary, and the daemon one compact line per live pass and per run, so their log keeps only
 * what the user must act on (warnings and errors) unless LOG_LEVEL asks for more than `info`;
 * piped (cron, a file, a container, journald), the configured level stands.
 */
export function effectiveLogLevel(level: Config['logLevel'], isTty: boolean, command?: string): Config['logLevel'] {
  if (!isTty || level !== 'info' || (command !== undefined && SERVING_COMMANDS.has(command))) return level;
  return 'warn';
}

/**
 * Create the process logger: JSON lines on stderr (stdout is for results), pretty when stderr
 * is a TTY or LOG_PRETTY=1; on a terminal a one-shot command logs warnings and errors only
 * (`effectiveLogLevel`). Created once by the CLI and passed down; modules take a `log`
 * parameter and make children (`log.child({ runId })`).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  isTty = Boolean(process.stderr.isTTY),
  destination?: pino.DestinationStream,
  command?: string,
): Logger {
  const base = {
    level: effectiveLogLevel(config.logLevel, isTty, command),
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
        // One line per entry: a warning's fields follow its message instead of a line each.
        options: {
          destination: 2,
          colorize: isTty,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          singleLine: true,
        },
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
