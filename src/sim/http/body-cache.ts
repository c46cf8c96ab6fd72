/** A byte-bounded LRU of serialized response bodies (and their gzip variants, made on demand). */

import { gzipSync } from 'node:zlib';

export interface CachedBody {
  json: Buffer;
  gzip?: Buffer;
}

export interface BodyCache {
  get(key: string): CachedBody | undefined;
  set(key: string, json: Buffer): CachedBody;
  /** The gzip variant of an entry (compressed at level 1 on first use, then kept). */
  gzipOf(entry: CachedBody): Buffer;
  readonly bytes: number;
  readonly size: number;
  clear(): void;
}

/** Creates a cache holding at most `maxBytes` of bodies (default 128 MiB). */
export function createBodyCache(maxBytes = 128 * 1024 * 1024): BodyCache {
  const map = new Map<string, CachedBody>();
  let bytes = 0;
  const sizeOf = (e: CachedBody) => e.json.length + (e.gzip?.length ?? 0);
  const evict = () => {
    while (bytes > maxBytes && map.size > 0) {
      const [k, e] = map.entries().next().value as [string, CachedBody];
      map.delete(k);
      bytes -= sizeOf(e);
    }
  };
  return {
    get(key) {
      const e = map.get(key);
      if (e) {
        map.delete(key);
        map.set(key, e);
      }
      return e;
    },
    set(key, json) {
      const old = map.get(key);
      if (old) {
        bytes -= sizeOf(old);
        map.delete(key);
      }
      const e: CachedBody = { json };
      map.set(key, e);
      bytes += json.length;
      evict();
      return e;
    },
    gzipOf(entry) {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.json, { level: 1 });
        bytes += entry.gzip.length;
        evict();
      }
      return entry.gzip;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return map.size;
    },
    clear() {
      map.clear();
      bytes = 0;
    },
  };
}
