/**
 * What a backfill of a season will cost, from its games and per-game figures (pure). The figures
 * are measured, and docs/history.md states how: the bytes a game's bodies take on the wire from the
 * recorded bodies of real games, the disk a game takes from the warehouse's size after a simulated
 * backfill, the requests of a season beside its games from a simulated backfill's request log.
 */

/** The cost of a game, and of a season beside its games, for one sport. */
export interface PerGameFigures {
  /** Body bytes received per game (compressed, as the client counts them), boxscore + playByPlay. */
  wireBytes: number;
  /** Body bytes per game when the game comes as one v1.1 feed (DUGOUT_GAME_SOURCE=feed). */
  feedWireBytes: number;
  /** Growth of the database per game loaded (raw bodies, rows, indexes). */
  diskBytes: number;
  /** Requests of people (batched) per game: the new people a season's games name. */
  peopleRequests: number;
}

/** MLB games: pitch tracking, long boxscores. */
export const MLB_GAME: PerGameFigures = {
  wireBytes: 112_000,
  feedWireBytes: 125_000,
  diskBytes: 420_000,
  peopleRequests: 0.01,
};

/** Minor-league games: shorter bodies (less pitch tracking) and more new people per game. */
export const MINORS_GAME: PerGameFigures = {
  wireBytes: 40_000,
  feedWireBytes: 40_000,
  diskBytes: 290_000,
  peopleRequests: 0.02,
};

/** The per-game figures of a sport. */
export function figuresFor(sportId: number): PerGameFigures {
  return sportId === 1 ? MLB_GAME : MINORS_GAME;
}

/** Days one `/v1/transactions` request of a backfill covers (poll/transactions.ts). */
export const TRANSACTION_WINDOW_DAYS = 31;

/** Reference requests a season's backfill makes once (teams, venues, team seasons). */
export const REFERENCE_REQUESTS_PER_SEASON = 4;

export interface SeasonWork {
  season: number;
  sportId: number;
  /** Days the backfill polls (first to last day of the season): one schedule request per week. */
  days: number;
  /** Final games by game type (what a backfill loads). */
  finalByType: Record<string, number>;
  /** Of those, the games already loaded. */
  loaded: number;
  /** Games listed that are not final yet (not loaded by a backfill now). */
  notFinal: number;
  /** Re-polls of its final games `dugout sync` will still make (DUGOUT_REPOLL_DAYS after each end). */
  repolls?: number;
}

export interface LoadSettings {
  maxRps: number;
  gameSource: 'boxscore' | 'feed';
  winProbability: boolean;
  scheduleChunkDays: number;
}

export interface SeasonEstimate {
  /** Games a backfill would fetch (final, not loaded yet). */
  toLoad: number;
  requests: number;
  seconds: number;
  wireBytes: number;
  diskBytes: number;
}

/** Requests one game costs: its bodies (2 for boxscore + playByPlay, 1 for the feed) and the extras. */
export function requestsPerGame(s: Pick<LoadSettings, 'gameSource' | 'winProbability'>): number {
  return (s.gameSource === 'feed' ? 1 : 2) + (s.winProbability ? 1 : 0);
}

/** What a backfill of one season of one sport will cost now (the games already loaded cost no game request). */
export function estimateSeason(w: SeasonWork, s: LoadSettings): SeasonEstimate {
  const finals = Object.values(w.finalByType).reduce((a, b) => a + b, 0);
  // A season the API lists no game of (not served, or not scheduled yet) costs nothing to plan for.
  if (finals === 0 && w.notFinal === 0) return { toLoad: 0, requests: 0, seconds: 0, wireBytes: 0, diskBytes: 0 };
  const toLoad = Math.max(0, finals - w.loaded);
  const f = figuresFor(w.sportId);
  // The season's transactions are listed once for all levels: counted with MLB's.
  const transactions = w.sportId === 1 ? Math.ceil(w.days / TRANSACTION_WINDOW_DAYS) : 0;
  const overhead = 1 + Math.ceil(w.days / s.scheduleChunkDays) + REFERENCE_REQUESTS_PER_SEASON + transactions;
  // The re-polls sync will make of the season's recent finals: each fetches the game's bodies again.
  const repolls = (w.repolls ?? 0) * requestsPerGame(s);
  const requests = overhead + Math.ceil(toLoad * (requestsPerGame(s) + f.peopleRequests)) + repolls;
  const perGameBytes = s.gameSource === 'feed' ? f.feedWireBytes : f.wireBytes;
  return {
    toLoad,
    requests,
    seconds: requests / s.maxRps,
    wireBytes: toLoad * perGameBytes,
    diskBytes: toLoad * f.diskBytes,
  };
}

/** Adds estimates (a season's sports, or all seasons). */
export function sumEstimates(list: readonly SeasonEstimate[]): SeasonEstimate {
  return list.reduce(
    (a, e) => ({
      toLoad: a.toLoad + e.toLoad,
      requests: a.requests + e.requests,
      seconds: a.seconds + e.seconds,
      wireBytes: a.wireBytes + e.wireBytes,
      diskBytes: a.diskBytes + e.diskBytes,
    }),
    { toLoad: 0, requests: 0, seconds: 0, wireBytes: 0, diskBytes: 0 },
  );
}

/** A duration in hours (one decimal) from an hour on, else in minutes. */
export function formatDuration(seconds: number): string {
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${Math.max(0, Math.ceil(seconds / 60))} min`;
}

/** Bytes in GB (one decimal) from a GB on, else in MB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  return `${Math.round(bytes / 1e6)} MB`;
}

/** Game types in the order a season plays them. */
const TYPE_ORDER = ['S', 'E', 'R', 'A', 'F', 'D', 'L', 'W'];

/** `S 475 R 2,430 F 10 …`: the final games by type, in season order. */
export function formatGamesByType(byType: Record<string, number>): string {
  const rank = (t: string) => (TYPE_ORDER.includes(t) ? TYPE_ORDER.indexOf(t) : TYPE_ORDER.length);
  const types = Object.keys(byType)
    .filter((t) => byType[t]! > 0)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return types.map((t) => `${t} ${byType[t]!.toLocaleString('en-US')}`).join(' ') || 'no final games';
}

/** One season's line of the plan: it starts with the year. */
export function formatPlanLine(p: {
  season: number;
  finalByType: Record<string, number>;
  loaded: number;
  notFinal: number;
  estimate: SeasonEstimate;
  maxRps: number;
}): string {
  const finals = Object.values(p.finalByType).reduce((a, b) => a + b, 0);
  const e = p.estimate;
  return [
    `${p.season}:`,
    `games ${finals.toLocaleString('en-US')} (${formatGamesByType(p.finalByType)})${p.notFinal ? ` + ${p.notFinal} not final` : ''},`,
    `loaded ${p.loaded.toLocaleString('en-US')}, to load ${e.toLoad.toLocaleString('en-US')};`,
    `${e.requests.toLocaleString('en-US')} requests,`,
    `${formatDuration(e.seconds)} at ${p.maxRps}/s,`,
    `receive ${formatBytes(e.wireBytes)},`,
    `disk ${formatBytes(e.diskBytes)}`,
  ].join(' ');
}
