import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { RegisterError } from '../../errors.js';

/**
 * A zip archive read from a file on disk: the central directory is parsed (a few bytes per entry),
 * and each entry is streamed through zlib's raw inflate, so no entry is ever held whole. Enough of
 * the format for the archives GitHub serves (stored and deflated entries, no encryption, no ZIP64);
 * anything else is refused with one line. Every size read from the archive is checked against the
 * file, and an entry's output is counted as it is inflated (a header may lie about its size).
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CD_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_MIN = 22;
/** The end record is at most its 22 bytes plus a 65,535-byte comment from the end. */
const EOCD_SEARCH = EOCD_MIN + 0xffff;
/** Central directories larger than this are refused (the register's has a few thousand entries). */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

/** The entries of the zip archive at `path` (directory entries left out). */
export async function readZipDirectory(path: string, label = path): Promise<ZipEntry[]> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const tailLength = Math.min(size, EOCD_SEARCH);
    const tail = Buffer.alloc(tailLength);
    await fh.read(tail, 0, tailLength, size - tailLength);
    let at = -1;
    for (let i = tailLength - EOCD_MIN; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIG && i + EOCD_MIN + tail.readUInt16LE(i + 20) === tailLength) {
        at = i;
        break;
      }
    }
    if (at < 0)
      throw new RegisterError(`${label} is not a whole zip archive (no end of central directory: truncated?)`);
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      throw new RegisterError(`${label} is a ZIP64 archive, which dugout does not read`);
    }
    const eocdOffset = size - tailLength + at;
    if (cdOffset + cdSize > eocdOffset || cdSize > MAX_DIRECTORY_BYTES) {
      throw new RegisterError(`${label} is not a whole zip archive (its central directory lies outside the file)`);
    }
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CD_SIG) {
        throw new RegisterError(`${label} has a damaged central directory (entry ${n + 1} of ${count})`);
      }
      const flags = cd.readUInt16LE(p + 8);
      const method = cd.readUInt16LE(p + 10);
      const crc = cd.readUInt32LE(p + 16);
      const compressedSize = cd.readUInt32LE(p + 20);
      const entrySize = cd.readUInt32LE(p + 24);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      const localHeaderOffset = cd.readUInt32LE(p + 42);
      if (p + 46 + nameLength > cd.length) throw new RegisterError(`${label} has a damaged central directory`);
      const name = cd.toString('utf8', p + 46, p + 46 + nameLength);
      p += 46 + nameLength + extraLength + commentLength;
      if (name.endsWith('/')) continue;
      if (flags & 1) throw new RegisterError(`${label}: entry ${name} is encrypted`);
      if (localHeaderOffset + 30 + compressedSize > cdOffset) {
        throw new RegisterError(`${label}: entry ${name} lies outside the archive (truncated?)`);
      }
      entries.push({ name, method, compressedSize, size: entrySize, crc, localHeaderOffset });
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/** Counts an entry's bytes and CRC as they pass, and fails once they pass `max` or end unlike the directory. */
class EntryCheck extends Transform {
  private bytes = 0;
  private crc = 0;
  constructor(
    private readonly entry: ZipEntry,
    private readonly max: number,
    private readonly label: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) {
      done(new RegisterError(`${this.label}: ${this.entry.name} is larger than ${this.max} bytes once inflated`));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.bytes !== this.entry.size || this.crc >>> 0 !== this.entry.crc >>> 0) {
      done(
        new RegisterError(`${this.label}: ${this.entry.name} is corrupt (its size or CRC differs from the directory)`),
      );
      return;
    }
    done();
  }
}

/**
 * One entry's bytes, inflated, as a stream that errors with a {@link RegisterError} when the entry
 * is larger than `maxBytes`, damaged, or stored with a method other than stored or deflate.
 */
export async function openZipEntry(
  path: string,
  entry: ZipEntry,
  maxBytes: number,
  label = path,
): Promise<NodeJS.ReadableStream> {
  if (entry.size > maxBytes) {
    throw new RegisterError(`${label}: ${entry.name} is larger than ${maxBytes} bytes (${entry.size})`);
  }
  if (entry.method !== 0 && entry.method !== 8) {
    throw new RegisterError(
      `${label}: ${entry.name} uses compression method ${entry.method} (only stored and deflate)`,
    );
  }
  const fh = await open(path, 'r');
  const local = Buffer.alloc(30);
  try {
    await fh.read(local, 0, 30, entry.localHeaderOffset);
  } finally {
    await fh.close();
  }
  if (local.readUInt32LE(0) !== LOCAL_SIG) throw new RegisterError(`${label}: ${entry.name} has no local header`);
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const check = new EntryCheck(entry, maxBytes, label);
  if (entry.compressedSize === 0) {
    check.end();
    return check;
  }
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  const source = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  const fail = (err: Error) =>
    check.destroy(
      err instanceof RegisterError ? err : new RegisterError(`${label}: ${entry.name} is damaged (${err.message})`),
    );
  raw.on('error', fail);
  if (source !== raw) source.on('error', fail);
  source.pipe(check);
  check.on('close', () => raw.destroy());
  return check;
}
