import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of a PostgreSQL server that runs on this host, read from Linux's /proc: every process
 * of the server (its postmaster and the postmaster's children: backends, WAL writer, checkpointer,
 * autovacuum workers). The benchmark prints it beside dugout's own CPU, because on a small machine
 * the two share the cores and together bound how fast a load can go.
 */
export interface ServerCpuSampler {
  /** Stop sampling; the server's CPU seconds since the start (processes that came and went count). */
  stop(): number;
}

/** Linux reports a process's times in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  comm: string;
  ppid: number;
  /** user + system CPU, seconds. */
  cpuS: number;
}

/** One process's /proc/<pid>/stat (comm may hold spaces and parentheses: fields follow the last ')'). */
export function parseProcStat(text: string): ProcStat | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const fields = text.slice(close + 2).split(' ');
  // After comm: state(3) ppid(4) … utime(14) stime(15), numbered from 1 as in proc(5).
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(ppid) || !Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return { comm: text.slice(open + 1, close), ppid, cpuS: (utime + stime) / TICKS_PER_SECOND };
}

function readStat(procDir: string, pid: number | string): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`${procDir}/${pid}/stat`, 'latin1'));
  } catch {
    return undefined;
  }
}

/**
 * Whether a connection URL names a server on this host, by a loopback address or by no host at all
 * (a Unix socket): only then can a backend's pid be looked up here (a pid from another host could be
 * any local process's).
 */
export function isLocalServerUrl(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The server's processes: the postmaster and its children, from the postmaster's `children` file
 * (one read); where the kernel has no such file, every process (the caller keeps the children).
 */
function serverPids(procDir: string, postmaster: number): string[] {
  try {
    const children = readFileSync(`${procDir}/${postmaster}/task/${postmaster}/children`, 'latin1');
    return [String(postmaster), ...children.split(' ').filter((p) => /^\d+$/.test(p))];
  } catch {
    try {
      return readdirSync(procDir).filter((p) => /^\d+$/.test(p));
    } catch {
      return [];
    }
  }
}

/** A process's CPU seconds so far (user + system), if it is a process on this host. */
export function processCpuSeconds(pid: number, procDir = '/proc'): number | undefined {
  return readStat(procDir, pid)?.cpuS;
}

/**
 * The postmaster of the server a backend with this pid belongs to, if that backend is a process
 * here: a `postgres` process whose parent is one too. Undefined for a server elsewhere (another
 * host, a container), whose pid means nothing here.
 */
export function findPostmaster(backendPid: number, procDir = '/proc'): number | undefined {
  const backend = readStat(procDir, backendPid);
  if (backend?.comm !== 'postgres') return undefined;
  const parent = readStat(procDir, backend.ppid);
  return parent?.comm === 'postgres' ? backend.ppid : undefined;
}

/**
 * Sample the CPU of the server whose postmaster is `postmaster` every `intervalMs` until stopped
 * (a handful of small reads each time: the benchmark runs it beside the work it measures).
 * A process's share is its CPU at its last sample minus its CPU at the first sample (zero for one
 * that started meanwhile), so a backend that lived within the interval counts whole, up to its last
 * `intervalMs` if it exited between samples.
 */
export function sampleServerCpu(postmaster: number, intervalMs = 200, procDir = '/proc'): ServerCpuSampler {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  let started = false;
  const sample = () => {
    for (const pid of serverPids(procDir, postmaster)) {
      const st = readStat(procDir, pid);
      if (!st || (Number(pid) !== postmaster && st.ppid !== postmaster)) continue;
      if (!first.has(pid)) first.set(pid, started ? 0 : st.cpuS);
      last.set(pid, st.cpuS);
    }
    started = true;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, cpu] of last) total += cpu - (first.get(pid) ?? 0);
      return total;
    },
  };
}
