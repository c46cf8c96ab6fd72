import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run the real `dugout` CLI as a child process. */
export function runCli(
  args: string[],
  opts: {
    env?: Record<string, string | undefined>;
    timeoutMs?: number;
    cwd?: string;
    onSpawn?: (pid: number) => void;
    /** Written to the child's stdin, then closed (otherwise stdin is /dev/null). */
    input?: string;
    /** Called with each chunk of stdout as it arrives (a server's banner, say). */
    onStdout?: (chunk: string) => void;
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, LOG_LEVEL: 'warn', ...opts.env })) {
      if (v !== undefined) env[k] = v;
    }
    delete env.DATABASE_URL;
    if (opts.env?.DATABASE_URL) env.DATABASE_URL = opts.env.DATABASE_URL;
    const child = spawn(process.execPath, [`${REPO_ROOT}/bin/dugout.mjs`, ...args], {
      cwd: opts.cwd ?? REPO_ROOT,
      env,
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (child.pid) opts.onSpawn?.(child.pid);
    if (opts.input !== undefined) child.stdin!.end(opts.input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
      opts.onStdout?.(String(d));
    });
    child.stderr!.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Run the CLI's `main` in this process with `env` as its environment, capturing what it writes
 * through process.stdout and process.stderr: for behaviour where the process boundary is not the
 * point (help text, usage errors), without starting Node for each case. Its result is what the
 * launcher sets as the exit code. Log lines (written to fd 2 directly) are not captured: use
 * {@link runCli} where they matter, and for signals, exit codes of a real process and stdin.
 */
export async function runCliInProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<Omit<CliResult, 'signal'>> {
  const { main } = await import('../../src/cli/main.js');
  let stdout = '';
  let stderr = '';
  const write = { out: process.stdout.write, err: process.stderr.write };
  const capture = (append: (s: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture((s) => (stdout += s));
  process.stderr.write = capture((s) => (stderr += s));
  try {
    const code = await main(['node', 'dugout', ...args], { LOG_LEVEL: 'warn', ...env });
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
}

/** Poll `check` until it holds (an error counts as not yet), or fail naming `what`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A long-running `dugout` child (a daemon) a test can signal: its stderr so far and its exit. */
export function spawnCli(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const full: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, LOG_LEVEL: 'warn', ...env })) if (v !== undefined) full[k] = v;
  const child = spawn(process.execPath, [`${REPO_ROOT}/bin/dugout.mjs`, ...args], {
    cwd: REPO_ROOT,
    env: full,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stderr: () => err, exited };
}
