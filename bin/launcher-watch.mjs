// Started through npm (`npx dugout daemon`, `npm run dugout -- sim`), dugout is a grandchild:
// npm exec → sh -c → node. A supervisor (systemd, a CI job, `kill PID`) signals only the process it
// started, npm: npm passes SIGTERM to its shell, which dies without passing it on, and node was left
// running with parent 1, still polling the API and holding the leader lock and the metrics port.
// So, when npm started it, dugout watches its parent and npm: when either goes away it stops as on
// SIGTERM (the game in hand is finished). Plain JavaScript: it runs before any TypeScript can.
import { readFileSync } from 'node:fs';

/** The parent of `pid` as /proc says, or undefined (no /proc, or the process is gone). */
export function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether npm (npx, npm exec, npm run) started this process: npm sets these in its children's environment. */
export function startedByNpm(env = process.env) {
  return typeof env.npm_command === 'string' && typeof env.npm_execpath === 'string';
}

/**
 * Call `onGone` once when the process that started this one (its parent, and the parent's parent
 * when npm sits there) is gone: polled every `intervalMs`, the timer never keeps the process alive.
 * Does nothing unless npm started this process (a `nohup node bin/dugout.mjs daemon &` keeps running
 * when its shell exits, as it should). Returns a function that stops watching.
 */
export function watchLauncher(onGone, { env = process.env, intervalMs = 1000 } = {}) {
  if (!startedByNpm(env)) return () => {};
  const parent = process.ppid;
  if (parent <= 1) return () => {};
  const grandparent = parentOf(parent);
  const timer = setInterval(() => {
    const gone =
      process.ppid !== parent || (grandparent !== undefined && grandparent > 1 && parentOf(parent) !== grandparent);
    if (!gone) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
