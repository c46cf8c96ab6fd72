import { Command, CommanderError } from 'commander';
import { ApiUnreachableError, capError, DugoutError, describeError, redactSecrets, UsageError } from '../errors.js';
import { type AppContext, createAppContext } from '../app/context.js';
import { registerCommands } from './commands/index.js';
import type { SetExit } from './exit.js';
import { readVersion } from '../version.js';
import { installFatalGuard } from '../app/fatal-guard.js';
import { connectionTarget } from '../db/connection.js';

/** Exit codes: 0 ok, 1 failed run, 2 bad usage. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A command's action sets this to report a failed run without throwing. */
export class ExitCode {
  constructor(readonly code: number) {}
}

/** Build the commander program. Commands read config and open the database only when they run. */
export function buildProgram(ctx: AppContext, setExit: SetExit): Command {
  const program = new Command('dugout')
    .description('Load the MLB Stats API into a PostgreSQL warehouse.')
    .version(readVersion(), '-V, --version')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(`dugout: ${usageLine(s)}\n`),
    });
  registerCommands(program, ctx, setExit);
  program.hook('preAction', (_program, action) => {
    ctx.command = action.name();
  });
  program.commands.forEach((c) => {
    c.exitOverride();
    c.showSuggestionAfterError(true);
    c.configureOutput({
      outputError: (s, write) => write(`dugout ${c.name()}: ${usageLine(s)}\n`),
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
  let failure: string | undefined;
  try {
    if (argv.length <= 2) {
      program.outputHelp({ error: true });
      return EXIT_USAGE;
    }
    await program.parseAsync(argv);
    return exitCode;
  } catch (err) {
    const reported = reportError(err, ctx);
    failure = reported.line;
    return reported.code;
  } finally {
    await ctx.close().catch(() => {});
    guard.uninstall();
    // Written last, after whatever closing logged (a heartbeat that failed meanwhile, say): the
    // cause is the final line on stderr.
    if (failure !== undefined) process.stderr.write(`dugout: ${failure}\n`);
  }
}

/** The exit code of a failed command, and the one line to end its stderr with (none when already printed). */
function reportError(err: unknown, ctx: AppContext): { code: number; line?: string } {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return { code: EXIT_OK };
    }
    return { code: EXIT_USAGE }; // commander already printed one line
  }
  if (err instanceof UsageError) return { code: EXIT_USAGE, line: err.message };
  if (err instanceof ExitCode) return { code: err.code };
  const tls = tlsRefused(err, ctx);
  if (tls) return { code: EXIT_FAILED, line: tls };
  // A DugoutError's message is written for the user; anything else (a driver error) is reduced
  // to its cause: SQLSTATE and message, never the statement's parameters; capped and redacted.
  const message = err instanceof DugoutError ? capError(redactSecrets(err.message)) : describeError(err);
  // An API out of reach ended a run, whose own last log line already carries it.
  if (!(err instanceof ApiUnreachableError)) {
    try {
      ctx.log().error({ err }, 'command failed');
    } catch {
      // config itself may be what failed
    }
  }
  return { code: EXIT_FAILED, line: firstLine(message) };
}

/** Commander's usage error as one line, its suggestion kept: `unknown command 'backfil' (did you mean backfill?)`. */
export function usageLine(s: string): string {
  const text = s.replace(/^error: /, '');
  const suggestion = /\(Did you mean (.+?)\?\)/.exec(text)?.[1];
  const first = firstLine(text);
  // Kept unless the first line already says it (`--seasons` contains `--season`: test the phrase, not the name).
  return suggestion && !/did you mean/i.test(first) ? `${first} (did you mean ${suggestion}?)` : first;
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}

/**
 * A TLS handshake the server cut short (Node says only "Client network socket disconnected before
 * secure TLS connection was established", naming no host): in one line with the database's
 * address and the likely cause. Undefined for anything else.
 */
function tlsRefused(err: unknown, ctx: AppContext): string | undefined {
  let found = false;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (/before secure TLS connection was established/.test(String((e as { message?: unknown }).message))) found = true;
  if (!found) return undefined;
  let url: string | undefined;
  try {
    url = ctx.config().databaseUrl;
  } catch {
    return undefined;
  }
  if (!url) return undefined;
  const mode = new URL(url).searchParams.getAll('sslmode').at(-1) ?? 'prefer';
  return (
    `cannot connect to the database at ${connectionTarget(url).address} with TLS (sslmode=${mode}): ` +
    'the connection closed during the TLS handshake; the server may not offer TLS (enable ssl on it, or set sslmode=disable on a trusted network)'
  );
}
