import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import { describeError } from '../errors.js';

export interface ScheduledJob {
  name: string;
  /** node-cron expression, evaluated in UTC. */
  cron: string;
  run(signal: AbortSignal): Promise<void>;
}

export interface Scheduler {
  /** Resolves when the scheduler has stopped and the job in hand (if any) has finished. */
  stopped: Promise<void>;
  /** Run a job now (outside its schedule), respecting the one-at-a-time rule. */
  runNow(name: string): Promise<boolean>;
}

/**
 * Schedule jobs in-process with node-cron. Runs never overlap: a tick that finds any job still
 * running is skipped and logged (node-cron `noOverlap` only guards one task against itself). Work
 * state lives in Postgres, so a skipped or missed tick is caught up by the next run. When `signal`
 * aborts (SIGTERM), no new run starts, the running job is told to stop after the item in hand, and
 * `stopped` resolves once it has.
 */
export function startScheduler(jobs: ScheduledJob[], log: Logger, signal: AbortSignal): Scheduler {
  let running: Promise<void> | undefined;
  let runningName: string | undefined;
  const tasks: ScheduledTask[] = [];

  const runJob = async (job: ScheduledJob): Promise<boolean> => {
    if (signal.aborted) return false;
    if (running) {
      log.info({ job: job.name, running: runningName }, 'tick skipped: another run is in progress');
      return false;
    }
    runningName = job.name;
    running = job
      .run(signal)
      .catch((err) => log.error({ job: job.name, err: describeError(err) }, 'scheduled run failed'))
      .finally(() => {
        running = undefined;
        runningName = undefined;
      });
    await running;
    return true;
  };

  for (const job of jobs) {
    tasks.push(cron.schedule(job.cron, () => runJob(job), { name: job.name, timezone: 'UTC', noOverlap: true }));
    log.info({ job: job.name, cron: job.cron }, 'job scheduled');
  }

  const stopped = new Promise<void>((resolve) => {
    const stop = async () => {
      for (const t of tasks) await t.stop();
      if (running) {
        log.info({ job: runningName }, 'waiting for the run in hand to finish');
        await running;
      }
      resolve();
    };
    if (signal.aborted) void stop();
    else signal.addEventListener('abort', () => void stop(), { once: true });
  });

  return {
    stopped,
    runNow: (name) => {
      const job = jobs.find((j) => j.name === name);
      return job ? runJob(job) : Promise.resolve(false);
    },
  };
}
