import type { Command } from 'commander';
import { DEFAULT_MAX_PEOPLE, DEFAULT_PAGE_SIZE, snapshotJob } from '../../../jobs/snapshot.js';
import { UsageError } from '../../errors.js';
import { snapshotNames } from '../../pipeline/load/snapshots.js';
import { parseDateFlag, parseMaxPeople, parsePageSize, parseSeason } from '../args.js';
import type { AppContext } from '../../app/context.js';
import type { RegisterResult } from '../../pipeline/register/load.js';
import type { SetExit } from '../exit.js';
import { runJobFromCli } from './run-job.js';
import { registerJob } from '../../../jobs/register.js';

/** The snapshots `dugout snapshot` takes: the catalogue's, and the Chadwick register. */
const names = () => [...snapshotNames(), 'register'];

export function registerSnapshot(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('snapshot')
    .description(
      `fetch one snapshot of the catalogue (${snapshotNames().join(', ')}) and keep its history, or load the Chadwick register (register)`,
    )
    .argument('<name>', names().join(' | '))
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
    .option('--from <PATH>', 'register: a local folder or zip of the register instead of DUGOUT_REGISTER_URL')
    .option('--allow-shrink', 'register: load it even with fewer than half the rows of the one in force')
    .option('--json', 'print the run summary as JSON')
    .action(
      async (
        name: string,
        opts: {
          date?: string;
          season?: number;
          pageSize?: number;
          maxPeople?: number;
          from?: string;
          allowShrink?: boolean;
          json?: boolean;
        },
      ) => {
        if (!names().includes(name)) throw new UsageError(`unknown snapshot "${name}"; one of ${names().join(', ')}`);
        if (name === 'register') {
          await runJobFromCli(
            ctx,
            setExit,
            registerJob,
            { from: opts.from, allowShrink: opts.allowShrink ?? false },
            { json: opts.json, describe: describeRegister },
          );
          return;
        }
        if (opts.from !== undefined || opts.allowShrink) {
          throw new UsageError('--from and --allow-shrink are for "dugout snapshot register" only');
        }
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

/** A register run in words: rows loaded, set aside, changed (its data is the Chadwick Baseball Bureau's). */
function describeRegister(result: { result: unknown }): string {
  const r = result.result as RegisterResult | undefined;
  if (!r) return 'nothing loaded';
  return `${r.loaded} people's ids loaded from ${r.files} file(s) of ${r.source} (${r.rejected} rejected, ${r.changes} key change(s) kept); register data: Chadwick Baseball Bureau, ODC-By 1.0`;
}
