import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * Record a V8 CPU profile of `run` (this process's main thread) into `dir/<name>.cpuprofile` (the
 * directory made if missing), for Chrome DevTools or speedscope; without a directory, just run it.
 */
export async function withCpuProfile<T>(dir: string | undefined, name: string, run: () => Promise<T>): Promise<T> {
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
