import { describe, expect, it } from 'vitest';
import { noticeLine, timeShareLine } from '../../../src/bench/bench.js';
import { emptyTimings } from '../../../src/bench/stage-times.js';

describe("the bench's stage lines", () => {
  it('shares the summed time among the stages', () => {
    const t = {
      ...emptyTimings(),
      fetchMs: 800,
      parseMs: 500,
      hashMs: 100,
      noticeMs: 100,
      extractMs: 300,
      dbMs: 2000,
    };
    // Summed: 800 fetch + 500 parse + 100 hash + 100 new fields + 300 extract + 2000 writes = 3800.
    expect(timeShareLine(t)).toBe(
      '  time share (summed over workers): fetch 21%, parse 13%, hash 3%, new fields 3%, extract 8%, database writes 53%',
    );
  });

  it('says 0% of nothing', () => {
    const t = { ...emptyTimings(), fetchMs: 100, parseMs: 400, dbMs: 500 };
    expect(timeShareLine(t)).toContain('fetch 10%, parse 40%');
    expect(timeShareLine(emptyTimings())).toContain('fetch 0%');
  });

  it('states the walk against the CPU of dugout and the server, or of dugout alone', () => {
    const t = { ...emptyTimings(), noticeMs: 1200 };
    expect(noticeLine(t, { wallS: 20, dugoutS: 22, serverS: 13, simS: 1 })).toBe(
      '  new fields: 1.20 s of CPU walking bodies, 3.4% of the CPU of dugout and PostgreSQL (35.0 s)',
    );
    expect(noticeLine(t, { wallS: 20, dugoutS: 40, serverS: undefined, simS: undefined })).toBe(
      "  new fields: 1.20 s of CPU walking bodies, 3.0% of dugout's CPU (40.0 s)",
    );
  });
});
