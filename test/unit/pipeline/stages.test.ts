import { tracingChannel } from 'node:diagnostics_channel';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectStageTimes } from '../../../src/bench/stage-times.js';
import { timeStages } from '../../../src/bench/time-stages.js';
import { createExtractPool } from '../../../src/pipeline/extract-pool/pool.js';
import { type FetchedGame, prepareFetchedGame } from '../../../src/pipeline/load/prepare-game.js';
import { LOAD_STAGE_CHANNEL, type LoadStageContext } from '../../../src/pipeline/stages.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A small fetched game whose bodies pass the load's checks. */
function smallGame(gamePk = 5): FetchedGame {
  const team = { team: { id: 1 }, teamStats: {}, players: {}, batters: [], pitchers: [] };
  return {
    gamePk,
    boxscore: {
      url: `http://sim/api/v1/game/${gamePk}/boxscore`,
      data: utf8(JSON.stringify({ teams: { away: team, home: team } })),
    },
    playByPlay: { url: `http://sim/api/v1/game/${gamePk}/playByPlay`, data: utf8('{"allPlays": []}') },
  };
}

const stages = tracingChannel(LOAD_STAGE_CHANNEL);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the stages of a game load, observed from outside', () => {
  it('with no listener, preparing a game reads no clock and publishes nothing', () => {
    expect(stages.hasSubscribers).toBe(false);
    const now = vi.spyOn(performance, 'now');
    const cpu = vi.spyOn(process, 'cpuUsage');
    const traced = vi.spyOn(Object.getPrototypeOf(stages), 'traceSync');
    const prepared = prepareFetchedGame(smallGame());
    expect(prepared.rows.objects.plays).toEqual([]);
    expect(now).not.toHaveBeenCalled();
    expect(cpu).not.toHaveBeenCalled();
    expect(traced).not.toHaveBeenCalled();
    // Nothing but what a load stores comes back: no stage time rides along.
    expect(Object.keys(prepared).sort()).toEqual([
      'boxscore',
      'feedTimestamp',
      'newFields',
      'playByPlay',
      'rows',
      'source',
    ]);
    expect(Object.keys(prepared.boxscore).sort()).toEqual(['canonicalSha', 'sha', 'text']);
  });

  it('with a listener, publishes each stage of the game, timed by the listener', () => {
    const seen: Array<[LoadStageContext['stage'], number | undefined]> = [];
    const now = vi.spyOn(performance, 'now');
    const stop = timeStages((ctx, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      seen.push([ctx.stage, ctx.gamePk]);
    });
    try {
      expect(stages.hasSubscribers).toBe(true);
      prepareFetchedGame(smallGame(7));
    } finally {
      stop();
    }
    expect(seen).toEqual([
      ['parse', 7],
      ['hash', 7],
      ['notice', 7],
      ['extract', 7],
    ]);
    expect(now).toHaveBeenCalled();
    expect(stages.hasSubscribers).toBe(false);
  });

  it("collects a worker thread's stages through the probe the bench has the worker import", async () => {
    const collected = collectStageTimes();
    const pool = createExtractPool(1);
    try {
      await pool.prepare(smallGame(9));
    } finally {
      await pool.close();
      await collected.stop();
    }
    // The main thread published nothing (the worker prepared the game): these came from the worker.
    expect(collected.timings.parseMs).toBeGreaterThan(0);
    expect(collected.timings.extractMs).toBeGreaterThan(0);
    expect(collected.timings.fetchMs).toBe(0);
    expect(stages.hasSubscribers).toBe(false);
  });

  it('leaves no stage timer or /proc read in the code outside src/bench', () => {
    const src = path.resolve(import.meta.dirname, '../../../src');
    const offending = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith(`bench${path.sep}`))
      .filter((f) =>
        /\/proc\/thread-self|schedstat|cpuTimes|\.timings\b|StageTimings|thread-cpu/.test(
          readFileSync(path.join(src, f), 'utf8'),
        ),
      );
    expect(offending).toEqual([]);
  });
});
