/**
 * `true` when the promise fulfils within `ms`, else why not in one line (`no answer within N ms`,
 * or the error's first line). Never rejects; the timer does not keep the process alive.
 */
export async function withTimeout(p: Promise<unknown>, ms: number): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
    timer.unref();
  });
  try {
    return await Promise.race([p.then(() => true as const), timeout]);
  } catch (err) {
    return String((err as Error).message ?? err).split('\n')[0] ?? 'error';
  } finally {
    clearTimeout(timer);
  }
}
