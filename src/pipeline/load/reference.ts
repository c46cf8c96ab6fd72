import type { Executor } from '../../db/client.js';
import { noticeBody } from '../new-fields.js';
import { transactionWithRetry } from '../../db/retry-transaction.js';
import { REFERENCE_LISTS, referenceCodes, teamSeasons, teams } from '../../db/schema/index.js';
import { ApiUnreachableError, describeError } from '../../errors.js';
import { bodySha256, extractReferenceList, extractTeamSeasons, extractTeams } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';
import { upsertTeamAndVenueRefs } from '../../db/queries/games.js';
import { storeResponse } from '../../db/queries/raw-bodies.js';
import {
  missingReference,
  seasonsWithoutTeams,
  upsertReferenceCodes,
  upsertTeamSeasons,
  upsertTeams,
} from '../../db/queries/reference.js';
import { storeRejects } from '../../db/queries/rejects.js';
import { checkRefs, checkRows } from './checked-rows.js';
import type { RejectRow } from '../../db/schema/rows.js';

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

/** What applying a body wrote: its rows, and the rejects of its bad records and values (not stored). */
export interface Applied {
  rows: number;
  rejects: RejectRow[];
}

/**
 * Upsert the teams of a /v1/teams body and the venues they name; returns the number of teams and
 * the rejects. A team's mlb.teams row is the club as of the latest season loaded (an older
 * season's body never replaces a newer one, whatever the order bodies arrive in); with `season`,
 * the body's clubs are also that season's mlb.team_seasons. Every row is checked against its table
 * first.
 */
export async function applyTeamsBody(tx: Executor, body: unknown, runId: number, season?: number): Promise<Applied> {
  const extracted = extractTeams(body);
  const checked = checkRows(teams, extracted.rows.teams);
  const venues = checkRefs({ venues: extracted.rows.venues });
  const rejects = [...extracted.rejects, ...checked.rejects, ...venues.rejects];
  await upsertTeams(tx, checked.rows, runId);
  if (season !== undefined) {
    const seasons = extractTeamSeasons(body, season);
    const checkedSeasons = checkRows(teamSeasons, seasons.rows);
    rejects.push(...seasons.rejects, ...checkedSeasons.rejects);
    await upsertTeamSeasons(tx, checkedSeasons.rows, runId);
  }
  await upsertTeamAndVenueRefs(tx, venues.rows, runId);
  return { rows: checked.rows.length, rejects };
}

/** Upsert one configuration list into mlb.reference_codes, checked against its columns; returns the codes and rejects. */
export async function applyReferenceList(tx: Executor, list: string, body: unknown, runId: number): Promise<Applied> {
  const checked = checkRows(referenceCodes, extractReferenceList(list, body));
  await upsertReferenceCodes(tx, checked.rows, runId);
  return { rows: checked.rows.length, rejects: checked.rejects };
}

/**
 * Fetch `/v1/teams?season=Y&sportId=S` for every season and sport of a stored game that has no
 * team season yet (once per season and sport, not per game), so standings and season views name
 * each club as it was. Returns the number of (season, sport) pairs fetched.
 */
export async function ensureTeamSeasons(ctx: PipelineContext): Promise<number> {
  const missing = await seasonsWithoutTeams(ctx.db);
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
  apply: (tx: Executor, body: unknown) => Promise<Applied>,
): Promise<void> {
  if (ctx.signal.aborted) return;
  try {
    const res = await ctx.client.callByName(operation, params, { signal: ctx.signal });
    ctx.counts.requests++;
    const applied = await transactionWithRetry(
      ctx.db,
      async (tx) => {
        await storeResponse(tx, operation, params, res.text, bodySha256('other', res.body), ctx.runId);
        const done = await apply(tx, res.body);
        await storeRejects(tx, done.rejects, ctx.runId);
        return done;
      },
      { log: ctx.log, label: operation },
    );
    if (operation === 'teams') await noticeBody(ctx, 'teams', res.body, operation, params);
    ctx.counts.rejected += applied.rejects.length;
    ctx.counts.listsLoaded++;
    ctx.log.debug({ operation, rows: applied.rows, rejects: applied.rejects.length }, 'reference refreshed');
  } catch (err) {
    // No network at all: the run stops with one line instead of failing every list in turn.
    if (err instanceof ApiUnreachableError) throw err;
    ctx.counts.failed++;
    ctx.log.warn({ operation, err: describeError(err) }, 'reference refresh failed');
  }
}

/**
 * Load whatever reference data is missing: teams of a configured sport that has none, and every
 * configuration list without a row (so a list that failed once, or a run killed mid-way, is
 * fetched again by the next run; what is present costs no request).
 */
export async function ensureReference(ctx: PipelineContext, season: number, sportIds: number[]): Promise<void> {
  const missing = await missingReference(ctx.db, sportIds);
  if (missing.sportIds.length === 0 && missing.lists.length === 0) return;
  await refreshReference(ctx, { season, sportIds: missing.sportIds, lists: missing.lists });
}
