import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RegisterError } from '../../errors.js';
import { openZipEntry, readZipDirectory } from '../../extract/register/zip.js';

/**
 * Where a register load reads `people-*.csv` files from: the register's zip archive fetched from a
 * URL (saved to a temporary file, then read entry by entry), a local zip, or a local folder (a
 * checkout of the register, its `data` folder, or any folder of people files).
 */

/** Bounds on what one load reads: the whole real register is ≈ 67 MB in 16 files, ≈ 516,000 rows. */
export interface RegisterLimits {
  /** Bytes of the archive downloaded or read. */
  archiveBytes: number;
  /** Bytes of one people file (inflated). */
  fileBytes: number;
  /** Rows of all files together. */
  rows: number;
  /** Characters of one record. */
  recordChars: number;
}

export const DEFAULT_REGISTER_LIMITS: RegisterLimits = {
  archiveBytes: 512 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
  rows: 4_000_000,
  recordChars: 64 * 1024,
};

/** One people file of a source. */
export interface RegisterFile {
  name: string;
  open(): Promise<NodeJS.ReadableStream>;
}

export interface RegisterSource {
  /** What `mlb.person_ids.source` records: the URL, or the local path as given. */
  description: string;
  files: RegisterFile[];
  /** Remove what the source left on disk (a downloaded archive). */
  close(): Promise<void>;
}

const PEOPLE_FILE = /^people-[^/]*\.csv$/;

/** The people files of a local folder or zip. */
export async function localRegisterSource(from: string, limits: RegisterLimits): Promise<RegisterSource> {
  const info = await stat(from).catch(() => undefined);
  if (!info) throw new RegisterError(`--from ${from}: no such file or folder`);
  if (info.isFile()) return zipRegisterSource(from, from, limits, async () => {});
  const data = path.join(from, 'data');
  const dir = (await stat(data).catch(() => undefined))?.isDirectory() ? data : from;
  const names = (await readdir(dir)).filter((n) => PEOPLE_FILE.test(n)).sort();
  if (names.length === 0) throw new RegisterError(`--from ${from}: no people-*.csv files in ${dir}`);
  const files: RegisterFile[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const size = (await stat(file)).size;
    if (size > limits.fileBytes) {
      throw new RegisterError(`${file} is ${size} bytes, more than the ${limits.fileBytes} a register file may have`);
    }
    files.push({ name, open: async () => createReadStream(file) });
  }
  return { description: path.resolve(from), files, close: async () => {} };
}

/** The people files of a zip archive on disk: `data/people-*.csv` entries (else any `people-*.csv`). */
async function zipRegisterSource(
  file: string,
  description: string,
  limits: RegisterLimits,
  close: () => Promise<void>,
): Promise<RegisterSource> {
  const size = (await stat(file)).size;
  if (size > limits.archiveBytes) {
    throw new RegisterError(
      `${description} is ${size} bytes, more than the ${limits.archiveBytes} a register archive may have`,
    );
  }
  const entries = await readZipDirectory(file, description);
  const base = (n: string) => n.slice(n.lastIndexOf('/') + 1);
  let people = entries.filter((e) => /(^|\/)data\/people-[^/]*\.csv$/.test(e.name));
  if (people.length === 0) people = entries.filter((e) => PEOPLE_FILE.test(base(e.name)));
  if (people.length === 0) throw new RegisterError(`${description} holds no data/people-*.csv entries`);
  people.sort((a, b) => (a.name < b.name ? -1 : 1));
  return {
    description,
    files: people.map((e) => ({
      name: base(e.name),
      open: () => openZipEntry(file, e, limits.fileBytes, description),
    })),
    close,
  };
}

/** Counts bytes as they pass and fails past `max`. */
function byteLimit(max: number, url: string): Transform {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      if (n > max) done(new RegisterError(`${url}: the archive is larger than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * The register's archive at `url`, downloaded to a temporary file (removed by `close`). A status
 * other than 200, a body past the bound or cut short, or no answer within `timeoutMs` fails with one
 * line; network failures and 5xx are retryable.
 */
export async function downloadRegisterSource(
  url: string,
  limits: RegisterLimits,
  opts: { timeoutMs: number; signal?: AbortSignal; userAgent: string },
): Promise<RegisterSource> {
  const signals = [AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  let res: Response;
  try {
    res = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.any(signals),
      headers: { 'user-agent': opts.userAgent },
    });
  } catch (err) {
    throw new RegisterError(`${url}: could not fetch the register (${(err as Error).message})`, {
      retryable: true,
      cause: err,
    });
  }
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new RegisterError(`${url}: HTTP ${res.status} fetching the register`, {
      retryable: res.status >= 500 || res.status === 429,
    });
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.archiveBytes) {
    await res.body.cancel().catch(() => {});
    throw new RegisterError(`${url}: the archive is ${declared} bytes, more than the ${limits.archiveBytes} allowed`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'dugout-register-'));
  const file = path.join(dir, 'register.zip');
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      byteLimit(limits.archiveBytes, url),
      createWriteStream(file),
    );
    if (Number.isFinite(declared) && (await stat(file)).size !== declared) {
      throw new RegisterError(`${url}: the archive was cut short (${(await stat(file)).size} of ${declared} bytes)`, {
        retryable: true,
      });
    }
    return await zipRegisterSource(file, url, limits, close);
  } catch (err) {
    await close();
    if (err instanceof RegisterError) throw err;
    throw new RegisterError(`${url}: the download failed (${(err as Error).message})`, { retryable: true, cause: err });
  }
}
