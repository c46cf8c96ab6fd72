import { asArray, asObject, pick, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { OfficialStatRow, RejectRow } from '../db/schema/rows.js';

/** What a `/v1/stats` request asked for; the rows are keyed by it (a split does not always repeat game type or sport). */
export interface OfficialStatsRequest {
  season: number;
  sportId: number;
  gameType: string;
  group: string;
  /** The UTC day the body in force was first received. */
  asOfDate: string;
}

/** The paging counters of a `/v1/stats` body (first `stats[]` entry of the requested group). */
export function statsPaging(body: unknown, group: string): { totalSplits: number; splits: number } {
  const block = (asArray(pick(body, 'stats')) ?? [])
    .map(asObject)
    .find((s) => toText(pick(s, 'group', 'displayName')) === group);
  return { totalSplits: toInt(block?.totalSplits) ?? 0, splits: asArray(block?.splits)?.length ?? 0 };
}

/**
 * Rows of a `/v1/stats?stats=season&group=G` body: one per split of the requested group (for
 * fielding, one per player, club and position). A split without a player or club id is rejected,
 * and so is a second split of one player, club (and position) (the first is kept). Fields a group
 * does not have (RBI of a pitcher line, at-bats of a fielding line) are null; the whole `stat`
 * object is kept beside the columns.
 */
export function extractOfficialStats(body: unknown, request: OfficialStatsRequest): Extracted<OfficialStatRow[]> {
  const rows: OfficialStatRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<string>();
  const blocks = (asArray(pick(body, 'stats')) ?? []).map(asObject);
  blocks.forEach((block, b) => {
    if (toText(pick(block, 'group', 'displayName')) !== request.group) return;
    (asArray(block?.splits) ?? []).forEach((raw, i) => {
      const split = asObject(raw);
      const where = `stats[${b}].splits[${i}]`;
      const personId = toInt(pick(split, 'player', 'id'));
      const teamId = toInt(pick(split, 'team', 'id'));
      if (!split || personId === null || personId <= 0 || teamId === null || teamId <= 0) {
        rejects.push(reject(null, 'official_stats', where, 'split without a player and club id', raw ?? null));
        return;
      }
      const fielding = request.group === 'fielding';
      const position = fielding ? (toText(pick(split, 'position', 'abbreviation')) ?? '') : '';
      const key = `${personId}:${teamId}:${position}`;
      if (seen.has(key)) {
        rejects.push(
          reject(
            null,
            'official_stats',
            where,
            `player ${personId} of club ${teamId}${position ? ` at ${position}` : ''} listed twice; the first split is kept`,
            raw,
          ),
        );
        return;
      }
      seen.add(key);
      const stat = asObject(split.stat) ?? {};
      const pitching = request.group === 'pitching';
      const count = (field: string) => toInt(stat[field]);
      const onlyPitching = (field: string) => (pitching ? count(field) : null);
      const onlyFielding = (field: string) => (fielding ? count(field) : null);
      const notFielding = (field: string) => (fielding ? null : count(field));
      rows.push({
        season: request.season,
        sport_id: request.sportId,
        game_type: request.gameType,
        stat_group: request.group,
        person_id: personId,
        team_id: teamId,
        position,
        full_name: toText(pick(split, 'player', 'fullName')),
        num_teams: toInt(split.numTeams),
        games_played: count('gamesPlayed'),
        plate_appearances: notFielding('plateAppearances'),
        at_bats: notFielding('atBats'),
        runs: notFielding('runs'),
        hits: notFielding('hits'),
        doubles: notFielding('doubles'),
        triples: notFielding('triples'),
        home_runs: notFielding('homeRuns'),
        rbi: pitching || fielding ? null : count('rbi'),
        base_on_balls: notFielding('baseOnBalls'),
        intentional_walks: notFielding('intentionalWalks'),
        hit_by_pitch: notFielding('hitByPitch'),
        strike_outs: notFielding('strikeOuts'),
        stolen_bases: notFielding('stolenBases'),
        caught_stealing: notFielding('caughtStealing'),
        sac_flies: notFielding('sacFlies'),
        games_started: pitching || fielding ? count('gamesStarted') : null,
        wins: onlyPitching('wins'),
        losses: onlyPitching('losses'),
        saves: onlyPitching('saves'),
        outs: onlyPitching('outs'),
        earned_runs: onlyPitching('earnedRuns'),
        batters_faced: onlyPitching('battersFaced'),
        put_outs: onlyFielding('putOuts'),
        assists: onlyFielding('assists'),
        errors: onlyFielding('errors'),
        chances: onlyFielding('chances'),
        stat,
        as_of_date: request.asOfDate,
      });
    });
  });
  return { rows, rejects };
}
