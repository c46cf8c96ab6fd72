import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSilentLogger } from '../../../src/logger.js';
import { type BudgetStore, createBudgetSlots } from '../../../src/pipeline/request-budget.js';

// The store here answers on this process's clock (as a server on the same host does), so a start
// can be compared with the slot it was granted. The clock and timers are vitest's fake ones: the
// scripted delays pass in virtual time, so a start lands exactly where the budget's logic puts it,
// however busy the machine.
const log = createSilentLogger();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store granting one slot `ahead(call)` ms after its reply, which comes `delay(call)` ms late. */
function scriptedStore(script: { delay: (call: number) => number; ahead: (call: number) => number }) {
  const granted: number[] = [];
  let calls = 0;
  const store: BudgetStore & { granted: number[]; pauseChecks: number; pauseCheckMs: number } = {
    granted,
    pauseChecks: 0,
    pauseCheckMs: 0,
    async take() {
      const call = calls++;
      // The wait for the budget's row lock: the server reads its clock after it, then replies.
      await sleep(script.delay(call));
      const now = Date.now();
      const at = now + script.ahead(call);
      granted.push(at);
      return [{ at, now }];
    },
    async pausedUntil() {
      store.pauseChecks++;
      await sleep(store.pauseCheckMs);
      return null;
    },
    async pause() {},
  };
  return store;
}

/** Run `acquire` to its end on the virtual clock. */
async function acquired(acquire: Promise<void>): Promise<void> {
  let done = false;
  const settled = acquire.finally(() => {
    done = true;
  });
  while (!done) await vi.advanceTimersToNextTimerAsync();
  await settled;
}

describe('the shared request budget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never starts a request before its slot when a grant waited long for the lock', async () => {
    // The first grant answers at once; the later ones after 300 ms, all read by the server at the
    // end of that wait. Taking each round trip's midpoint for the server's clock would start those
    // requests 150 ms early.
    const store = scriptedStore({ delay: (call) => (call === 0 ? 0 : 300), ahead: () => 200 });
    const budget = createBudgetSlots(store, { maxRps: 5, log });
    const signal = new AbortController().signal;
    const early: number[] = [];
    for (let i = 0; i < 4; i++) {
      await acquired(budget.acquire(signal));
      const startedAt = Date.now();
      // One slot a grant, each taken when needed: this start used the latest.
      early.push(store.granted.at(-1)! - startedAt);
    }
    expect(store.granted).toHaveLength(4);
    // Each start is at its slot: the clock is read off the quickest round trip (here none at all),
    // where the midpoint rule would have put the later starts 150 ms early.
    expect(early).toEqual([0, 0, 0, 0]);
  });

  it('drops a slot that the check for a pause made late, and starts on a new one', async () => {
    // The first slot is far ahead, so the budget asks whether another process paused meanwhile;
    // that question takes 300 ms, longer than a start may be late.
    const store = scriptedStore({ delay: () => 0, ahead: (call) => (call === 0 ? 400 : 20) });
    store.pauseCheckMs = 300;
    const budget = createBudgetSlots(store, { maxRps: 5, log });
    const asked = Date.now();
    await acquired(budget.acquire(new AbortController().signal));
    const startedAt = Date.now();
    expect(store.pauseChecks).toBe(1);
    expect(store.granted.length).toBeGreaterThanOrEqual(2);
    // The first slot (400 ms ahead) was dropped, 300 ms late after the check; the start is at the
    // slot granted next, 20 ms after that.
    expect(store.granted[0]).toBe(asked + 400);
    expect(store.granted.at(-1)).toBe(asked + 720);
    expect(startedAt).toBe(asked + 720);
  });
});
