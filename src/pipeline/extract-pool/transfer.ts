/**
 * The view itself when it spans an ArrayBuffer of its own, else a copy that does: only a whole
 * buffer may be transferred to another thread (a slice of zlib's output or of Node's Buffer pool
 * would take the rest of that memory with it, or be refused).
 */
export function ownBuffer(view: Uint8Array): Uint8Array {
  const whole =
    view.byteOffset === 0 && view.byteLength === view.buffer.byteLength && view.buffer instanceof ArrayBuffer;
  return whole ? view : new Uint8Array(view);
}

/**
 * The buffers of these views (each once), for `postMessage`'s transfer list: they move to the other
 * thread instead of being copied, and are gone from this one. Every view must span its own buffer
 * ({@link ownBuffer}).
 */
export function transferList(views: Iterable<Uint8Array | string | undefined>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const v of views) if (v instanceof Uint8Array && v.buffer instanceof ArrayBuffer) buffers.add(v.buffer);
  return [...buffers];
}
