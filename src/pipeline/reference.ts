import { queryRows, sql } from '../db/client.js';
import { type Executor, upsertRows } from '../db/rows.js';
import { referenceCodes, teamSeasons, teams } from '../db/schema/index.js';
import { describeError } from '../errors.js';
import { bodySha256, extractReferenceList, extractTeamSeasons, extractTeams } from '../extract/index.js';
import type { PipelineContext } from './context.js';
import { upsertTeamAndVenueRefs } from './games-store.js';
import { storeResponse } from './raw-store.js';

/** Configuration lists kept in mlb.reference_codes (operation names of the interface). */
export const REFERENCE_LISTS = [
  'gameTypes',
  'gameStatus',
  'positions',
  'statGroups',
  'statTypes',
  'eventTypes',
  'pitchTypes',
  'pitchCodes',
  'rosterTypes',
  'jobTypes',
  'hitTrajectories',
  'standingsTypes',
  'windDirection',
  'sky',
  'reviewReasons',
  'leagueLeaderTypes',
  'baseballStats',
] as const;

/**
 * Refresh teams (with their venues) for each sport and season, and the configuration lists. Each
 * response is stored in raw.responses and extracted in its own transaction; a failing list is
 * logged and counted, the others still load.
 */
export async function refreshReference(
  ctx: PipelineContext,
  opts: { season: number; sportIds: number[]; lists?: readonly string[] },
): Promise<void> {
  for (const sportId of opts.sportIds) {
    const params = { sportId, season: String(opts.season) };
    await refreshOne(ctx, 'teams', params, (tx, body) => applyTeamsBody(tx, body, ctx.runId, opts.season));
  }
  for (const list of opts.lists ?? REFERENCE_LISTS) {
    await refreshOne(ctx, list, {}, (tx, body) => applyReferenceList(tx, list, body, ctx.runId));
  }
}

/**
 * Upsert the teams of a /v1/teams body and the venues they name; returns the number of teams. A
 * team's mlb.teams row is the club as of the latest season loaded (an older season's body never
 * replaces a newer one, whatever the order bodies arrive in); with `season`, the body's clubs are
 * also that season's mlb.team_seasons.
 */
export async function applyTeamsBody(tx: Executor, body: unknown, runId: number, season?: number): Promise<number> {
  const extracted = extractTeams(body);
  await upsertRows(tx, teams, extracted.rows.teams as never[], { extra: { run_id: runId }, touch: 'updated_at', newerBy: 'season' });
  if (season !== undefined) {
    const seasons = extractTeamSeasons(body, season);
    await upsertRows(tx, teamSeasons, seasons.rows as never[], { extra: { run_id: runId }, touch: 'updated_at' });
  }
  await upsertTeamAndVenueRefs(tx, { venues: extracted.rows.venues as unknown as Array<Record<string, unknown>> }, runId);
  return extracted.rows.teams.length;
}

/** Upsert one configuration list into mlb.reference_codes; returns the number of codes. */
export async function applyReferenceList(tx: Executor, list: string, body: unknown, runId: number): Promise<number> {
  const rows = extractReferenceList(list, body);
  await upsertRows(tx, referenceCodes, rows as never[], { extra: { run_id: runId }, touch: 'updated_at' });
  return rows.length;
}

/**
 * What of the reference data is missing: the configured sports without teams and the configuration
 * lists without a row (never loaded, or failed last time).
 */
export async function missingReference(db: Executor, sportIds: readonly number[]): Promise<{ sportIds: number[]; lists: string[] }> {
  const sports = await queryRows<{ id: number }>(
    db,
    sql`select s as id from unnest(${`{${sportIds.join(',')}}`}::int[]) s
        where not exists (select 1 from mlb.teams t where t.sport_id = s) order by s`,
  );
  const lists = await queryRows<{ list: string }>(
    db,
    sql`select l as list from unnest(${`{${REFERENCE_LISTS.join(',')}}`}::text[]) with ordinality as x(l, i)
        where not exists (select 1 from mlb.reference_codes r where r.list = l) order by i`,
  );
  return { sportIds: sports.map((r) => Number(r.id)), lists: lists.map((r) => r.list) };
}

/**
 * Fetch `/v1/teams?season=Y&sportId=S` for every season and sport of a stored game that has no
 * team season yet (once per season and sport, not per game), so standings and season views name
 * each club as it was. Returns the number of (season, sport) pairs fetched.
 */
export async function ensureTeamSeasons(ctx: PipelineContext): Promise<number> {
  const missing = await queryRows<{ season: number; sportId: number }>(
    ctx.db,
    sql`select distinct g.season, g.sport_id as "sportId" from mlb.games g
        where not exists (select 1 from mlb.team_seasons ts where ts.season = g.season and ts.sport_id = g.sport_id)
        order by 1, 2`,
  );
  for (const { season, sportId } of missing) {
    const params = { sportId: Number(sportId), season: String(season) };
    await refreshOne(ctx, 'teams', params, (tx, body) => applyTeamsBody(tx, body, ctx.runId, Number(season)));
  }
  return missing.length;
}

async function refreshOne(
  ctx: PipelineContext,
  operation: string,
  params: Record<string, unknown>,
  apply: (tx: Executor, body: unknown) => Promise<number>,
): Promise<void> {
  if (ctx.signal.aborted) return;
  try {
    const res = await ctx.client.call(operation as never, params as never, { signal: ctx.signal });
    ctx.counts.requests++;
    const rows = await ctx.db.transaction(async (tx) => {
      await storeResponse(tx, operation, params, res.text, bodySha256('other', res.body), ctx.runId);
      return apply(tx, res.body);
    });
    ctx.log.debug({ operation, rows }, 'reference refreshed');
  } catch (err) {
    ctx.counts.failed++;
    ctx.log.warn({ operation, err: describeError(err) }, 'reference refresh failed');
  }
}
