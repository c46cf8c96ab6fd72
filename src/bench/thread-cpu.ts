import { readFileSync } from 'node:fs';

/**
 * This thread's CPU time in milliseconds, from Linux's per-thread scheduler statistics
 * (`/proc/thread-self/schedstat`, nanoseconds on the CPU); undefined where the system does not
 * give it. The figure advances at the scheduler's ticks, so one short span may read 0: a sum over
 * many spans is what it is for (the benchmark's time of a stage done per body), unlike a span's
 * wall time, which also counts the time the thread waited for a core.
 */
export function threadCpuMs(): number | undefined {
  if (!available) return undefined;
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {}
  available = false;
  return undefined;
}

let available = process.platform === 'linux';
