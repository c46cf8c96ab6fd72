import { describe, expect, it } from 'vitest';
import { createSimState, runClock } from '../../../src/sim/state.js';

describe('the simulator clock', () => {
  it('stays put unless run; run, it moves speed times real time and runs on from where it is set', () => {
    let real = 1_000_000;
    const state = createSimState(Date.parse('2025-06-01T18:30:00Z'));
    const start = state.nowMs;
    real += 5_000;
    expect(state.nowMs).toBe(start);
    runClock(state, 10, () => real);
    expect(state.nowMs).toBe(start);
    real += 6_000;
    expect(state.nowMs).toBe(start + 60_000);
    state.nowMs += 3_600_000; // advance: the hour is added to where it has run
    expect(state.nowMs).toBe(start + 3_660_000);
    real += 1_000;
    expect(state.nowMs).toBe(start + 3_670_000);
    expect(() => runClock(createSimState(0), 0)).toThrow(/positive/);
  });
});
