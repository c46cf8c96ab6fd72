import type { Executor } from '../../db/client.js';
import { recordNewPaths, requestKey } from '../new-fields.js';
import { newFieldRows } from '../../extract/new-paths.js';
import { paramsKey } from '../../db/queries/raw-bodies.js';
import { storeRejects } from '../../db/queries/rejects.js';
import {
  activeTeamIds,
  awardCandidates,
  deleteAwardCatalogue,
  deleteDraftPicks,
  deleteLeagueStaff,
  deleteOfficialStats,
  deletePersonAwards,
  deletePostseasonSeries,
  deleteRosterRows,
  deleteSeasonGames,
  deleteSeasons,
  deleteTeamCoaches,
  deleteVenueFieldInfo,
  insertSnapshotRows,
  loadedSeasonsWithoutSnapshot,
  readSnapshotBody,
  snapshotVersionsInForce,
  storeSnapshotBody,
} from '../../db/queries/snapshots.js';
import { transactionWithRetry } from '../../db/retry-transaction.js';
import {
  awards,
  draftPicks,
  leagueStaff,
  officialStats,
  personAwards,
  postseasonSeries,
  rosterEntries,
  seasonGames,
  seasons,
  teamCoaches,
  venueFieldInfo,
} from '../../db/schema/index.js';
import { ApiUnreachableError, describeError } from '../../errors.js';
import { extractAwardCatalogue, extractPersonAwards } from '../../extract/awards.js';
import { bodySha256 } from '../../extract/hash.js';
import { extractOfficialStats, statsPaging } from '../../extract/official-stats.js';
import { extractRoster } from '../../extract/roster.js';
import { extractSeasonGames } from '../../extract/schedule.js';
import { extractCoaches, extractPostseasonSeries, extractSeasons } from '../../extract/season-tables.js';
import { extractStaff } from '../../extract/staff.js';
import { extractDraftPicks } from '../../extract/draft.js';
import { extractVenueFieldInfo } from '../../extract/teams.js';
import type { Extracted } from '../../extract/types.js';
import type { PipelineContext } from '../context.js';
import { checkRows } from './checked-rows.js';
import { ensureReference } from './reference.js';

/** What a snapshot run is asked for. */
export interface SnapshotArgs {
  /** Day the snapshot describes (rosters); default today (dugout's clock, UTC). */
  date?: string;
  season?: number;
  /** Splits per request of a paged snapshot (stats); its default is the snapshot job's. */
  pageSize: number;
  /** People whose awards one run fetches at most (awards); its default is the snapshot job's. */
  maxPeople: number;
}

/** One request of a snapshot and how its body becomes rows (replacing that request's earlier rows). */
export interface SnapshotRequest {
  operation: string;
  params: Record<string, unknown>;
  /**
   * The rows of a body. `asOfDate` is the UTC day the body in force was first received (the newest
   * page's, for a paged request): a rebuild from `raw.snapshots` gives the same rows.
   */
  extract(body: unknown, asOfDate: string): Extracted<object[]>;
  /** Delete the rows an earlier body of this same request made. */
  clear(tx: Executor): Promise<void>;
  table:
    | typeof rosterEntries
    | typeof officialStats
    | typeof seasonGames
    | typeof leagueStaff
    | typeof awards
    | typeof personAwards
    | typeof seasons
    | typeof teamCoaches
    | typeof postseasonSeries
    | typeof draftPicks
    | typeof venueFieldInfo;
  /**
   * A paged request: fetched with `limit`/`offset` until the body's total is reached, every page
   * kept in `raw.snapshots`, and the rows of all pages replace the earlier rows together.
   */
  paged?: {
    pageSize: number;
    /** The body's total and how many items this page holds. */
    paging(body: unknown): { totalSplits: number; splits: number };
    /** The key that must not repeat across pages (a repeat means the order shifted while paging). */
    keyOf(row: object): string;
  };
}

/** A snapshot, declared as data: its requests for a date/season and the sports configured. */
export interface SnapshotDefinition {
  name: string;
  description: string;
  requests(ctx: PipelineContext, args: Required<Pick<SnapshotArgs, 'date'>> & SnapshotArgs): Promise<SnapshotRequest[]>;
}

export const ROSTER_TYPES = ['40Man', 'active'] as const;
export const STAT_GROUPS = ['hitting', 'pitching', 'fielding'] as const;
export const STAFF_LISTINGS = ['umpires', 'officialScorers'] as const;
/** A body whose total never ends the paging stops here (500 splits × 40 pages = 20,000 players). */
const MAX_PAGES = 40;

function rosterRequest(teamId: number, rosterType: string, date: string): SnapshotRequest {
  return {
    operation: 'team.roster',
    params: { teamId, rosterType, date },
    table: rosterEntries,
    extract: (body) => extractRoster(body, { teamId, rosterType, date }),
    clear: (tx) => deleteRosterRows(tx, teamId, rosterType, date),
  };
}

function statsRequest(season: number, sportId: number, group: string, pageSize: number): SnapshotRequest {
  const gameType = 'R';
  return {
    operation: 'stats.stats',
    params: { stats: 'season', group, season: String(season), sportId, gameType, playerPool: 'ALL' },
    table: officialStats,
    paged: {
      pageSize,
      paging: (body) => statsPaging(body, group),
      keyOf: (row) => {
        const r = row as { person_id: number; team_id: number; position: string };
        return `${r.person_id}:${r.team_id}:${r.position}`;
      },
    },
    extract: (body, asOfDate) => extractOfficialStats(body, { season, sportId, gameType, group, asOfDate }),
    clear: (tx) => deleteOfficialStats(tx, { season, sportId, gameType, group }),
  };
}

/**
 * The season's regular-season schedule, counted (mlb.season_games): the official-statistics checks
 * compare a season only when the warehouse holds every game it lists.
 */
function seasonGamesRequest(season: number, sportId: number): SnapshotRequest {
  const gameType = 'R';
  return {
    operation: 'schedule',
    params: { sportId, season: String(season), gameType },
    table: seasonGames,
    extract: (body, asOfDate) => extractSeasonGames(body, { season, sportId, gameType, asOfDate }),
    clear: (tx) => deleteSeasonGames(tx, { season, sportId, gameType }),
  };
}

function staffRequest(listing: string, sportId: number): SnapshotRequest {
  return {
    operation: `job.${listing}`,
    params: { sportId },
    table: leagueStaff,
    extract: (body, asOfDate) => extractStaff(body, { listing, sportId, asOfDate }),
    clear: (tx) => deleteLeagueStaff(tx, listing, sportId),
  };
}

function awardCatalogueRequest(): SnapshotRequest {
  return {
    operation: 'config.awards',
    params: {},
    table: awards,
    extract: (body, asOfDate) => extractAwardCatalogue(body, { asOfDate }),
    clear: deleteAwardCatalogue,
  };
}

function personAwardsRequest(personId: number): SnapshotRequest {
  return {
    operation: 'person.award',
    params: { personId },
    table: personAwards,
    extract: (body, asOfDate) => extractPersonAwards(body, { personId, asOfDate }),
    clear: (tx) => deletePersonAwards(tx, personId),
  };
}

/**
 * The seasons of a sport with their dates by game type (`/v1/seasons`, one request for a list of
 * seasons): the backfill planner reads a season's dates from them.
 */
export function seasonsRequest(seasonList: readonly number[], sportId: number): SnapshotRequest {
  const list = [...new Set(seasonList)].sort((a, b) => a - b);
  return {
    operation: 'seasons',
    params: { season: list.map(String), sportId, withGameTypeDates: true },
    table: seasons,
    extract: (body, asOfDate) => extractSeasons(body, { sportId, asOfDate }),
    clear: (tx) => deleteSeasons(tx, sportId, list),
  };
}

/** A club's managers and coaches in a season. */
function coachesRequest(teamId: number, season: number): SnapshotRequest {
  return {
    operation: 'team.coaches',
    params: { teamId, season: String(season) },
    table: teamCoaches,
    extract: (body, asOfDate) => extractCoaches(body, { teamId, season, asOfDate }),
    clear: (tx) => deleteTeamCoaches(tx, teamId, season),
  };
}

/** The postseason's series of a season and sport. */
function postseasonRequest(season: number, sportId: number): SnapshotRequest {
  return {
    operation: 'schedule.postseasonScheduleSeries',
    params: { season: String(season), sportId },
    table: postseasonSeries,
    extract: (body, asOfDate) => extractPostseasonSeries(body, { season, sportId, asOfDate }),
    clear: (tx) => deletePostseasonSeries(tx, season, sportId),
  };
}

/** A year's Rule 4 draft, every pick (`/v1/draft/{year}`; one request). */
function draftRequest(year: number): SnapshotRequest {
  return {
    operation: 'season.draft',
    params: { yearId: year },
    table: draftPicks,
    extract: (body, asOfDate) => extractDraftPicks(body, { year, asOfDate }),
    clear: (tx) => deleteDraftPicks(tx, year),
  };
}

/** What `/v1/venues` is asked to hydrate: the field (capacity, turf, roof, fence distances). */
export const VENUE_HYDRATE = ['fieldInfo'] as const;

/** The venues of the configured sports in a season with their field (`/v1/venues`; one request). */
function venuesRequest(season: number, sportIds: readonly number[]): SnapshotRequest {
  return {
    operation: 'team.venues',
    params: { sportIds: [...sportIds], season: String(season), hydrate: [...VENUE_HYDRATE] },
    table: venueFieldInfo,
    extract: (body, asOfDate) => extractVenueFieldInfo(body, { season, asOfDate }),
    clear: (tx) => deleteVenueFieldInfo(tx, season),
  };
}

/** The season asked for, then every season of stored games never fetched by this operation. */
async function seasonAndLoaded(ctx: PipelineContext, season: number, operation: string, param: string) {
  const loaded = await loadedSeasonsWithoutSnapshot(ctx.db, operation, param);
  return [season, ...loaded.filter((s) => s !== season)];
}

/** The request a stored body answered, rebuilt from its operation and parameters (for `dugout rebuild`). */
export function storedRequest(operation: string, paramsKey: string): SnapshotRequest | undefined {
  const p = new URLSearchParams(paramsKey);
  const int = (k: string) => (/^\d+$/.test(p.get(k) ?? '') ? Number(p.get(k)) : undefined);
  if (operation === 'team.roster') {
    const teamId = int('teamId');
    const rosterType = p.get('rosterType');
    const date = p.get('date');
    return teamId !== undefined && rosterType && date ? rosterRequest(teamId, rosterType, date) : undefined;
  }
  if (operation === 'stats.stats') {
    const season = int('season');
    const sportId = int('sportId');
    const group = p.get('group');
    // Every stats page is stored with the limit it was fetched with (stats were paged from the start).
    const limit = int('limit');
    return season !== undefined && sportId !== undefined && group && limit !== undefined
      ? statsRequest(season, sportId, group, limit)
      : undefined;
  }
  if (operation === 'schedule') {
    const season = int('season');
    const sportId = int('sportId');
    return season !== undefined && sportId !== undefined && p.get('gameType') === 'R'
      ? seasonGamesRequest(season, sportId)
      : undefined;
  }
  if (operation === 'seasons') {
    const sportId = int('sportId');
    const list = (p.get('season') ?? '')
      .split(',')
      .filter((v) => /^\d+$/.test(v))
      .map(Number);
    return sportId !== undefined && list.length > 0 ? seasonsRequest(list, sportId) : undefined;
  }
  if (operation === 'team.coaches') {
    const teamId = int('teamId');
    const season = int('season');
    return teamId !== undefined && season !== undefined ? coachesRequest(teamId, season) : undefined;
  }
  if (operation === 'schedule.postseasonScheduleSeries') {
    const season = int('season');
    const sportId = int('sportId');
    return season !== undefined && sportId !== undefined ? postseasonRequest(season, sportId) : undefined;
  }
  if (operation === 'config.awards') return awardCatalogueRequest();
  if (operation === 'season.draft') {
    const year = int('yearId');
    return year !== undefined ? draftRequest(year) : undefined;
  }
  if (operation === 'team.venues') {
    const season = int('season');
    const sportIds = (p.get('sportIds') ?? '')
      .split(',')
      .filter((v) => /^\d+$/.test(v))
      .map(Number);
    return season !== undefined ? venuesRequest(season, sportIds) : undefined;
  }
  if (operation === 'person.award') {
    const personId = int('personId');
    return personId !== undefined ? personAwardsRequest(personId) : undefined;
  }
  const listing = STAFF_LISTINGS.find((l) => operation === `job.${l}`);
  const sportId = int('sportId');
  return listing && sportId !== undefined ? staffRequest(listing, sportId) : undefined;
}

/** The season a snapshot run is for: the one asked, else the year of its date. */
function seasonOf(args: SnapshotArgs & { date: string }): number {
  return args.season ?? Number(args.date.slice(0, 4));
}

/** The snapshot catalogue. */
export const SNAPSHOTS: readonly SnapshotDefinition[] = [
  {
    name: 'roster',
    description: '40-man and active roster of every club of the configured sports on a date (2 requests per club)',
    async requests(ctx, args) {
      const season = seasonOf(args);
      await ensureReference(ctx, season, ctx.config.sportIds);
      const teams = await activeTeamIds(ctx.db, ctx.config.sportIds);
      return teams.flatMap((teamId) => ROSTER_TYPES.map((rosterType) => rosterRequest(teamId, rosterType, args.date)));
    },
  },
  {
    name: 'stats',
    description:
      "the league's regular-season hitting, pitching and fielding statistics of every player of the configured sports (paged), and how many games the season's schedule lists",
    async requests(ctx, args) {
      const season = seasonOf(args);
      return ctx.config.sportIds.flatMap((sportId) => [
        ...STAT_GROUPS.map((group) => statsRequest(season, sportId, group, args.pageSize)),
        seasonGamesRequest(season, sportId),
      ]);
    },
  },
  {
    name: 'staff',
    description: 'the umpires and official scorers of each configured sport (`jobs` operations; 2 requests per sport)',
    async requests(ctx) {
      return ctx.config.sportIds.flatMap((sportId) => STAFF_LISTINGS.map((listing) => staffRequest(listing, sportId)));
    },
  },
  {
    name: 'awards',
    description:
      "the award catalogue and the awards of the season's players (1 request, plus 1 per person, at most --max-people per run)",
    async requests(ctx, args) {
      const season = seasonOf(args);
      const people = await awardCandidates(ctx.db, season, args.maxPeople);
      return [awardCatalogueRequest(), ...people.map(personAwardsRequest)];
    },
  },
  {
    name: 'seasons',
    description: "the season's dates by game type for each configured sport (`/v1/seasons`; 1 request per sport)",
    async requests(ctx, args) {
      const season = seasonOf(args);
      return ctx.config.sportIds.map((sportId) => seasonsRequest([season], sportId));
    },
  },
  {
    name: 'coaches',
    description: 'the managers and coaches of every club of the configured sports in the season (1 request per club)',
    async requests(ctx, args) {
      const season = seasonOf(args);
      await ensureReference(ctx, season, ctx.config.sportIds);
      const teams = await activeTeamIds(ctx.db, ctx.config.sportIds);
      return teams.map((teamId) => coachesRequest(teamId, season));
    },
  },
  {
    name: 'postseason',
    description: "the season's postseason series, rounds and winners for each configured sport (1 request per sport)",
    async requests(ctx, args) {
      const season = seasonOf(args);
      return ctx.config.sportIds.map((sportId) => postseasonRequest(season, sportId));
    },
  },
  {
    name: 'draft',
    description:
      "the season's Rule 4 draft, every pick with its club, player, school and signing bonus, and the draft of every season of the stored games not fetched yet (1 request per year)",
    async requests(ctx, args) {
      const years = await seasonAndLoaded(ctx, seasonOf(args), 'season.draft', 'yearId');
      return years.map(draftRequest);
    },
  },
  {
    name: 'venues',
    description:
      "the configured sports' venues with their field (capacity, turf, roof, fence distances) in the season, and in every season of the stored games not fetched yet (1 request per season)",
    async requests(ctx, args) {
      const seasons = await seasonAndLoaded(ctx, seasonOf(args), 'team.venues', 'season');
      return seasons.map((season) => venuesRequest(season, ctx.config.sportIds));
    },
  },
];

interface Page {
  params: Record<string, unknown>;
  body: unknown;
  text: string;
  /** The body's total (paged requests). */
  total?: number;
}

/** Fetches a request, every page of it when it is paged. */
async function fetchPages(ctx: PipelineContext, req: SnapshotRequest): Promise<Page[]> {
  const pages: Page[] = [];
  for (let offset = 0; ; ) {
    const params = req.paged ? { ...req.params, limit: req.paged.pageSize, offset } : req.params;
    ctx.counts.requested++;
    const res = await ctx.client.callByName(req.operation, params, { signal: ctx.signal });
    ctx.counts.requests++;
    ctx.counts.fetched++;
    if (!req.paged) return [{ params, body: res.body, text: res.text }];
    const { totalSplits, splits } = req.paged.paging(res.body);
    pages.push({ params, body: res.body, text: res.text, total: totalSplits });
    offset += req.paged.pageSize;
    if (splits === 0 || offset >= totalSplits) return pages;
    if (pages.length >= MAX_PAGES)
      throw new Error(`${req.operation}: more than ${MAX_PAGES} pages of ${req.paged.pageSize}; not stored`);
  }
}

/**
 * The rows of every page. A key seen on two pages, or fewer items than the total, means the
 * order moved while the pages were fetched: nothing is stored and the next run fetches again.
 */
function extractPages(
  req: SnapshotRequest,
  pages: ReadonlyArray<Pick<Page, 'body' | 'total'>>,
  asOfDate: string,
): Extracted<object[]> {
  const out: Extracted<object[]> = { rows: [], rejects: [] };
  const seen = new Set<string>();
  for (const page of pages) {
    const { rows, rejects } = req.extract(page.body, asOfDate);
    for (const row of rows) {
      if (req.paged) {
        const key = req.paged.keyOf(row);
        if (seen.has(key))
          throw new Error(`${req.operation}: ${key} is on two pages (the order moved while paging); not stored`);
        seen.add(key);
      }
      out.rows.push(row);
    }
    out.rejects.push(...rejects);
  }
  const total = pages.at(-1)?.total;
  if (req.paged && total !== undefined && out.rows.length + out.rejects.length < total) {
    throw new Error(
      `${req.operation}: ${out.rows.length + out.rejects.length} of ${total} splits after paging (the order moved); not stored`,
    );
  }
  const checked = checkRows(req.table, out.rows);
  return { rows: checked.rows, rejects: [...out.rejects, ...checked.rejects] };
}

/**
 * The body kind of a snapshot request's body, as ingest.new_fields names it: the snapshot's name,
 * or `schedule` for the stats snapshot's schedule; undefined for bodies without a known set of
 * paths (a person's awards).
 */
function snapshotBodyKind(operation: string): string | undefined {
  if (operation === 'team.roster') return 'roster';
  if (operation === 'stats.stats') return 'stats';
  if (operation === 'schedule') return 'schedule';
  if (operation.startsWith('job.')) return 'staff';
  if (operation === 'config.awards') return 'awards';
  return undefined;
}

export function snapshotNames(): string[] {
  return SNAPSHOTS.map((s) => s.name);
}

/**
 * Run one snapshot of the catalogue: every request through the shared client (so the shared rate
 * limit applies), each body stored in `raw.snapshots` — a new row only when its hash is new for
 * that request, else only `last_seen_at` moves — and, when new, its rows replace the request's
 * earlier rows, in one transaction per request.
 */
export async function runSnapshot(
  ctx: PipelineContext,
  name: string,
  args: SnapshotArgs,
): Promise<Record<string, unknown>> {
  const def = SNAPSHOTS.find((s) => s.name === name);
  if (!def) throw new Error(`unknown snapshot ${name}`);
  const date = args.date ?? ctx.now().toISOString().slice(0, 10);
  const requests = await def.requests(ctx, { ...args, date });
  return { snapshot: name, date, ...(await runSnapshotRequests(ctx, name, requests)) };
}

/**
 * Fetch and store some requests of a snapshot (each as {@link runSnapshot} does): the backfill
 * planner stores the seasons it plans this way.
 */
export async function runSnapshotRequests(
  ctx: PipelineContext,
  name: string,
  requests: readonly SnapshotRequest[],
): Promise<{ requests: number; changed: number; unchanged: number; rows: number; failed: number }> {
  let failed = 0;
  let changed = 0;
  let unchanged = 0;
  let rows = 0;
  for (const req of requests) {
    if (ctx.signal.aborted) break;
    try {
      const pages = await fetchPages(ctx, req);
      // Counted once it commits: a deadlock or serialization failure runs the transaction again.
      const outcome = await transactionWithRetry(
        ctx.db,
        async (tx) => {
          let inserted = false;
          let asOfDate = '';
          for (const page of pages) {
            const stored = await storeSnapshotBody(tx, {
              operation: req.operation,
              paramsKey: paramsKey(page.params),
              sha: bodySha256('other', page.body),
              text: page.text,
              runId: ctx.runId,
            });
            if (stored?.inserted) inserted = true;
            if (stored && stored.day > asOfDate) asOfDate = stored.day;
          }
          if (!inserted) return undefined;
          const extracted = extractPages(req, pages, asOfDate);
          await req.clear(tx);
          await insertSnapshotRows(tx, req.table, extracted.rows, ctx.runId);
          if (extracted.rejects.length) await storeRejects(tx, extracted.rejects, ctx.runId);
          return { rows: extracted.rows.length, rejects: extracted.rejects.length };
        },
        { log: ctx.log, label: `snapshot ${name}` },
      );
      const kind = snapshotBodyKind(req.operation);
      if (kind) {
        await recordNewPaths(
          ctx,
          pages.flatMap((p) => newFieldRows(kind, p.body, requestKey(req.operation, p.params))),
        );
      }
      if (!outcome) {
        unchanged++;
        ctx.counts.unchanged++;
      } else {
        ctx.counts.rejected += outcome.rejects;
        rows += outcome.rows;
        changed++;
        ctx.counts.loaded++;
        ctx.counts.snapshotsLoaded++;
      }
    } catch (err) {
      if (err instanceof ApiUnreachableError) throw err;
      ctx.counts.failed++;
      failed++;
      ctx.log.warn(
        { snapshot: name, operation: req.operation, params: req.params, err: describeError(err) },
        'snapshot request failed',
      );
    }
  }
  return { requests: requests.length, changed, unchanged, rows, failed };
}

/**
 * Re-derive the snapshot tables from the bodies in force in `raw.snapshots` (each request's newest
 * version), without a request: one transaction per request (all pages of a paged one together).
 * Rejects are counted, not stored again (the load that received the body stored them).
 */
export async function rebuildSnapshots(ctx: PipelineContext): Promise<number> {
  const versions = await snapshotVersionsInForce(ctx.db);
  const sets = new Map<
    string,
    { req: SnapshotRequest; pages: Array<{ paramsKey: string; sha: string; offset: number }>; day: string }
  >();
  for (const v of versions) {
    const req = storedRequest(v.operation, v.paramsKey);
    if (!req) continue;
    // A request's own parameters leave out `limit` and `offset`: its pages share this key.
    const key = `${req.operation}?${paramsKey(req.params)}`;
    const set = sets.get(key) ?? { req, pages: [], day: '' };
    set.pages.push({
      paramsKey: v.paramsKey,
      sha: v.sha,
      offset: Number(new URLSearchParams(v.paramsKey).get('offset') ?? 0),
    });
    if (v.day > set.day) set.day = v.day;
    sets.set(key, set);
  }
  let rows = 0;
  for (const { req, pages, day } of sets.values()) {
    if (ctx.signal.aborted) break;
    pages.sort((a, b) => a.offset - b.offset);
    const bodies: Array<{ body: unknown; total?: number }> = [];
    for (const page of pages) {
      const stored = await readSnapshotBody(ctx.db, req.operation, page.paramsKey, page.sha);
      const body = JSON.parse(stored!) as unknown;
      bodies.push({ body, total: req.paged?.paging(body).totalSplits });
    }
    try {
      const extracted = extractPages(req, bodies, day);
      await transactionWithRetry(
        ctx.db,
        async (tx) => {
          await req.clear(tx);
          await insertSnapshotRows(tx, req.table, extracted.rows, ctx.runId);
        },
        { log: ctx.log, label: `snapshot rebuild ${req.operation}` },
      );
      rows += extracted.rows.length;
      ctx.counts.rejected += extracted.rejects.length;
    } catch (err) {
      ctx.counts.failed++;
      ctx.log.warn(
        { operation: req.operation, params: req.params, err: describeError(err) },
        'snapshot not rebuilt; its rows are kept',
      );
    }
  }
  return rows;
}
