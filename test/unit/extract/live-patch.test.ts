import { describe, expect, it } from 'vitest';
import {
  applyLivePatch,
  extractBoxscore,
  extractPlayByPlay,
  gameFromFeed,
  jsonBytes,
  LIVE_PATCH_LIMITS,
  parseLiveTimestamps,
} from '../../../src/extract/index.js';
import { describeRecorded, fixture } from '../../fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
type Body = any;

const DIR = 'liveGameDiffPatchV1/746139_2024R';

describeRecorded('the recorded diffPatch bodies', () => {
  it.each([
    ['no-move', '20240612_041248', '20240612_041302'],
    ['with-move', '20240612_042717', '20240612_042758'],
  ])('the %s patch applies to its in-progress base with validation on, from %s to %s', (name, from, to) => {
    const base: Body = fixture(`${DIR}_IN-PROGRESS_base-of-${name}.json`);
    const patch: Body[] = fixture(`${DIR}_diffPatch_${name}.json`);
    expect(base.metaData.timeStamp).toBe(from);
    const result = applyLivePatch(base, patch, from);
    if (!result.ok) throw new Error(result.failure.message);
    expect(result).toMatchObject({ timeStamp: to, changed: true, operations: patch[0].diff.length });
    expect(result.feed.metaData).toMatchObject({ timeStamp: to });
    expect(base.metaData.timeStamp).toBe(from); // the stored feed is left as it was
    const feed: Body = result.feed;
    expect(gameFromFeed(feed).rejects).toEqual([]);
    expect(gameFromFeed(feed).rows).toMatchObject({ game_pk: 746139, coded_game_state: 'I' });
    expect(extractPlayByPlay(746139, feed.liveData.plays).rejects).toEqual([]);
    expect(extractBoxscore(746139, feed.liveData.boxscore).rejects).toEqual([]);
  });

  it('the pitching-change patch really uses copy and move, and they land where the operations say', () => {
    const base: Body = fixture(`${DIR}_IN-PROGRESS_base-of-with-move.json`);
    const ops: Body[] = fixture<Body[]>(`${DIR}_diffPatch_with-move.json`)[0].diff;
    expect(ops.filter((o) => o.op === 'copy').length).toBeGreaterThan(50);
    const move = ops.find((o) => o.op === 'move');
    expect(move).toBeDefined();
    const result = applyLivePatch(base, fixture(`${DIR}_diffPatch_with-move.json`));
    if (!result.ok) throw new Error(result.failure.message);
    const at = (doc: Body, pointer: string) =>
      pointer
        .slice(1)
        .split('/')
        .reduce((v, t) => v?.[t.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    // A copy whose target and source no later operation writes: the two places end up equal.
    const touchedAfter = (i: number, pointer: string) =>
      ops
        .slice(i + 1)
        .some((o) =>
          [o.path, o.op === 'move' && o.from].some((p) => p && (p === pointer || p.startsWith(`${pointer}/`))),
        );
    const settled = ops.filter((o, i) => o.op === 'copy' && !touchedAfter(i, o.path) && !touchedAfter(i, o.from));
    expect(settled.length).toBeGreaterThan(20);
    for (const o of settled) expect(at(result.feed, o.path), o.path).toEqual(at(result.feed, o.from));
    const moved = at(result.feed, move.path);
    expect(moved).toBeDefined();
    expect(at(base, move.from)).toEqual(moved);
  });

  it('the pitching-change patch does not apply to the earlier base: a gap, or an operation that fails', () => {
    const earlier: Body = fixture(`${DIR}_IN-PROGRESS_base-of-no-move.json`);
    const patch = fixture(`${DIR}_diffPatch_with-move.json`);
    expect(applyLivePatch(earlier, patch, '20240612_042717')).toMatchObject({ ok: false, failure: { kind: 'gap' } });
    const blind = applyLivePatch(earlier, patch);
    expect(blind).toMatchObject({ ok: false, failure: { kind: 'does-not-apply' } });
    if (!blind.ok && blind.failure.kind === 'does-not-apply') expect(blind.failure.operationIndex).toBeGreaterThan(0);
    expect(earlier.metaData.timeStamp).toBe('20240612_041248');
  });

  it('the recorded timestamps body parses into its 412 timecodes, in order', () => {
    const body: string[] = fixture('liveTimestampv11/716390_2023R_timestamps.json');
    const parsed = parseLiveTimestamps(body);
    expect(parsed).toHaveLength(412);
    expect(parsed).toEqual([...body].sort());
    expect(parsed).toEqual(body);
  });
});

describe('applyLivePatch refuses what it cannot trust', () => {
  const stored = () => ({
    gamePk: 1,
    metaData: { wait: 10, timeStamp: '20250704_171000', gameEvents: [] },
    gameData: { status: { codedGameState: 'I' } },
    liveData: { plays: { allPlays: [{ atBatIndex: 0 }] } },
  });
  const stamp = (t: string) => ({ op: 'replace', path: '/metaData/timeStamp', value: t });

  it('an empty answer changes nothing and returns the stored feed itself', () => {
    const feed = stored();
    expect(applyLivePatch(feed, [], '20250704_171000')).toEqual({
      ok: true,
      feed,
      timeStamp: '20250704_171000',
      changed: false,
      operations: 0,
    });
  });

  it('applies several diffs in order and moves the timestamp', () => {
    const result = applyLivePatch(stored(), [
      { diff: [stamp('20250704_171012'), { op: 'add', path: '/liveData/plays/allPlays/1', value: { atBatIndex: 1 } }] },
      { diff: [stamp('20250704_171030'), { op: 'copy', from: '/liveData/plays/allPlays/1', path: '/gameData/last' }] },
    ]);
    expect(result).toMatchObject({ ok: true, timeStamp: '20250704_171030', changed: true, operations: 4 });
    if (result.ok) expect(result.feed.gameData).toEqual({ status: { codedGameState: 'I' }, last: { atBatIndex: 1 } });
  });

  it('a whole feed in answer is a full-document failure carrying it', () => {
    const whole = { ...stored(), metaData: { timeStamp: '20250704_180000' } };
    expect(applyLivePatch(stored(), whole)).toEqual({
      ok: false,
      failure: { kind: 'full-document', message: 'the answer is a whole feed, not a patch', document: whole },
    });
  });

  it('a stored feed at another timecode than the patch starts from is a gap', () => {
    expect(applyLivePatch(stored(), [], '20250704_170950')).toMatchObject({
      ok: false,
      failure: { kind: 'gap', message: 'the stored feed is at 20250704_171000, the patch starts at 20250704_170950' },
    });
  });

  it('a patch that moves the feed back in time is stale', () => {
    expect(applyLivePatch(stored(), [{ diff: [stamp('20250704_170000')] }])).toMatchObject({
      ok: false,
      failure: { kind: 'stale' },
    });
  });

  it('an operation on a path that is not there does not apply, naming the operation, and leaves the feed alone', () => {
    const feed = stored();
    const result = applyLivePatch(feed, [
      { diff: [stamp('20250704_171012'), { op: 'replace', path: '/liveData/plays/allPlays/5/result', value: 1 }] },
    ]);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'does-not-apply', operationIndex: 1 } });
    if (!result.ok) expect(result.failure.message).toContain('replace /liveData/plays/allPlays/5/result');
    expect(feed).toEqual(stored());
  });

  it('a patch that makes the feed another game is foreign; one that drops its timestamp does not apply', () => {
    expect(applyLivePatch(stored(), [{ diff: [{ op: 'replace', path: '/gamePk', value: 2 }] }])).toMatchObject({
      ok: false,
      failure: { kind: 'foreign', message: 'the patch turns game 1 into 2' },
    });
    expect(applyLivePatch(stored(), [{ diff: [{ op: 'remove', path: '/metaData/timeStamp' }] }])).toMatchObject({
      ok: false,
      failure: { kind: 'does-not-apply' },
    });
  });

  it.each([
    ['not a list', { diff: [] }],
    ['an entry without a diff list', [{ ops: [] }]],
    ['an unknown operation', [{ diff: [{ op: 'merge', path: '/a' }] }]],
    ['a pointer without a slash', [{ diff: [{ op: 'remove', path: 'metaData' }] }]],
    ['the whole document', [{ diff: [{ op: 'replace', path: '', value: {} }] }]],
    ['an add without a value', [{ diff: [{ op: 'add', path: '/x' }] }]],
    ['a move without from', [{ diff: [{ op: 'move', path: '/x' }] }]],
    ['a prototype', [{ diff: [{ op: 'add', path: '/__proto__/polluted', value: true }] }]],
    ['an escaped prototype', [{ diff: [{ op: 'copy', from: '/constructor', path: '/x' }] }]],
    [
      'a pointer too deep',
      [{ diff: [{ op: 'add', path: '/a'.repeat(LIVE_PATCH_LIMITS.maxPointerDepth + 1), value: 1 }] }],
    ],
    ['a pointer too long', [{ diff: [{ op: 'remove', path: `/${'x'.repeat(LIVE_PATCH_LIMITS.maxPointerChars)}` }] }]],
  ])('%s is malformed', (_, answer) => {
    expect(applyLivePatch(stored(), answer)).toMatchObject({ ok: false, failure: { kind: 'malformed' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('more operations than the bound is malformed', () => {
    const ops = Array.from({ length: 11 }, () => stamp('20250704_171012'));
    const limits = { ...LIVE_PATCH_LIMITS, maxOperations: 10 };
    expect(applyLivePatch(stored(), [{ diff: ops }], undefined, limits)).toMatchObject({
      ok: false,
      failure: { kind: 'malformed', message: 'the answer has more than 10 operations' },
    });
    expect(applyLivePatch(stored(), [{ diff: ops.slice(1) }], undefined, limits)).toMatchObject({ ok: true });
  });

  it('a document that grows past the bound while patched is refused at the operation that would take it there', () => {
    const limits = { ...LIVE_PATCH_LIMITS, maxDocumentBytes: 4096 };
    const big = 'x'.repeat(1000);
    const grow = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ op: 'add', path: `/gameData/k${i}`, value: big }));
    expect(applyLivePatch(stored(), [{ diff: grow(3) }], undefined, limits)).toMatchObject({ ok: true });
    expect(applyLivePatch(stored(), [{ diff: grow(4) }], undefined, limits)).toMatchObject({
      ok: false,
      failure: { kind: 'too-large', operationIndex: 3 },
    });
    // A copy counts the size of what it copies.
    const copies = [
      { op: 'add', path: '/gameData/a', value: big },
      { op: 'copy', from: '/gameData/a', path: '/gameData/b' },
      { op: 'copy', from: '/gameData', path: '/liveData/c' },
    ];
    expect(applyLivePatch(stored(), [{ diff: copies }], undefined, limits)).toMatchObject({
      ok: false,
      failure: { kind: 'too-large', operationIndex: 2 },
    });
  });

  it('the 40-copy bomb (each copy doubles the document) is refused at the default bound, in little time and memory', () => {
    // 2.2 KB of operations that would make 2^40 copies of the feed: refused before the 64 MiB bound.
    const bomb = [
      {
        diff: Array.from({ length: 40 }, (_, i) => ({
          op: 'copy',
          from: '/liveData',
          path: `/liveData/c${i}`,
        })),
      },
    ];
    expect(JSON.stringify(bomb).length).toBeLessThan(2500);
    // About the size of a real feed (600 KB).
    const feed = stored();
    feed.liveData.plays.allPlays = Array.from({ length: 3000 }, (_, i) => ({
      atBatIndex: i,
      result: { description: 'x'.repeat(150) },
    }));
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const result = applyLivePatch(feed, bomb);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'too-large' } });
    if (!result.ok && result.failure.kind === 'too-large') expect(result.failure.operationIndex).toBeLessThan(10);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(1024 * 1024 * 1024);
  });

  it('jsonBytes is about the length of the JSON text, and stops counting past its budget', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'x'.repeat(100) } };
    const exact = JSON.stringify(value).length;
    expect(jsonBytes(value, Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(exact);
    expect(jsonBytes(value, Number.POSITIVE_INFINITY)).toBeLessThan(exact * 1.3);
    const huge = Array.from({ length: 100_000 }, () => ({ k: 'v' }));
    expect(jsonBytes(huge, 1000)).toBeLessThan(1100 + 100_000);
  });

  it('a stored feed without a timestamp cannot take a patch', () => {
    expect(applyLivePatch({ gamePk: 1, metaData: {} }, [])).toMatchObject({
      ok: false,
      failure: { kind: 'does-not-apply' },
    });
  });
});

describe('parseLiveTimestamps', () => {
  it('sorts and dedupes timecodes, and names what is wrong otherwise', () => {
    expect(parseLiveTimestamps(['20250704_171012', '20250704_171000', '20250704_171012'])).toEqual([
      '20250704_171000',
      '20250704_171012',
    ]);
    expect(parseLiveTimestamps({})).toBe('the timestamps body is not a list');
    expect(parseLiveTimestamps(['20250704_1710'])).toBe('timestamp 0 is not a timecode YYYYMMDD_HHMMSS');
    expect(parseLiveTimestamps(['20250704_171000', '20250704_171001'], 1)).toBe(
      'the timestamps body lists 2 timecodes, more than 1',
    );
  });
});
