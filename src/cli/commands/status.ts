import type { Command } from 'commander';
import { readStatus } from '../../pipeline/status.js';
import type { CliContext } from '../context.js';
import { formatTable } from '../table.js';

export function registerStatus(program: Command, ctx: CliContext): void {
  program
    .command('status')
    .description('show cursors, recent runs, the worklist backlog and dead letters')
    .option('--json', 'print machine-readable JSON')
    .action(async (opts: { json?: boolean }) => {
      const database = await ctx.database({ migrate: true });
      const report = await readStatus(database.db, database.describe);
      if (opts.json) {
        ctx.out(JSON.stringify(report, null, 2));
        return;
      }
      ctx.out(`database: ${report.database}\n`);
      ctx.out(`cursors:\n${report.cursors.length ? formatTable(report.cursors) : '  (none yet)'}\n`);
      ctx.out(`recent runs:\n${report.runs.length ? formatTable(report.runs) : '  (none yet)'}\n`);
      ctx.out(`backlog (not done):\n${report.backlog.length ? formatTable(report.backlog) : '  (empty)'}\n`);
      ctx.out(`dead letters:\n${report.deadLetters.length ? formatTable(report.deadLetters) : '  (none)'}`);
    });
}
