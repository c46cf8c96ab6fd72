import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../../src/sim/data/teams.js';
import { draftStartMs, planDraft } from '../../../src/sim/draft.js';

describe("the simulator's June draft", () => {
  it('starts on the second Sunday of June at 23:00 UTC', () => {
    expect(new Date(draftStartMs(2025)).toISOString()).toBe('2025-06-08T23:00:00.000Z');
    expect(new Date(draftStartMs(2024)).toISOString()).toBe('2024-06-09T23:00:00.000Z');
    expect(new Date(draftStartMs(2023)).getUTCDay()).toBe(0);
  });

  it('is the same for a seed and a year, another for another year: every club each round, picks numbered in order', () => {
    const a = planDraft(7, 2025, TEAMS);
    expect(planDraft(7, 2025, TEAMS)).toEqual(a);
    const other = planDraft(7, 2024, TEAMS);
    expect(other.map((p) => p.teamId).slice(0, 30)).not.toEqual(a.map((p) => p.teamId).slice(0, 30));
    expect(a.map((p) => p.pickNumber)).toEqual(a.map((_, i) => i + 1));
    for (const round of ['1', '2', '10', '20']) {
      expect(new Set(a.filter((p) => p.pickRound === round).map((p) => p.teamId)).size).toBe(TEAMS.length);
    }
    // Picks every two minutes from the start; a signing always after the pick; people of their own band.
    expect(a[1]!.madeAtMs - a[0]!.madeAtMs).toBe(120_000);
    expect(a.every((p) => p.signedAtMs === undefined || p.signedAtMs > p.madeAtMs)).toBe(true);
    expect(a.every((p) => p.person.id >= 730_000 && p.person.id < 800_000 && p.person.draftYear === 2025)).toBe(true);
    expect(new Set(a.map((p) => p.person.id)).size).toBe(a.length);
    // Slot values through the tenth round only, falling with the pick.
    const slotted = a.filter((p) => p.pickValue !== undefined);
    expect(slotted.at(-1)!.pickRound).toBe('10');
    expect(slotted[0]!.pickValue!).toBeGreaterThan(slotted.at(-1)!.pickValue!);
  });
});
