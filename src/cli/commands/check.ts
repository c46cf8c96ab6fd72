import type { Command } from 'commander';
import { checkJob } from '../../../jobs/check.js';
import type { CheckResult } from '../../db/queries/checks.js';
import type { AppContext } from '../../app/context.js';
import { createRuntime } from '../../app/runtime.js';
import { formatTable } from '../table.js';
import type { SetExit } from '../exit.js';

export function registerCheck(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('check')
    .description('reconciliation checks; prints each with its violations and first examples; exit 1 when any fails')
    .option('--json', 'print the results as JSON')
    .action(async (opts: { json?: boolean }) => {
      const runtime = await createRuntime(ctx, { readOnly: true });
      try {
        const run = await checkJob.run(runtime.deps, {});
        const checks = ((run.result as { checks?: CheckResult[] } | undefined)?.checks ?? []) as CheckResult[];
        if (opts.json) ctx.out(JSON.stringify({ runId: run.runId, status: run.status, checks }, null, 2));
        else ctx.out(formatChecks(checks));
        if (run.status !== 'succeeded') setExit(1);
      } finally {
        await runtime.dispose();
      }
    });
}

export function formatChecks(checks: CheckResult[]): string {
  const lines: string[] = [];
  for (const c of checks) {
    lines.push(
      `${c.passed ? 'PASS' : 'FAIL'}  ${c.name}: ${c.violations} violation${c.violations === 1 ? '' : 's'} — ${c.description}`,
    );
    if (c.examples.length) lines.push(indent(formatTable(c.examples)));
  }
  // Several checks skip the same season: say it once.
  for (const notice of new Set(checks.flatMap((c) => c.notices ?? []))) lines.push(`note: ${notice}`);
  const failed = checks.filter((c) => !c.passed).length;
  lines.push(failed ? `${failed} of ${checks.length} checks failed` : `all ${checks.length} checks passed`);
  return lines.join('\n');
}

function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
}
