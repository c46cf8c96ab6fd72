import { open } from 'node:fs/promises';
import { UsageError } from '../errors.js';

/**
 * The longest query text `dugout sql` reads, in bytes. The longest of the README's queries is
 * under 2 KB; an argument cannot hold more than 128 KiB (Linux's MAX_ARG_STRLEN), a file or
 * stdin can, and the parser's time and memory grow with the text.
 */
export const MAX_QUERY_BYTES = 1024 * 1024;

const tooLong = (where: string) =>
  new UsageError(`the query in ${where} is longer than ${MAX_QUERY_BYTES / 1024 / 1024} MiB: dugout sql refuses it`);

/**
 * The query text: the argument, or the file `--file` names, or standard input when either is `-`.
 * Exactly one of them; at most {@link MAX_QUERY_BYTES}.
 */
export async function readQueryText(
  query: string | undefined,
  file: string | undefined,
  stdin: AsyncIterable<Buffer | string>,
): Promise<string> {
  if ((query === undefined) === (file === undefined)) {
    throw new UsageError('give the query as an argument, or with --file FILE (either may be "-" for stdin)');
  }
  const source = query ?? file!;
  if (source === '-') return readBounded(stdin, 'stdin');
  if (query !== undefined) {
    if (Buffer.byteLength(query, 'utf8') > MAX_QUERY_BYTES) throw tooLong('the argument');
    return query;
  }
  return readFileBounded(file!);
}

async function readFileBounded(path: string): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    throw new UsageError(`cannot read --file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    // Read at most one byte past the limit whatever the file claims to hold (a FIFO claims nothing).
    return await readBounded(handle.createReadStream({ end: MAX_QUERY_BYTES, autoClose: false }), path);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read --file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  } finally {
    await handle.close();
  }
}

async function readBounded(input: AsyncIterable<Buffer | string>, where: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += bytes.length;
    if (size > MAX_QUERY_BYTES) throw tooLong(where);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
