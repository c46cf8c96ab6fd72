import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger } from 'pino';

/**
 * Create the process logger: JSON lines on stderr (stdout is for results), pretty when stderr
 * is a TTY or LOG_PRETTY=1. Created once by the CLI and passed down; modules take a `log`
 * parameter and make children (`log.child({ runId })`).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>, isTty = Boolean(process.stderr.isTTY)): Logger {
  const base = { level: config.logLevel, base: { pid: process.pid } };
  if (config.logPretty || isTty) {
    return pino({
      ...base,
      transport: { target: 'pino-pretty', options: { destination: 2, colorize: isTty, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
    });
  }
  return pino(base, pino.destination({ fd: 2, sync: true }));
}

/** A logger that drops everything; for tests and library callers that pass none. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
