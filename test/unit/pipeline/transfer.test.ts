import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { ownBuffer, transferList } from '../../../src/pipeline/extract-pool/transfer.js';

describe('buffers handed to another thread', () => {
  it('are the view itself when it spans its own buffer, else a copy that does', () => {
    const whole = new TextEncoder().encode('{"allPlays": []}');
    expect(ownBuffer(whole)).toBe(whole);
    // A small Buffer is a slice of Node's shared pool: transferring that would take the pool along.
    const pooled = Buffer.from('{"allPlays": []}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const own = ownBuffer(pooled);
    expect(own).not.toBe(pooled);
    expect(own.buffer.byteLength).toBe(pooled.byteLength);
    expect(Buffer.from(own).toString()).toBe(pooled.toString());
  });

  it('are listed once each for the transfer, strings and gaps left out', () => {
    const a = new Uint8Array(8);
    const b = new Uint8Array(4);
    expect(transferList([a, 'text', undefined, b, a])).toEqual([a.buffer, b.buffer]);
  });

  it('are gone from this thread once transferred', async () => {
    const { port1, port2 } = new MessageChannel();
    const sent = ownBuffer(Buffer.from('x'.repeat(10)));
    const received = new Promise<Uint8Array>((resolve) => port2.once('message', resolve));
    port1.postMessage(sent, transferList([sent]));
    expect(sent.byteLength).toBe(0);
    expect(new TextDecoder().decode(await received)).toBe('x'.repeat(10));
    port1.close();
  });
});
