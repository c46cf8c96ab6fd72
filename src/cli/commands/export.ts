import { type Command, InvalidArgumentError } from 'commander';
import { checkExportFolder, exportTableName, MAX_EXPORT_TABLES, runExportParquet } from '../../../jobs/export.js';
import type { AppContext } from '../../app/context.js';
import { parseSeason } from '../args.js';
import { countOf } from '../run-summary.js';

/** commander argParser for `--tables games,plays`: bare names, as the export job checks them. */
export function parseTableList(value: string): string[] {
  const parts = [...new Set(value.split(',').map((s) => s.trim()))];
  if (parts.length > MAX_EXPORT_TABLES || parts.some((p) => !exportTableName.safeParse(p).success))
    throw new InvalidArgumentError(`"${value}" is not a comma list of table names (games,plays,season_batting…)`);
  return parts;
}

export function registerExport(program: Command, ctx: AppContext): void {
  const exp = program.command('export').description('write the warehouse out for other engines');
  exp
    .command('parquet')
    .description(
      'every mlb table and the analytics views as Parquet files, one folder per table, season=YYYY partitions, with _manifest.json; a re-export rewrites only the seasons that changed',
    )
    .requiredOption('--out <dir>', 'the export folder: new, empty, or a previous export (created when missing)')
    .option(
      '--season <year>',
      'only this season of the partitioned tables (the others are left as they are)',
      parseSeason,
    )
    .option('--tables <list>', 'only these tables, by bare name: games,plays,season_batting…', parseTableList)
    .action(async (opts: { out: string; season?: number; tables?: string[] }) => {
      checkExportFolder(opts.out);
      const database = await ctx.database({ requireCurrent: true });
      const r = await runExportParquet(database, opts, ctx.log());
      ctx.out(
        `exported ${countOf(r.tables, 'table')} to ${r.out}: wrote ${countOf(r.written, 'file')} ` +
          `(${countOf(r.rowsWritten, 'row')}, ${formatBytes(r.bytesWritten)}), ${r.unchanged} unchanged, ${r.removed} removed` +
          (r.empty.length ? `; empty, a file of the schema and no rows: ${r.empty.join(', ')}` : ''),
      );
    });
}

function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} bytes`;
}
