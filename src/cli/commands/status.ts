import type { Command } from 'commander';
import { type AlertCondition, NEW_FIELDS_DAYS, readStatus, statusAlerts } from '../../db/queries/status.js';
import { parseFailOn } from '../args.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';
import { formatTable } from '../table.js';
import { summarizeNewFields } from '../../db/queries/new-fields.js';

export function registerStatus(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('status')
    .description('show cursors, recent runs, the worklist backlog and dead letters')
    .option('--json', 'print machine-readable JSON')
    .option(
      '--fail-on <conditions>',
      'exit 1 when a condition holds: dead-letters (any dead work item), stale=<n><s|m|h|d> (no successful sync within it)',
      parseFailOn,
    )
    .action(async (opts: { json?: boolean; failOn?: AlertCondition[] }) => {
      const database = await ctx.database({ requireCurrent: true });
      const report = await readStatus(database.db, database.describe, 10, ctx.config().workerTimeoutSeconds);
      const alerts = statusAlerts(report, opts.failOn ?? [], new Date());
      for (const alert of alerts) process.stderr.write(`dugout: alert: ${alert}\n`);
      if (alerts.length) setExit(1);
      if (opts.json) {
        ctx.out(JSON.stringify({ ...report, alerts }, null, 2));
        return;
      }
      ctx.out(`database: ${report.database}\n`);
      const workers = report.workers.map((w) => ({
        host: w.host,
        pid: w.pid,
        command: w.command,
        started: w.startedAt.slice(0, 19),
        heartbeat: w.heartbeatAt.slice(0, 19),
        job: w.currentJob,
        run: w.currentRunId,
        leases: w.leases,
      }));
      ctx.out(`workers (alive):\n${workers.length ? formatTable(workers) : '  (none)'}\n`);
      if (report.lostWorkers.length) ctx.out(`workers lost in the last day:\n${formatTable(report.lostWorkers)}\n`);
      ctx.out(`cursors:\n${report.cursors.length ? formatTable(report.cursors) : '  (none yet)'}\n`);
      // Games, people, reference lists and snapshots in columns of their own: never one mixed count.
      const runs = report.runs.map((r) => ({
        run: r.runId,
        job: r.job,
        status: r.status,
        started: r.startedAt,
        finished: r.finishedAt,
        'games loaded': r.gamesLoaded,
        'games unchanged': r.gamesUnchanged,
        'games failed': r.gamesFailed,
        people: r.peopleLoaded,
        lists: r.listsLoaded,
        snapshots: r.snapshotsLoaded,
        'other failed': r.failed - r.gamesFailed,
        rejected: r.rejected,
        error: r.error,
      }));
      ctx.out(`recent runs:\n${runs.length ? formatTable(runs) : '  (none yet)'}\n`);
      ctx.out(`backlog (not done):\n${report.backlog.length ? formatTable(report.backlog) : '  (empty)'}\n`);
      ctx.out(`dead letters:\n${report.deadLetters.length ? formatTable(report.deadLetters) : '  (none)'}\n`);
      const { counts, shown, hidden } = summarizeNewFields(report.newFields);
      const fields = shown.map((f) => ({
        kind: f.bodyKind,
        path: f.path,
        'first seen': f.firstSeenAt,
        'last seen': f.lastSeenAt,
        'first in': f.firstKey,
        seen: f.seen,
      }));
      const summary = counts.map((c) => ({ kind: c.kind, recorded: c.recorded, 'counted, not recorded': c.overflow }));
      ctx.out(
        `new fields of the API (last ${NEW_FIELDS_DAYS} days):\n${
          fields.length
            ? `${formatTable(summary)}\n${formatTable(fields)}${hidden > 0 ? `\n  … and ${hidden} more (dugout status --json lists every one)` : ''}`
            : counts.length
              ? formatTable(summary)
              : '  (none)'
        }`,
      );
      // A reader that changed its own settings or password since reader-role: said, never an alert.
      for (const notice of report.readerRoleNotices) ctx.out(`note: ${notice}`);
    });
}
