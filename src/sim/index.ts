/**
 * A deterministic simulator of the MLB Stats API: a seeded league and season, games simulated pitch
 * by pitch, served over HTTP with the real API's paths and body shapes, a controllable clock,
 * scoring corrections, person changes and fault injection.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { statusAt } from './clock/status.js';
import { correctGame as applyCorrection, changePerson as applyPersonChange, type CorrectionKind } from './control.js';
import { createCore } from './core.js';
import { MILB_SPORT_IDS } from './data/levels.js';
import { scheduleScoringChanges } from './derive/scheduled-corrections.js';
import { MAX_HISTORY, OLDEST_SEASON } from './era.js';
import { createFaultPlan, type FaultConfig } from './http/faults.js';
import { answerApi, handleRequest, type RequestLogEntry, type ServerDeps } from './http/server.js';
import type { RosterMove } from './moves.js';
import { type PregamePlan, pregamePlan } from './pregame.js';
import { REGISTER_HEADER, REGISTER_PATH, registerRows } from './register.js';
import { createSeasonModel, getSeasonModel } from './season.js';
import type { Correction } from './state.js';
import { createSimState, runClock } from './state.js';
import type { TransactionPlan } from './transactions.js';
import { createWorld, singleWorld, type World, withTransactions } from './world.js';

export type { FaultConfig, FaultKind, ScriptedFaultKind } from './http/faults.js';
export type { RequestLogEntry } from './http/server.js';
export type { RosterMove } from './moves.js';
export type { PregamePlan } from './pregame.js';
export type { SimStint, SimTransaction, TransactionPlan } from './transactions.js';

export interface SimOptions {
  /** Seed of everything random (default 1). */
  seed?: number;
  /** Simulated season (default 2025). */
  season?: number;
  /** Initial clock (default: the day after the last postseason game, when every game is final). */
  now?: Date;
  /**
   * Run the clock at `speed` times real time from `now` (1 = real time). Without it the clock stays
   * where it is set, moved only by setNow, advance and POST /__sim/clock.
   */
  speed?: number;
  /** Fault injection for /api requests (none by default); replace later with setFaults. */
  faults?: FaultConfig;
  /** Bytes of serialized bodies kept in memory (default 128 MiB). */
  cacheBytes?: number;
  /** Reuse the league/schedule/outcomes built for the same seed and season (default true; MLB-only, no history). */
  shareModel?: boolean;
  /**
   * Share (0–1) of the MLB season's games the official scorer corrects after they end, once or
   * twice, listed by the change log or not (src/sim/derive/scheduled-corrections.ts). Default 0.
   */
  scoringChanges?: number;
  /**
   * Levels served (default [1]): MLB and any of the minor leagues 11 (Triple-A), 12 (Double-A),
   * 13 (High-A), 14 (Single-A). Each MLB club has one affiliate per level; with Triple-A, players
   * move between each club and its affiliate during the season.
   */
  sportIds?: readonly number[];
  /**
   * Past seasons served before `season` (default 0, at most 20), each with its own schedule,
   * franchise history and era (src/sim/era.ts: what its bodies carry, which rules it plays by).
   */
  history?: number;
}

export interface Simulator {
  readonly season: number;
  /** Seasons served, oldest first (the last is `season`). */
  readonly seasons: readonly number[];
  readonly sportIds: readonly number[];
  /** Planned roster moves (promotions, options, rehab assignments), in time order. */
  readonly moves: readonly RosterMove[];
  /** Planned transactions and injured-list stints (what /v1/transactions lists once the clock passes them). */
  readonly transactions: TransactionPlan;
  /** When a game's pregame announcements and changes happen (MLB games of the clock's season), with its start. */
  pregamePlan(gamePk: number): (PregamePlan & { startMs: number }) | undefined;
  now(): Date;
  setNow(d: Date): void;
  advance(ms: number): void;
  /** All gamePks of the season with officialDate, gameType, coded state at now (for tests); every level and season served. */
  listGames(): Array<{
    gamePk: number;
    officialDate: string;
    gameType: string;
    codedGameState: string;
    season: number;
    sportId: number;
  }>;
  /** Every scoring change made or planned (SimOptions.scoringChanges), in effect once the clock passes `atMs`. */
  corrections(): ReadonlyArray<Correction>;
  /**
   * A scoring change on a final game at now, of `kind` (a play's event by default; every kind but
   * that one needs the gamePk); `silent`: not listed by /v1/game/changes (a re-poll finds it).
   */
  correctGame(
    gamePk?: number,
    opts?: { silent?: boolean; kind?: CorrectionKind },
  ): { gamePk: number; description: string };
  changePerson(personId?: number): { personId: number; change: string };
  /**
   * The rows of the register the simulator serves at {@link REGISTER_PATH} (its people in the
   * Chadwick register's layout), each keyed by the register's column names.
   */
  registerRows(): Array<Record<string, string>>;
  setFaults(f: FaultConfig): void;
  readonly requestLog: ReadonlyArray<RequestLogEntry>;
  /** Handle one request (used by the HTTP server; handy for tests). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The body an /api path answers (faults included, except delays and cut bodies), without a
   * server: e.g. `render('/api/v1/game/1/boxscore')`. Not logged as a request.
   */
  render(pathAndQuery: string): { status: number; text: string };
  /** Start an HTTP server; url is like http://127.0.0.1:PORT/api (the STATSAPI_BASE_URL to use). */
  listen(port?: number, host?: string): Promise<{ url: string; port: number; close(): Promise<void> }>;
}

/** Creates a simulator. Building the league and schedule is fast; games are simulated on demand. */
export function createSimulator(options: SimOptions = {}): Simulator {
  const seed = options.seed ?? 1;
  const season = options.season ?? 2025;
  const sportIds = [...new Set([1, ...(options.sportIds ?? [1])])].sort((a, b) => a - b);
  for (const s of sportIds)
    if (s !== 1 && !MILB_SPORT_IDS.includes(s)) throw new Error(`the simulator serves sports 1, 11–14, not ${s}`);
  const history = options.history ?? 0;
  if (!Number.isInteger(history) || history < 0 || history > MAX_HISTORY)
    throw new Error(`history must be 0–${MAX_HISTORY} past seasons`);
  if (season - history < OLDEST_SEASON)
    throw new Error(`the simulator serves seasons from ${OLDEST_SEASON}, not ${season - history}`);
  const single = sportIds.length === 1 && history === 0;
  const state = createSimState(0);
  let world: World;
  if (single) {
    const model = options.shareModel === false ? createSeasonModel(seed, season) : getSeasonModel(seed, season);
    world = singleWorld(createCore(model, state, options.cacheBytes));
  } else world = createWorld({ seed, season, sportIds, history, cacheBytes: options.cacheBytes }, state);
  world = withTransactions(world);
  const core = world.primary;
  const model = core.model;
  const defaultNow = Date.parse(`${model.dates.postEnd}T00:00:00Z`) + 86_400_000 * 2;
  state.nowMs = options.now ? options.now.getTime() : defaultNow;
  if (options.scoringChanges) scheduleScoringChanges(core, options.scoringChanges);
  if (options.speed !== undefined) runClock(state, options.speed);
  const log: RequestLogEntry[] = [];
  const listGames = () =>
    world.cores.flatMap((c) =>
      c.model.allGames().map((g) => ({
        gamePk: g.gamePk,
        officialDate: g.officialDate,
        gameType: g.gameType,
        codedGameState: statusAt(c.model, g, state.nowMs).status.codedGameState,
        season: c.model.season,
        sportId: c.model.sportId,
      })),
    );
  const deps: ServerDeps = {
    core,
    world,
    log,
    faults: { plan: createFaultPlan(options.faults) },
    setNow: (ms) => {
      state.nowMs = ms;
    },
    listGames,
  };
  return {
    season,
    seasons: world.seasons,
    sportIds: world.sportIds,
    moves: world.moves,
    transactions: world.transactions ?? { transactions: [], stints: [] },
    pregamePlan(gamePk) {
      const g = core.model.game(gamePk);
      if (!g) return undefined;
      const deps = { seed: core.seed, league: core.league, model: core.model, probable: core.probable };
      return { ...pregamePlan(deps, g), startMs: g.startMs };
    },
    now: () => new Date(state.nowMs),
    setNow: (d) => {
      state.nowMs = d.getTime();
    },
    advance: (ms) => {
      state.nowMs += ms;
    },
    listGames,
    corrections: () => [...core.state.corrections],
    correctGame: (gamePk, opts) =>
      applyCorrection((gamePk !== undefined && world.coreOfGame(gamePk)) || core, gamePk, opts),
    changePerson: (personId) => applyPersonChange(core, personId),
    registerRows: () =>
      registerRows(
        world.cores.flatMap((c) => c.league.people),
        core.model.season,
      ).map((r) => Object.fromEntries(REGISTER_HEADER.map((h, i) => [h, r[i] as string]))),
    setFaults: (f) => {
      deps.faults.plan = createFaultPlan(f);
    },
    get requestLog() {
      return log;
    },
    handle: (req, res) => {
      void handleRequest(deps, req, res);
    },
    render(pathAndQuery) {
      const url = new URL(pathAndQuery, 'http://sim.local');
      const fault = deps.faults.plan.decide(url.pathname + url.search);
      const { status, payload } = answerApi(deps, url, fault === 'slow' || fault === 'truncated' ? undefined : fault);
      return { status, text: (Buffer.isBuffer(payload) ? payload : payload.json).toString('utf8') };
    },
    listen(port = 0, host = '127.0.0.1') {
      const server = createServer((req, res) => void handleRequest(deps, req, res));
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const actual = (server.address() as AddressInfo).port;
          resolve({
            url: `http://${host}:${actual}/api`,
            port: actual,
            close: () =>
              new Promise<void>((done) => {
                server.close(() => done());
                server.closeAllConnections();
              }),
          });
        });
      });
    },
  };
}
