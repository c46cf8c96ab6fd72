import type { z } from 'zod';
import type { EngineDeps, RunResult } from '../src/pipeline/engine.js';

/**
 * A job: a name, an optional cron schedule for `dugout daemon`, an args schema, and one call into
 * pipeline/. The daemon and the one-shot CLI commands run the same definitions.
 */
export interface JobDefinition<A = Record<string, unknown>> {
  name: string;
  description: string;
  /** node-cron expression (UTC) when the daemon runs it; none for on-demand jobs. */
  cron?: string;
  args: z.ZodType<A>;
  run(deps: EngineDeps, args: A): Promise<RunResult<unknown>>;
}

export function defineJob<A>(job: JobDefinition<A>): JobDefinition<A> {
  return job;
}
