import cliProgress from 'cli-progress';
import type { Logger } from 'pino';
import type { ProgressSink } from '../pipeline/context.js';

/** How often a progress log line is written when stderr is not a terminal. */
const LOG_EVERY_MS = 5_000;

/**
 * Progress of a long drain: a bar with count, rate and ETA on a TTY (stderr), otherwise a
 * structured log line every few seconds.
 */
export function createProgress(
  label: string,
  log: Logger,
  isTty = Boolean(process.stderr.isTTY) && !process.env.CI,
): ProgressSink {
  let started = 0;
  let bar: cliProgress.SingleBar | undefined;
  let lastLog = 0;
  return {
    start(total) {
      started = Date.now();
      if (isTty && total > 0) {
        bar = new cliProgress.SingleBar(
          {
            format: `${label} [{bar}] {value}/{total} items | {rate}/s | ETA {eta_formatted}`,
            stream: process.stderr,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0, { rate: '0.0' });
      }
    },
    update(done, total) {
      const secs = (Date.now() - started) / 1000;
      const rate = secs > 0 ? done / secs : 0;
      if (bar) {
        bar.setTotal(total);
        bar.update(done, { rate: rate.toFixed(1) });
        return;
      }
      if (Date.now() - lastLog >= LOG_EVERY_MS || done === total) {
        lastLog = Date.now();
        const etaS = rate > 0 ? Math.round((total - done) / rate) : null;
        log.info({ done, total, rate: Number(rate.toFixed(2)), etaS }, `${label} progress`);
      }
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
    note(line) {
      bar?.stop();
      bar = undefined;
      if (isTty) process.stderr.write(`${line}\n`);
      else log.info(line);
    },
  };
}
