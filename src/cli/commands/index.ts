import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { registerMigrate } from './migrate.js';
import { registerStatus } from './status.js';

export type SetExit = (code: number) => void;

/** Every `dugout` command, in the order `--help` lists them. */
export function registerCommands(program: Command, ctx: CliContext, setExit: SetExit): void {
  registerMigrate(program, ctx);
  registerStatus(program, ctx, setExit);
}
