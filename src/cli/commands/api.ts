import type { Command } from 'commander';
import { getOperation, listOperations, type RegisteredOperation } from '../../api/index.js';
import { ParamError } from '../../errors.js';
import { createConfiguredClient } from '../../app/client.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';

const UNAVAILABLE = ['affiliates', 'allTeams'];

/** `dugout api --list` and `dugout api <operation> --<param> <value> …`: call any operation, print its JSON body. */
export function registerApi(program: Command, ctx: AppContext, _setExit: SetExit): void {
  program
    .command('api')
    .description('call any operation of the Stats API and print its JSON body (--list shows them all)')
    .usage('--list | <operation> [--<param> <value> ...]')
    .option('--list', 'list every operation with its path and parameters (* = required)')
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText(
      'after',
      "\nParameter names are the interface's, e.g.\n  dugout api boxscore --game_pk 744914\n  dugout api game.currentGameStats --updatedSince 2024-07-01T00:00:00Z --sportId 1\nLists take a comma string: --personIds 660271,545361\n",
    )
    .action(async (opts: { list?: boolean }, cmd: Command) => {
      if (opts.list) {
        ctx.out(formatList(listOperations()));
        return;
      }
      const { operation, params } = parseArgs(cmd.args);
      const op = getOperation(operation);
      const config = ctx.config();
      const log = ctx.log();
      const client = createConfiguredClient(config, log);
      client.urlByName(op.qualifiedName, params); // validate before anything else happens
      const res = await client.callByName(op.qualifiedName, params);
      ctx.out(res.text);
    });
}

/** Split `[operation, --name, value, --flag=value, …]` into the operation and its parameters. */
export function parseArgs(args: readonly string[]): { operation: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      operands.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const value: string | undefined = eq > 0 ? arg.slice(eq + 1) : args[i + 1];
    if (eq < 0) {
      if (value === undefined || value.startsWith('--')) throw new ParamError(`--${name} needs a value`);
      i++;
    }
    if (name === '') throw new ParamError(`unexpected "${arg}"`);
    if (name in params) throw new ParamError(`--${name} given twice (lists take a comma string: --${name} a,b)`);
    params[name] = value!;
  }
  if (operands.length === 0) throw new ParamError('name an operation (dugout api --list shows them)');
  if (operands.length > 1) throw new ParamError(`one operation at a time, got ${operands.join(', ')}`);
  return { operation: operands[0]!, params };
}

/** One line per operation: callable name, path, parameters (`*` = required). */
export function formatList(ops: readonly RegisteredOperation[]): string {
  const width = Math.max(...ops.map((o) => o.callName.length));
  const lines: string[] = [
    '# operation, path, parameters (* = required); a name used by two groups is called group.name',
  ];
  let group = '';
  for (const op of ops) {
    if (op.group !== group) {
      group = op.group;
      lines.push('', `[${group}]`);
    }
    const params = op.params.map(
      (d) => `--${d.name}${d.required ? '*' : ''} <${d.kind === 'array' ? `${d.items}[,…]` : d.specType}>`,
    );
    const same = op.aliasOf ? ` (= ${op.aliasOf})` : '';
    lines.push(`${op.callName.padEnd(width)}  ${op.path}${same}  ${params.join(' ')}`.trimEnd());
  }
  lines.push('', '[not available in this interface]', ...UNAVAILABLE);
  return lines.join('\n');
}
