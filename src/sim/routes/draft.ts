/** GET /api/v1/draft/{year}: the picks of a served season's June draft made by the clock. */

import { planDraft, type SimDraftPick } from '../draft.js';
import { renderPerson } from '../render/person.js';
import { COPYRIGHT, teamRefWithSpring } from '../render/common.js';
import { isoMillis } from '../time.js';
import type { World } from '../world.js';
import { badRequest, type RouteResult } from './result.js';

const plans = new WeakMap<World, Map<number, SimDraftPick[]>>();

function picksOf(world: World, year: number): SimDraftPick[] {
  let byYear = plans.get(world);
  if (!byYear) {
    byYear = new Map();
    plans.set(world, byYear);
  }
  let picks = byYear.get(year);
  if (!picks) {
    const core = world.coreFor(year, 1);
    picks = core ? planDraft(core.seed, year, core.league.teams) : [];
    byYear.set(year, picks);
  }
  return picks;
}

export function draftRoute(world: World, yearText: string, params: URLSearchParams): RouteResult {
  const core = world.primary;
  const now = core.state.nowMs;
  if (!/^\d{4}$/.test(yearText)) return badRequest(`Invalid year: ${yearText}`, now);
  const year = Number(yearText);
  const seasonCore = world.coreFor(year, 1);
  const round = params.get('round');
  const teamId = params.get('teamId');
  const made = picksOf(world, year).filter(
    (p) =>
      p.madeAtMs <= now &&
      (round === null || p.pickRound === round) &&
      (teamId === null || String(p.teamId) === teamId),
  );
  const rounds: Array<{ round: string; picks: unknown[] }> = [];
  const day = isoMillis(now).slice(0, 10);
  for (const p of made) {
    let r = rounds.at(-1);
    if (r?.round !== p.pickRound) {
      r = { round: p.pickRound, picks: [] };
      rounds.push(r);
    }
    const team = seasonCore!.league.teamById.get(p.teamId)!;
    r.picks.push({
      bisPlayerId: p.bisPlayerId,
      pickRound: p.pickRound,
      pickNumber: p.pickNumber,
      displayPickNumber: p.pickNumber,
      roundPickNumber: p.roundPickNumber,
      ...(p.rank !== undefined ? { rank: p.rank } : {}),
      ...(p.pickValue !== undefined ? { pickValue: String(p.pickValue) } : {}),
      ...(p.signedAtMs !== undefined && p.signedAtMs <= now ? { signingBonus: String(p.signingBonus) } : {}),
      home: p.home,
      ...(p.rank !== undefined
        ? { scoutingReport: `https://www.mlb.com/video/${year}-draft-${p.person.id}?t=mlb-draft` }
        : {}),
      school: p.school,
      ...(p.rank !== undefined
        ? { blurb: `${p.person.firstName} ${p.person.lastName} was ranked No. ${p.rank} before the ${year} Draft.` }
        : {}),
      headshotLink: `https://img.mlbstatic.com/mlb-photos/image/upload/d_people:generic:headshot:silo:current.png/w_120,q_auto:best/v1/people/${p.person.id}/headshot/draft/current`,
      person: {
        ...renderPerson(seasonCore!.league, p.person, day, { withTeam: false }),
        ...(p.mlbDebutDate && p.mlbDebutDate <= day ? { mlbDebutDate: p.mlbDebutDate } : {}),
      },
      team: teamRefWithSpring(team),
      draftType: { code: 'JR', description: 'Rule 4 / June Amateur Draft' },
      isDrafted: true,
      isPass: false,
      year: String(year),
    });
  }
  return { status: 200, body: { copyright: COPYRIGHT, drafts: { draftYear: year, rounds } } };
}
