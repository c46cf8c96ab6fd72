import { describe, expect, it } from 'vitest';
import { applyRevisionPatch, canonicalBody, diffBodies, RevisionPatchError } from '../../../src/extract/revision.js';

const box = (hits: number, seasonHits: number) => ({
  copyright: 'Copyright 2025 MLB',
  teams: {
    away: {
      players: {
        ID1: { person: { id: 1 }, stats: { batting: { hits } }, seasonStats: { batting: { hits: seasonHits } } },
      },
    },
    home: { players: {} },
  },
});

describe('canonical content of a body', () => {
  it("ignores the copyright, a feed timeStamp, a boxscore's season-to-date stats and key order", () => {
    expect(canonicalBody('boxscore', box(2, 40)).sha).toBe(canonicalBody('boxscore', box(2, 43)).sha);
    expect(canonicalBody('boxscore', { ...box(2, 40), copyright: 'Copyright 2026' }).sha).toBe(
      canonicalBody('boxscore', box(2, 40)).sha,
    );
    expect(
      canonicalBody('playByPlay', { a: 1, b: [{ c: 1, d: 2 }], metaData: { timeStamp: '20250601_010101' } }).sha,
    ).toBe(canonicalBody('playByPlay', { b: [{ d: 2, c: 1 }], a: 1, metaData: { timeStamp: '20250602_020202' } }).sha);
  });
  it("changes with the game: a line's hits, a play's event", () => {
    expect(canonicalBody('boxscore', box(2, 40)).sha).not.toBe(canonicalBody('boxscore', box(1, 40)).sha);
    expect(canonicalBody('playByPlay', { allPlays: [{ result: { eventType: 'single' } }] }).sha).not.toBe(
      canonicalBody('playByPlay', { allPlays: [{ result: { eventType: 'field_error' } }] }).sha,
    );
  });
});

describe('revision patches', () => {
  it('turn one content into the next, arrays growing and shrinking at the end', () => {
    const a = canonicalBody('playByPlay', { allPlays: [{ e: 'single' }, { e: 'out' }, { e: 'walk' }], n: 1 }).content;
    const b = canonicalBody('playByPlay', { allPlays: [{ e: 'field_error' }, { e: 'out' }], n: 2, x: null }).content;
    const ops = diffBodies(a, b);
    expect(applyRevisionPatch(a, JSON.parse(JSON.stringify(ops)))).toEqual(b);
    expect(applyRevisionPatch(b, diffBodies(b, a))).toEqual(a);
    expect(a).toEqual(
      canonicalBody('playByPlay', { allPlays: [{ e: 'single' }, { e: 'out' }, { e: 'walk' }], n: 1 }).content,
    );
  });
  it('refuse a patch that does not apply or is not a patch', () => {
    expect(() => applyRevisionPatch({ a: 1 }, [{ op: 'replace', path: '/b/c', value: 1 }])).toThrow(RevisionPatchError);
    expect(() => applyRevisionPatch({ a: 1 }, { op: 'replace' })).toThrow(RevisionPatchError);
    expect(() => applyRevisionPatch({ a: 1 }, [{ path: '/a' }])).toThrow(RevisionPatchError);
  });
});
