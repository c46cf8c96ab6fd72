import type { Command } from 'commander';
import { DEFAULT_MAX_PEOPLE, DEFAULT_PAGE_SIZE, snapshotJob } from '../../../jobs/snapshot.js';
import { UsageError } from '../../errors.js';
import { snapshotNames } from '../../pipeline/load/snapshots.js';
import { parseDateFlag, parseMaxPeople, parsePageSize, parseSeason } from '../args.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from './index.js';
import { runJobFromCli } from './run-job.js';

export function registerSnapshot(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('snapshot')
    .description(`fetch one snapshot of the catalogue (${snapshotNames().join(', ')}) and keep its history`)
    .argument('<name>', snapshotNames().join(' | '))
    .option('--date <YYYY-MM-DD>', 'the day the snapshot describes (default today, UTC)', parseDateFlag)
    .option('--season <YYYY>', "the season (default the date's year)", parseSeason)
    .option(
      '--page-size <N>',
      `splits per request of a paged snapshot (stats; default ${DEFAULT_PAGE_SIZE})`,
      parsePageSize,
    )
    .option(
      '--max-people <N>',
      `people whose awards one run fetches at most (awards; default ${DEFAULT_MAX_PEOPLE})`,
      parseMaxPeople,
    )
    .option('--json', 'print the run summary as JSON')
    .action(
      async (
        name: string,
        opts: { date?: string; season?: number; pageSize?: number; maxPeople?: number; json?: boolean },
      ) => {
        if (!snapshotNames().includes(name))
          throw new UsageError(`unknown snapshot "${name}"; one of ${snapshotNames().join(', ')}`);
        await runJobFromCli(
          ctx,
          setExit,
          snapshotJob,
          { name, date: opts.date, season: opts.season, pageSize: opts.pageSize, maxPeople: opts.maxPeople },
          { json: opts.json },
        );
      },
    );
}
