import type { JobDefinition } from '../../../jobs/types.js';
import { ApiUnreachableError, RegisterError } from '../../errors.js';
import type { RunResult } from '../../pipeline/run.js';
import type { AppContext } from '../../app/context.js';
import { createRuntime } from '../../app/runtime.js';
import type { SetExit } from '../exit.js';
import { describeRunWork } from '../run-summary.js';

/** Run a job once from the CLI: print its summary on stdout, exit 1 unless it succeeded. */
export async function runJobFromCli<A, I>(
  ctx: AppContext,
  setExit: SetExit,
  job: JobDefinition<A, I>,
  args: I,
  opts: {
    now?: Date;
    json?: boolean;
    progress?: boolean;
    /** What the run did, when the counts do not say it (a rebuild loads nothing). Default: the counts in words. */
    describe?: (result: RunResult<unknown>) => string;
    /** Lines to print after the summary (plain output only), e.g. that a season has no games. */
    notes?: (result: RunResult<unknown>) => string[];
    /** Print the notes first and the run's line last (a plan: its lines, then what it came to). */
    summaryLast?: boolean;
  } = {},
): Promise<RunResult<unknown>> {
  const runtime = await createRuntime(ctx, {
    now: opts.now,
    progressLabel: opts.progress === false ? undefined : job.name,
    command: job.name,
  });
  try {
    const result = await job.run(runtime.deps, job.args.parse(args));
    // No way to the API at all: the run is recorded as failed, and its one line is the command's.
    // An unreadable register likewise: nothing was loaded, and its one line says why.
    if (result.error instanceof ApiUnreachableError || result.error instanceof RegisterError) throw result.error;
    const summary = {
      runId: result.runId,
      job: job.name,
      status: result.status,
      ...result.counts,
      result: result.result,
    };
    const head = `${job.name} run ${result.runId} ${result.status}: ${opts.describe?.(result) ?? describeRunWork(result.counts)}`;
    const notes = opts.notes?.(result) ?? [];
    ctx.out(
      opts.json
        ? JSON.stringify(summary, null, 2)
        : (opts.summaryLast ? [...notes, head] : [head, ...notes]).join('\n'),
    );
    if (result.status !== 'succeeded') setExit(1);
    const incomplete = (result.result as { incomplete?: { pending: number; dead: number } } | undefined)?.incomplete;
    if (incomplete && incomplete.pending + incomplete.dead > 0) {
      process.stderr.write(
        `dugout: ${job.name} ${result.status}: ${incomplete.pending} game(s) still pending and ${incomplete.dead} dead in the range; ` +
          `run the same ${job.name} again later${incomplete.dead ? ' (after "dugout retry" for the dead ones)' : ''}\n`,
      );
    }
    if (result.error) ctx.log().error({ err: result.error }, `${job.name} failed`);
    return result;
  } finally {
    await runtime.dispose();
  }
}
