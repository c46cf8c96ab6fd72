import type { z } from 'zod';
import type { RunDeps, RunResult } from '../src/pipeline/run.js';

/**
 * A job: a name, an optional cron schedule for `dugout daemon`, an args schema, and one call into
 * pipeline/. The daemon and the one-shot CLI commands run the same definitions.
 */
export interface JobDefinition<A = Record<string, unknown>, I = A> {
  name: string;
  description: string;
  /** node-cron expression (UTC) when the daemon runs it; none for on-demand jobs. */
  cron?: string;
  /** The arguments: `I` as given (defaults may be left out), `A` once parsed. */
  args: z.ZodType<A, I>;
  run(deps: RunDeps, args: A): Promise<RunResult<unknown>>;
}

/** A defined job: its definition, and a run from unparsed input for callers that hold jobs of every kind. */
export interface Job<A = Record<string, unknown>, I = A> extends JobDefinition<A, I> {
  /** Parse `input` with the job's own schema (defaults applied, a bad value throws), then run. */
  runWith(deps: RunDeps, input: unknown): Promise<RunResult<unknown>>;
}

/** A job of any argument type, as a catalogue holds it. */
export type AnyJob = Pick<Job, 'name' | 'description' | 'cron' | 'runWith'>;

export function defineJob<A, I>(job: JobDefinition<A, I>): Job<A, I> {
  return { ...job, runWith: (deps, input) => job.run(deps, job.args.parse(input)) };
}
