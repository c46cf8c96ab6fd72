import type { Command } from 'commander';
import { rebuildJob } from '../../../jobs/rebuild.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';
import { runJobFromCli } from './run-job.js';
import { countOf } from '../run-summary.js';

export function registerRebuild(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('rebuild')
    .description(
      're-derive every mlb.* table and the history from the stored raw bodies and revisions, without a request',
    )
    .option('--json', 'print the run summary as JSON')
    .action(async (opts: { json?: boolean }) => {
      await runJobFromCli(
        ctx,
        setExit,
        rebuildJob,
        {},
        {
          ...opts,
          describe: (r) => {
            const n = (r.result ?? {}) as Record<string, number>;
            return (
              `rebuilt ${countOf(n.gameRows ?? 0, 'game')}, ${countOf(n.people ?? 0, 'person', 'people')}, ` +
              `${countOf(n.reference ?? 0, 'reference row')} and ${countOf(n.snapshots ?? 0, 'snapshot row')} from the stored bodies, ` +
              `the history of ${countOf(n.historyGames ?? 0, 'game')} from its revisions` +
              (n.revisionRejects
                ? ` (${countOf(n.revisionRejects, 'game')} rejected, rows kept: see ingest.rejects)`
                : '') +
              ', without a request'
            );
          },
        },
      );
    });
}
