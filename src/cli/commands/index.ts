import type { Command } from 'commander';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';
import { registerApi } from './api.js';
import { registerBackfill } from './backfill.js';
import { registerBench } from './bench.js';
import { registerCheck } from './check.js';
import { registerDaemon } from './daemon.js';
import { registerDemo } from './demo.js';
import { registerExport } from './export.js';
import { registerLive } from './live.js';
import { registerPregame } from './pregame.js';
import { registerMigrate } from './migrate.js';
import { registerReaderRole } from './reader-role.js';
import { registerRebuild } from './rebuild.js';
import { registerRetry } from './retry.js';
import { registerSim } from './sim.js';
import { registerSnapshot } from './snapshot.js';
import { registerSql } from './sql.js';
import { registerStatus } from './status.js';
import { registerSync } from './sync.js';

/** Every `dugout` command, in the order `--help` lists them. */
export function registerCommands(program: Command, ctx: AppContext, setExit: SetExit): void {
  registerMigrate(program, ctx);
  registerSync(program, ctx, setExit);
  registerLive(program, ctx, setExit);
  registerPregame(program, ctx, setExit);
  registerBackfill(program, ctx, setExit);
  registerSnapshot(program, ctx, setExit);
  registerDaemon(program, ctx);
  registerStatus(program, ctx, setExit);
  registerRetry(program, ctx);
  registerRebuild(program, ctx, setExit);
  registerCheck(program, ctx, setExit);
  registerSql(program, ctx, setExit);
  registerExport(program, ctx);
  registerReaderRole(program, ctx, setExit);
  registerApi(program, ctx, setExit);
  registerSim(program, ctx);
  registerDemo(program, ctx, setExit);
  registerBench(program, ctx);
}
