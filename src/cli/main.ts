import { Command, CommanderError } from 'commander';
import { capError, DugoutError, describeError, redactSecrets, UsageError } from '../errors.js';
import { type AppContext, createAppContext } from '../app/context.js';
import { registerCommands } from './commands/index.js';
import { readVersion } from '../version.js';
import { installFatalGuard } from './fatal-guard.js';

/** Exit codes: 0 ok, 1 failed run, 2 bad usage. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A command's action sets this to report a failed run without throwing. */
export class ExitCode {
  constructor(readonly code: number) {}
}

/** Build the commander program. Commands read config and open the database only when they run. */
export function buildProgram(ctx: AppContext, setExit: (code: number) => void): Command {
  const program = new Command('dugout')
    .description('Load the MLB Stats API into a PostgreSQL warehouse.')
    .version(readVersion(), '-V, --version')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(`dugout: ${firstLine(s.replace(/^error: /, ''))}\n`),
    });
  registerCommands(program, ctx, setExit);
  program.commands.forEach((c) => {
    c.exitOverride();
    c.showSuggestionAfterError(true);
    c.configureOutput({
      outputError: (s, write) => write(`dugout ${c.name()}: ${firstLine(s.replace(/^error: /, ''))}\n`),
    });
  });
  return program;
}

/** Run the CLI; resolves to the process exit code. */
export async function main(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const ctx = createAppContext(env);
  const guard = installFatalGuard({
    log: () => {
      try {
        return ctx.log();
      } catch {
        return undefined;
      }
    },
    database: () => ctx.openedDatabase(),
    host: () => {
      try {
        return ctx.config().hostName;
      } catch {
        return undefined;
      }
    },
  });
  ctx.guard = guard;
  let exitCode = EXIT_OK;
  const program = buildProgram(ctx, (code) => {
    exitCode = Math.max(exitCode, code);
  });
  try {
    if (argv.length <= 2) {
      program.outputHelp({ error: true });
      return EXIT_USAGE;
    }
    await program.parseAsync(argv);
    return exitCode;
  } catch (err) {
    return reportError(err, ctx);
  } finally {
    await ctx.close().catch(() => {});
    guard.uninstall();
  }
}

function reportError(err: unknown, ctx: AppContext): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return EXIT_OK;
    }
    return EXIT_USAGE; // commander already printed one line
  }
  if (err instanceof UsageError) {
    process.stderr.write(`dugout: ${err.message}\n`);
    return EXIT_USAGE;
  }
  if (err instanceof ExitCode) return err.code;
  // A DugoutError's message is written for the user; anything else (a driver error) is reduced
  // to its cause: SQLSTATE and message, never the statement's parameters; capped and redacted.
  const message = err instanceof DugoutError ? capError(redactSecrets(err.message)) : describeError(err);
  try {
    ctx.log().error({ err }, 'command failed');
  } catch {
    // config itself may be what failed
  }
  process.stderr.write(`dugout: ${firstLine(message)}\n`);
  return EXIT_FAILED;
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}
