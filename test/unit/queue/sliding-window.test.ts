import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../../src/errors.js';
import { createSlidingWindow } from '../../../src/queue/index.js';
import { createVirtualClock } from '../../helpers/clocks.js';
import { maxInAnyWindow } from '../../helpers/windows.js';

describe('the sliding rate window', () => {
  it('never lets more than the limit start in any window, whatever the alignment', async () => {
    const clock = createVirtualClock(999); // start just before a "fixed window" boundary
    const window = createSlidingWindow({ limit: 5, windowMs: 1000, clock });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        await window.acquire();
        starts.push(clock.now());
      }),
    );
    expect(starts).toHaveLength(40);
    expect(maxInAnyWindow(starts, 1000)).toBe(5);
    // 40 starts at 5 per second: the first 5 at once, then 5 more every second.
    expect(Math.max(...starts) - Math.min(...starts)).toBe(7000);
  });

  it('keeps the limit when starts trickle in after idle gaps (no 2x burst across a boundary)', async () => {
    const clock = createVirtualClock(0);
    const window = createSlidingWindow({ limit: 3, windowMs: 1000, clock });
    const starts: number[] = [];
    for (const gap of [0, 990, 0, 0, 5, 0, 0, 1200, 0, 0, 0, 0]) {
      if (gap > 0) await clock.sleep(gap);
      await window.acquire();
      starts.push(clock.now());
    }
    expect(maxInAnyWindow(starts, 1000)).toBe(3);
  });

  it('waits for notBefore (a global pause) as well as for the window', async () => {
    const clock = createVirtualClock(0);
    const window = createSlidingWindow({ limit: 10, windowMs: 1000, clock });
    await window.acquire(undefined, () => 2500);
    expect(clock.now()).toBe(2500);
  });

  it('counts a start from when it really left, if the send was late (busy event loop)', async () => {
    const clock = createVirtualClock(0);
    const window = createSlidingWindow({ limit: 1, windowMs: 1000, clock });
    const first = await window.acquire();
    await clock.sleep(300); // the loop was busy: the request left at 300
    window.markSent(first);
    await window.acquire();
    expect(clock.now()).toBe(1300);
  });

  it('ignores a late markSent for a slot that a newer start already reuses', async () => {
    const clock = createVirtualClock(0);
    const window = createSlidingWindow({ limit: 1, windowMs: 1000, clock });
    const old = await window.acquire();
    await window.acquire(); // at 1000, same slot
    await clock.sleep(500);
    window.markSent(old);
    expect(window.recent()).toEqual([1000]);
  });

  it('rejects a waiter whose signal aborts without taking its slot', async () => {
    const clock = createVirtualClock(0);
    const window = createSlidingWindow({ limit: 1, windowMs: 1000, clock });
    await window.acquire();
    const controller = new AbortController();
    const waiting = window.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    await window.acquire();
    expect(clock.now()).toBe(1000);
    expect(window.recent()).toEqual([1000]);
  });
});
